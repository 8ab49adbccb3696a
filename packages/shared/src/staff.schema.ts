import { z } from 'zod';
import { emailField, newPasswordField } from './accounts.schema';
import { apiKeyScopes, permissions, staffRoles } from './staff';

/** Staff accounts (issue 21, decision 016). */
export const staffStatuses = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(staffStatuses),
  /** The ADMIN_USERNAME account: its role and access are set by the server's configuration, not here. */
  isConfiguredOwner: z.boolean(),
  /** Whether the account has a second factor on (issue 28): the owner can reset it (lost phone). */
  secondFactor: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });

const staffNameField = z
  .string()
  .trim()
  .min(1, 'Please enter the name.')
  .max(100, 'Please use at most 100 characters.');

/** POST /api/admin/staff: invite by e-mail with a role. */
export const inviteStaffSchema = z.object({
  email: emailField,
  fullName: staffNameField,
  role: z.enum(staffRoles, { error: 'Please choose a role.' }),
});
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

/** PATCH /api/admin/staff/{id}: change the role, disable or enable. */
export const updateStaffSchema = z
  .object({ role: z.enum(staffRoles).optional(), disabled: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, {
    message: 'Nothing to change.',
  });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

export const staffIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST /api/auth/staff-invite: set the password of an invited account with the e-mailed link's token. */
export const acceptInviteSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'This invitation link is incomplete.')
    .max(200, 'This invitation link is incomplete.'),
  password: newPasswordField('Please choose a password.'),
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** POST /api/admin/me/password: a staff member changes their own password. */
export const changeOwnPasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password.').max(1024),
  newPassword: newPasswordField(),
});
export type ChangeOwnPasswordInput = z.infer<typeof changeOwnPasswordSchema>;

// --- API keys ---

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  scopes: z.array(z.enum(apiKeyScopes)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Please name the key.').max(60, 'Please use at most 60 characters.'),
  scopes: z
    .array(z.enum(apiKeyScopes))
    .min(1, 'Please choose at least one permission.')
    .max(apiKeyScopes.length)
    .refine((list) => new Set(list).size === list.length, 'Each permission once.'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const createdApiKeySchema = z.object({
  apiKey: apiKeySchema,
  /** The key itself: shown once, never again. */
  key: z.string(),
});

export const staffPermissionsSchema = z.array(z.enum(permissions));
