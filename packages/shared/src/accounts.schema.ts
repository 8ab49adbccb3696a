import { z } from 'zod';
import { isCommonPassword } from '#common-passwords';
import { accountMessages, passwordRules, resetCodeLength } from './accounts';
import { phoneCountryCodes, phoneMessages, phoneProblem } from './phone';
import type { MembershipState, SessionState, SessionUser } from './session';
import { permissions, staffRoles } from './staff';

/** Trimmed and lower-cased, so "Kila@Example.PG " and "kila@example.pg" are one account. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address.')
  .max(254, 'Email addresses have at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'));

const passwordMessages = {
  tooShort: `Password must be at least ${passwordRules.min} characters long.`,
  tooLong: `Password must be at most ${passwordRules.max} characters long.`,
  blank: 'Password must have at least one character that is not a space.',
  common: accountMessages.passwordTooCommon,
} as const;

/**
 * What is wrong with a new password, or null (issue 16, finding 11; OWASP ASVS 5.0 6.2): at least 8 characters
 * (decisions.md), not only spaces, and not one of the most common passwords. Long passwords and any characters
 * are allowed. The common-password list is checked on the server only (`#common-passwords`: the browser build
 * gets a stand-in without the list), so a form may first hear about it in the server's answer.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < passwordRules.min) return passwordMessages.tooShort;
  if (!/\S/.test(password)) return passwordMessages.blank;
  if (isCommonPassword(password)) return passwordMessages.common;
  return null;
}

/**
 * The one password policy as a zod field: `passwordProblem` for any non-empty value (the empty one is left to
 * the caller: "missing", or "keep the current one" on the profile).
 */
function passwordPolicy(field: z.ZodString) {
  return (
    field
      .max(passwordRules.max, passwordMessages.tooLong)
      // Not `.min(8)`: an empty password gets one message, and an aborting check would hide other fields' checks.
      .superRefine((value, ctx) => {
        const problem = value === '' ? null : passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
  );
}

/** A new password (registration, reset by code and by link, ADMIN_PASSWORD): required, then the policy. */
export function newPasswordField(missingMessage: string = accountMessages.newPasswordMissing) {
  return passwordPolicy(z.string().min(1, missingMessage));
}

/** The profile's new password: empty keeps the current one; anything else meets the same policy. */
export const optionalNewPasswordField = passwordPolicy(z.string());

/** A password being checked (sign-in): any length up to a bound, so old passwords still work. */
const currentPasswordField = z.string().min(1, 'Please enter your password.').max(1024);

export const codeField = z
  .string()
  .trim()
  .min(1, { message: 'Please enter the code from the email.', abort: true })
  .regex(new RegExp(`^\\d{${resetCodeLength}}$`), `The code is the ${resetCodeLength} digits from the email.`);

export const loginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  /** Where to go afterwards; the server answers with a safe `redirectTo`. */
  returnUrl: z.string().max(2000).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Please enter your full name.').max(100, 'Please use at most 100 characters.'),
    email: emailField,
    countryCode: z.enum(phoneCountryCodes, { error: phoneMessages.countryCode }),
    phone: z.string().trim().min(1, phoneMessages.required).max(20, phoneMessages.otherLength),
    password: newPasswordField('Please choose a password.'),
  })
  // Runs even when other fields have problems (no check above aborts), so every message shows at once.
  .superRefine((value, ctx) => {
    if (typeof value.phone !== 'string' || value.phone.trim() === '') return;
    const problem = phoneProblem(value.countryCode, value.phone);
    if (problem && problem !== phoneMessages.countryCode) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export const verifyCodeSchema = z.object({ email: emailField, code: codeField });
export const resetWithCodeSchema = z.object({ email: emailField, code: codeField, password: newPasswordField() });
export const resetWithTokenSchema = z.object({
  token: z.string().trim().min(1, accountMessages.tokenMissing).max(200, accountMessages.tokenMissing),
  password: newPasswordField(),
});

/** The web's "new password twice" step; only `password` goes to the server. */
export const newPasswordPairSchema = z
  .object({
    password: newPasswordField(),
    confirmPassword: z.string().min(1, 'Please repeat the new password.'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordsDiffer,
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type NewPasswordPair = z.infer<typeof newPasswordPairSchema>;

export const adminLoginSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, 'Please enter the username.').max(254),
  password: currentPasswordField,
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

// Answers

export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(['shopper', 'admin']),
  /** For staff accounts (issue 21): the role and what it may do; the admin pages show only that. */
  staffRole: z.enum(staffRoles).nullable().optional(),
  permissions: z.array(z.enum(permissions)).optional(),
});

export const membershipStateSchema = z.object({
  isMember: z.boolean(),
  discountRate: z.number(),
  membershipType: z.enum(['basic', 'premium']).nullable(),
  endsAt: z.string().nullable(),
});

export const sessionStateSchema = z.object({
  user: sessionUserSchema.nullable(),
  membership: membershipStateSchema,
});

export const signedInSchema = z.object({
  user: sessionUserSchema,
  /** The page to open next: the request's returnUrl when it is a path inside the shop, else /dashboard. */
  redirectTo: z.string(),
});
export type SignedIn = z.infer<typeof signedInSchema>;

export const messageSchema = z.object({ message: z.string() });

// The pure types and the schemas must describe the same data.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const userMatches: Equal<z.infer<typeof sessionUserSchema>, SessionUser> = true;
const membershipMatches: Equal<z.infer<typeof membershipStateSchema>, MembershipState> = true;
const sessionMatches: Equal<z.infer<typeof sessionStateSchema>, SessionState> = true;
void userMatches;
void membershipMatches;
void sessionMatches;
