import { z } from 'zod';
import { emailField, optionalNewPasswordField } from './accounts.schema';
import { phoneCountryCodes, phoneMessages, phoneProblem } from './phone';
import { profileMessages } from './profile';

const text = (max: number) => z.string().trim().max(max, `Please use at most ${max} characters.`);
const required = (message: string, max = 100) => z.string().trim().min(1, message).max(max);

/** The Membership Status card of /profile (checkout-and-admin.md "Profile"). */
export const profileMembershipSchema = z.object({
  isMember: z.boolean(),
  membershipType: z.enum(['basic', 'premium']).nullable(),
  /** 0.1 for Premium; shown as a percentage. */
  discountRate: z.number(),
  /** ISO date the active membership ends. */
  endsAt: z.string().nullable(),
  /** The latest Premium payment: when and its status (pending, completed, failed). */
  lastPaymentAt: z.string().nullable(),
  lastPaymentStatus: z.enum(['pending', 'completed', 'failed']).nullable(),
  /** Renew is offered in the last 30 days of an active membership. */
  canRenew: z.boolean(),
});
export type ProfileMembership = z.infer<typeof profileMembershipSchema>;

/** A delivery address as the profile keeps it. */
export const savedAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET /api/profile (the spec's get_user_full_profile), for the signed-in shopper only. */
export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Country code plus digits, e.g. "+67571234567"; empty when unknown. */
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  /** A new e-mail address waiting to be confirmed from its own inbox; sign-in uses `email` until then. */
  pendingEmail: z.string().nullable(),
  membership: profileMembershipSchema,
  /**
   * Issue 17: while the profile has no address, the delivery address of the shopper's latest paid order, which
   * the profile offers to save with one click (POST /api/profile/address/from-last-order); otherwise null.
   */
  lastOrderAddress: savedAddressSchema.nullable(),
  /** Issue 31: text messages about the shopper's orders (how to pay, payment received, dispatched); on by default. */
  textMessages: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/profile/address/from-last-order: the profile with that address saved. */
export const saveLastOrderAddressResponseSchema = z.object({ message: z.string(), profile: profileSchema });

/**
 * PUT /api/profile (the spec's update_user_profile). No user id: the shopper is the session's. The password is
 * optional: empty keeps the current one; a new one meets the password policy and ends the shopper's other
 * sessions. A new e-mail or password needs the current password; a new e-mail is used only once it has been
 * confirmed from its inbox (issue 16, finding 3).
 */
export const updateProfileSchema = z
  .object({
    firstName: required('Please enter your first name.'),
    lastName: required('Please enter your last name.'),
    email: emailField,
    countryCode: z.enum(phoneCountryCodes, { error: phoneMessages.countryCode }),
    phone: z.string().trim().min(1, phoneMessages.required).max(20, phoneMessages.otherLength),
    address: text(200).default(''),
    city: text(100).default(''),
    state: text(100).default(''),
    postcode: text(20).default(''),
    password: optionalNewPasswordField.optional(),
    /** Needed to change the e-mail or the password (issue 16, finding 3): a session alone is not enough. */
    currentPassword: z.string().max(1024).optional(),
    /** Issue 31: text messages about orders on or off; left out, the setting stays as it is. */
    textMessages: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    // A new e-mail needs it too, but only the server knows the current one (profile.service.ts).
    if (value.password && !value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: profileMessages.currentPasswordMissing });
    }
    if (typeof value.phone !== 'string' || value.phone.trim() === '') return;
    const problem = phoneProblem(value.countryCode, value.phone);
    if (problem && problem !== phoneMessages.countryCode) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

export const updateProfileResponseSchema = z.object({
  message: z.string(),
  profile: profileSchema,
  /** True when a new password was set, so the page can say the other devices were signed out. */
  passwordChanged: z.boolean(),
});

/** POST /api/profile/confirm-email: the token from the link e-mailed to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: z.string().trim().min(1, profileMessages.emailLinkInvalid).max(200, profileMessages.emailLinkInvalid),
});

export const confirmEmailChangeResponseSchema = z.object({
  message: z.string(),
  /** The account's e-mail address from now on. */
  email: z.string(),
});
