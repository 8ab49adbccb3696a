import type { OutgoingEmail, QueuedEmail } from '../mail/mail.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text plus the same words as simple HTML: one source for both parts. */
export function email(to: string, subject: string, paragraphs: string[]): OutgoingEmail {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}

export function resetCodeEmail(input: {
  to: string;
  fullName: string;
  code: string;
  shopUrl: string;
  token: string;
  validMinutes: number;
  /** When the code and the link stop working: the outbox stops sending the message then. */
  expiresAt: Date;
}): QueuedEmail {
  const link = `${input.shopUrl}/reset-password?token=${encodeURIComponent(input.token)}`;
  const message = email(input.to, 'Your Bilum password reset code', [
    `Hello ${input.fullName},`,
    'Someone asked to reset the password of your Bilum account.',
    `Your code: ${input.code}`,
    `Enter it at ${input.shopUrl}/verify-otp, or open this link to choose a new password:\n${link}`,
    `The code and the link work once, for ${input.validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
  ]);
  // The outbox keeps the code and the link only until the message is sent or expires (issue 16).
  const secrets = [
    { value: link, removedAs: '[link removed]' },
    { value: input.token, removedAs: '[link removed]' },
    { value: input.code, removedAs: '[code removed]' },
  ];
  return { ...message, secrets, expiresAt: input.expiresAt };
}

export function passwordChangedEmail(input: { to: string; fullName: string; shopUrl: string }): OutgoingEmail {
  return email(input.to, 'Your Bilum password was changed', [
    `Hello ${input.fullName},`,
    'The password of your Bilum account has just been changed, and every device that was signed in has been signed out.',
    `If this was not you, reset your password at ${input.shopUrl}/forgot-password and contact us.`,
  ]);
}
