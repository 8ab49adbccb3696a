import type { EmailSecret, OutgoingEmail, QueuedEmail } from '../mail/mail.service';

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

/** Who gets a one-time link, and until when it works: the outbox stops sending the message then. */
export interface OneTimeLinkInput {
  to: string;
  fullName: string;
  shopUrl: string;
  token: string;
  expiresAt: Date;
}

/**
 * A message carrying a one-time link to `page` (`<shop><page>?token=…`) after the greeting: the outbox keeps the
 * link, its token and the `secrets` given (e.g. a code) only until the message is sent or expires (issue 16).
 */
export function oneTimeLinkEmail(
  input: OneTimeLinkInput,
  page: string,
  subject: string,
  paragraphs: (link: string) => string[],
  secrets: EmailSecret[] = [],
): QueuedEmail {
  const link = `${input.shopUrl}${page}?token=${encodeURIComponent(input.token)}`;
  const message = email(input.to, subject, [`Hello ${input.fullName},`, ...paragraphs(link)]);
  return {
    ...message,
    secrets: [
      { value: link, removedAs: '[link removed]' },
      { value: input.token, removedAs: '[link removed]' },
      ...secrets,
    ],
    expiresAt: input.expiresAt,
  };
}

export function resetCodeEmail(input: OneTimeLinkInput & { code: string; validMinutes: number }): QueuedEmail {
  return oneTimeLinkEmail(
    input,
    '/reset-password',
    'Your Bilum password reset code',
    (link) => [
      'Someone asked to reset the password of your Bilum account.',
      `Your code: ${input.code}`,
      `Enter it at ${input.shopUrl}/verify-otp, or open this link to choose a new password:\n${link}`,
      `The code and the link work once, for ${input.validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    ],
    [{ value: input.code, removedAs: '[code removed]' }],
  );
}

export function passwordChangedEmail(input: { to: string; fullName: string; shopUrl: string }): OutgoingEmail {
  return email(input.to, 'Your Bilum password was changed', [
    `Hello ${input.fullName},`,
    'The password of your Bilum account has just been changed, and every device that was signed in has been signed out.',
    `If this was not you, reset your password at ${input.shopUrl}/forgot-password and contact us.`,
  ]);
}
