import { email, oneTimeLinkEmail, type OneTimeLinkInput } from '../auth/password-reset.emails';
import type { OutgoingEmail, QueuedEmail } from '../mail/mail.service';

/** To the NEW address: the link that makes it the account's e-mail (issue 16, finding 3). */
export function confirmNewEmail(input: OneTimeLinkInput & { validHours: number }): QueuedEmail {
  return oneTimeLinkEmail(input, '/confirm-email', 'Confirm your new Bilum e-mail address', (link) => [
    'You asked to use this address for your Bilum account. Open this link to confirm it:',
    link,
    `The link works once, for ${input.validHours} hours. Until then you sign in with your current address. If you did not ask for this, ignore this e-mail.`,
  ]);
}

/** To the OLD address, once the new one is confirmed. */
export function emailChangedNotice(input: {
  to: string;
  fullName: string;
  newEmail: string;
  shopUrl: string;
}): OutgoingEmail {
  return email(input.to, 'Your Bilum e-mail address was changed', [
    `Hello ${input.fullName},`,
    `The e-mail address of your Bilum account was changed to ${input.newEmail}. You now sign in with that address.`,
    `If this was not you, someone may have your password: contact us at once (${input.shopUrl}/contact) so we can give the account back to you.`,
  ]);
}

/** To the account's address when its password was changed on the profile. */
export function passwordChangedNotice(input: { to: string; fullName: string; shopUrl: string }): OutgoingEmail {
  return email(input.to, 'Your Bilum password was changed', [
    `Hello ${input.fullName},`,
    'The password of your Bilum account was changed from your profile, and your other signed-in devices were signed out.',
    `If this was not you, reset your password at ${input.shopUrl}/forgot-password and contact us.`,
  ]);
}
