import type { OutgoingEmail } from '../mail/mail.service';
import { pngDateTime } from '../payment-methods/payment-methods.emails';

/** The changes to a staff account's sign-in that its owner is told about (issue 28). */
export type StaffSecurityChange =
  'password-changed' | 'second-factor-on' | 'second-factor-off' | 'recovery-codes-regenerated' | 'second-factor-reset';

const what: Record<StaffSecurityChange, string> = {
  'password-changed': 'Your password was changed.',
  'second-factor-on': 'A second factor (an authenticator app) was turned on for your account, with new recovery codes.',
  'second-factor-off': 'The second factor of your account was turned off.',
  'recovery-codes-regenerated': 'New recovery codes were made for your second factor; the old ones no longer work.',
  'second-factor-reset':
    'The shop owner turned off the second factor of your account (for example after a lost phone).',
};

const subjects: Record<StaffSecurityChange, string> = {
  'password-changed': 'Your Bilum admin password was changed',
  'second-factor-on': 'Second factor turned on for your Bilum admin account',
  'second-factor-off': 'Second factor turned off for your Bilum admin account',
  'recovery-codes-regenerated': 'New recovery codes for your Bilum admin account',
  'second-factor-reset': 'Your Bilum admin second factor was reset by the owner',
};

/**
 * The notice of a change to a staff account's password or second factor: what changed and when, and what to do
 * if it was not them. It carries no secret (no code, no link with a token), so it needs no `secrets`.
 */
export function staffSecurityNoticeEmail(input: {
  to: string;
  fullName: string;
  change: StaffSecurityChange;
  at: Date;
  by?: string;
  shopUrl: string;
}): OutgoingEmail {
  const text = [
    `Hello ${input.fullName || input.to},`,
    what[input.change] + (input.by ? ` It was done by ${input.by}.` : ''),
    `When: ${pngDateTime(input.at)} (Port Moresby time).`,
    'If this was you, there is nothing to do.',
    'If it was not you, someone may know your password: sign in at ' +
      `${input.shopUrl}/admin-login and change your password at once, then tell the shop owner, who can reset your ` +
      'second factor and disable the account if needed.',
  ].join('\n\n');
  return { to: input.to, subject: subjects[input.change], text };
}
