import { staffRoleLabels, type StaffRole } from '@bilum/shared';
import { email } from '../auth/password-reset.emails';
import type { QueuedEmail } from '../mail/mail.service';

export function staffInviteEmail(input: {
  to: string;
  fullName: string;
  role: StaffRole;
  invitedBy: string;
  shopUrl: string;
  token: string;
  validHours: number;
  expiresAt: Date;
}): QueuedEmail {
  const link = `${input.shopUrl}/staff-invite?token=${encodeURIComponent(input.token)}`;
  const message = email(input.to, 'You are invited to the Bilum shop admin', [
    `Hello ${input.fullName},`,
    `${input.invitedBy} has invited you to the Bilum shop admin as ${staffRoleLabels[input.role]}.`,
    `Open this link to choose your password:\n${link}`,
    `The link works once, for ${input.validHours} hours. Then sign in at ${input.shopUrl}/admin-login with this e-mail address as your username.`,
  ]);
  const secrets = [
    { value: link, removedAs: '[link removed]' },
    { value: input.token, removedAs: '[link removed]' },
  ];
  return { ...message, secrets, expiresAt: input.expiresAt };
}
