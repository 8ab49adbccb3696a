import { z } from 'zod';
import { sessionUserSchema } from './accounts.schema';

/**
 * Staff accounts' second factor (issue 28, decision 027): TOTP (RFC 6238, 30 s, 6 digits, ±1 step, each step used
 * once) with 10 single-use recovery codes.
 */
export const secondFactorRules = {
  periodSeconds: 30,
  digits: 6,
  /** Steps accepted either side of now (clock drift of the phone). */
  windowSteps: 1,
  recoveryCodeCount: 10,
  /** How long the password step waits for the code before the staff member starts again. */
  pendingCodeMs: 5 * 60_000,
  /** How long a staff member made to enrol after the password has to finish enrolment. */
  pendingEnrolMs: 15 * 60_000,
} as const;

export const secondFactorMessages = {
  codeFormat: 'Please enter the 6-digit code from your authenticator app, or a recovery code.',
  totpFormat: 'Please enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right, or it was used already. Please try the newest code.',
  wrongPassword: 'Your current password is not right.',
  alreadyOn: 'Your second factor is already on. Turn it off first to set up a new phone.',
  notStarted: 'Start the set-up again: the secret has expired or was never created.',
  notOn: 'Your account has no second factor.',
  requiredByOwner: 'The shop owner requires a second factor for every staff account: it cannot be turned off.',
  pendingExpired: 'Your sign-in has expired. Please sign in again.',
  enrolFirst: 'The shop requires a second factor. Set it up to continue.',
  enrolled: 'Your second factor is on. Keep the recovery codes somewhere safe.',
  turnedOff: 'Your second factor is off.',
  regenerated: 'New recovery codes made: the old ones no longer work.',
  reset: 'The staff member’s second factor is off. They will set it up again at their next sign-in if it is required.',
  settingsSaved: 'Sign-in security saved.',
  requireNeedsOwnFactor: 'Turn on your own second factor before requiring one for everyone.',
} as const;

/** A code as typed: spaces and dashes removed, lower case ("123 456", "ABCDE-FGHIJ"). */
export function normaliseSecondFactorCode(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

/** A recovery code: 10 characters of a-z and 2-7 (base32), shown as "abcde-fghij". */
export const recoveryCodePattern = /^[a-z2-7]{10}$/;
export const totpCodePattern = /^\d{6}$/;

/** The 6-digit TOTP code only (enrolment, new recovery codes, turning off). */
export const totpCodeField = z
  .string()
  .max(40, secondFactorMessages.totpFormat)
  .transform(normaliseSecondFactorCode)
  .refine((code) => totpCodePattern.test(code), secondFactorMessages.totpFormat);

/** A TOTP code or a recovery code (the sign-in step). */
export const secondFactorCodeField = z
  .string()
  .max(40, secondFactorMessages.codeFormat)
  .transform(normaliseSecondFactorCode)
  .refine((code) => totpCodePattern.test(code) || recoveryCodePattern.test(code), secondFactorMessages.codeFormat);

export const secondFactorSignInSchema = z.object({ code: secondFactorCodeField });
export const totpCodeSchema = z.object({ code: totpCodeField });
export const disableSecondFactorSchema = z.object({
  password: z.string().min(1, 'Please enter your password.').max(1024),
  code: totpCodeField,
});
export type DisableSecondFactorInput = z.input<typeof disableSecondFactorSchema>;

/** The admin sign-in's answer: signed in, or a second step first (`user` is null until it is done). */
export const adminSignInSchema = z.object({
  user: sessionUserSchema.nullable(),
  redirectTo: z.string(),
  /** 'code': type the code; 'enrol': the owner requires a second factor and this account has none yet. */
  secondFactor: z.enum(['code', 'enrol']).nullable(),
});
export type AdminSignIn = z.infer<typeof adminSignInSchema>;

export const pendingSignInSchema = z.object({
  stage: z.enum(['code', 'enrol']),
  email: z.string(),
  expiresAt: z.string(),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

export const secondFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl as an SVG document, drawn by the server (never fetched from elsewhere). */
  qrSvg: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  message: z.string(),
  /** After enrolment at sign-in: the session is now a full one and this is the page to open. */
  redirectTo: z.string().nullable(),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** The owner requires a second factor for every staff account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const staffSecuritySettingsSchema = z.object({ requireStaffSecondFactor: z.boolean() });
export type StaffSecuritySettings = z.infer<typeof staffSecuritySettingsSchema>;
