import { staffRoleLabels, type StaffRole } from '@bilum/shared';
import { oneTimeLinkEmail, type OneTimeLinkInput } from '../auth/password-reset.emails';
import type { QueuedEmail } from '../mail/mail.service';

export function staffInviteEmail(
  input: OneTimeLinkInput & { role: StaffRole; invitedBy: string; validHours: number },
): QueuedEmail {
  return oneTimeLinkEmail(input, '/staff-invite', 'You are invited to the Bilum shop admin', (link) => [
    `${input.invitedBy} has invited you to the Bilum shop admin as ${staffRoleLabels[input.role]}.`,
    `Open this link to choose your password:\n${link}`,
    `The link works once, for ${input.validHours} hours. Then sign in at ${input.shopUrl}/admin-login with this e-mail address as your username.`,
  ]);
}
