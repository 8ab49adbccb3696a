import { type EmailLocale, hello } from '../mail/email-locale';
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
  /** The language of the request that asked for it (issue 31); English when not given (staff). */
  locale?: EmailLocale;
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
  const message = email(input.to, subject, [hello(input.fullName, input.locale ?? 'en'), ...paragraphs(link)]);
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

/** The account e-mails' words: English as the spec has them, Tok Pisin (issue 31) following docs/glossary.md. */
const resetWords = {
  en: {
    codeSubject: 'Your Bilum password reset code',
    code: (code: string, shopUrl: string, link: string, minutes: number) => [
      'Someone asked to reset the password of your Bilum account.',
      `Your code: ${code}`,
      `Enter it at ${shopUrl}/verify-otp, or open this link to choose a new password:\n${link}`,
      `The code and the link work once, for ${minutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    ],
    changedSubject: 'Your Bilum password was changed',
    changed: (shopUrl: string) => [
      'The password of your Bilum account has just been changed, and every device that was signed in has been signed out.',
      `If this was not you, reset your password at ${shopUrl}/forgot-password and contact us.`,
    ],
  },
  tpi: {
    codeSubject: 'Kod bilong senisim paswod bilong Bilum akaun',
    code: (code: string, shopUrl: string, link: string, minutes: number) => [
      'Wanpela i askim long senisim paswod bilong Bilum akaun bilong yu.',
      `Kod bilong yu: ${code}`,
      `Raitim kod long ${shopUrl}/verify-otp, o opim dispela link long makim nupela paswod:\n${link}`,
      `Kod na link i wok wanpela taim tasol, inap ${minutes} minit. Sapos yu no bin askim, lusim dispela imel: paswod bilong yu i stap olsem tasol.`,
    ],
    changedSubject: 'Paswod bilong Bilum akaun i senis pinis',
    changed: (shopUrl: string) => [
      'Paswod bilong Bilum akaun bilong yu i senis nau, na olgeta fon na kompiuta i bin go insait long akaun i go ausait pinis.',
      `Sapos i no yu, senisim paswod bilong yu long ${shopUrl}/forgot-password na toktok wantaim mipela.`,
    ],
  },
} as const satisfies Record<EmailLocale, object>;

export function resetCodeEmail(input: OneTimeLinkInput & { code: string; validMinutes: number }): QueuedEmail {
  const words = resetWords[input.locale ?? 'en'];
  return oneTimeLinkEmail(
    input,
    '/reset-password',
    words.codeSubject,
    (link) => words.code(input.code, input.shopUrl, link, input.validMinutes),
    [{ value: input.code, removedAs: '[code removed]' }],
  );
}

export function passwordChangedEmail(input: {
  to: string;
  fullName: string;
  shopUrl: string;
  locale?: EmailLocale;
}): OutgoingEmail {
  const locale = input.locale ?? 'en';
  const words = resetWords[locale];
  return email(input.to, words.changedSubject, [hello(input.fullName, locale), ...words.changed(input.shopUrl)]);
}
