import { z } from 'zod';
import { emailField, passwordRules } from './accounts.schema';
import { phoneCountryCodes, phoneMessages, phoneProblem } from './phone';

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
  membership: profileMembershipSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /api/profile (the spec's update_user_profile). No user id: the shopper is the session's. The password is
 * optional: empty keeps the current one; a new one needs 8 characters and ends the shopper's other sessions.
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
    password: z
      .string()
      .max(passwordRules.max, `Password must be at most ${passwordRules.max} characters long.`)
      .refine((value) => value === '' || value.length >= passwordRules.min, {
        message: `Password must be at least ${passwordRules.min} characters long.`,
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
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
