import { email, oneTimeLinkEmail, type OneTimeLinkInput } from '../auth/password-reset.emails';
import { type EmailLocale, hello } from '../mail/email-locale';
import type { OutgoingEmail, QueuedEmail } from '../mail/mail.service';

/** The profile's e-mails, in the language of the request that caused them (issue 31): English and Tok Pisin. */
const profileWords = {
  en: {
    confirmSubject: 'Confirm your new Bilum e-mail address',
    confirm: (link: string, hours: number) => [
      'You asked to use this address for your Bilum account. Open this link to confirm it:',
      link,
      `The link works once, for ${hours} hours. Until then you sign in with your current address. If you did not ask for this, ignore this e-mail.`,
    ],
    changedSubject: 'Your Bilum e-mail address was changed',
    changed: (newEmail: string, shopUrl: string) => [
      `The e-mail address of your Bilum account was changed to ${newEmail}. You now sign in with that address.`,
      `If this was not you, someone may have your password: contact us at once (${shopUrl}/contact) so we can give the account back to you.`,
    ],
    passwordSubject: 'Your Bilum password was changed',
    password: (shopUrl: string) => [
      'The password of your Bilum account was changed from your profile, and your other signed-in devices were signed out.',
      `If this was not you, reset your password at ${shopUrl}/forgot-password and contact us.`,
    ],
  },
  tpi: {
    confirmSubject: 'Konfemim nupela imel adres bilong Bilum akaun',
    confirm: (link: string, hours: number) => [
      'Yu askim long yusim dispela imel adres long Bilum akaun bilong yu. Opim dispela link long konfemim:',
      link,
      `Link i wok wanpela taim tasol, inap ${hours} aua. Inap long dispela taim, yu go insait wantaim imel adres yu gat nau. Sapos yu no bin askim, lusim dispela imel.`,
    ],
    changedSubject: 'Imel adres bilong Bilum akaun i senis pinis',
    changed: (newEmail: string, shopUrl: string) => [
      `Imel adres bilong Bilum akaun bilong yu i senis i go long ${newEmail}. Nau yu go insait wantaim dispela adres.`,
      `Sapos i no yu, ating narapela i save long paswod bilong yu: toktok wantaim mipela kwik (${shopUrl}/contact) na bai mipela givim bek akaun long yu.`,
    ],
    passwordSubject: 'Paswod bilong Bilum akaun i senis pinis',
    password: (shopUrl: string) => [
      'Paswod bilong Bilum akaun bilong yu i senis long profail bilong yu, na ol narapela fon na kompiuta i bin go insait i go ausait pinis.',
      `Sapos i no yu, senisim paswod bilong yu long ${shopUrl}/forgot-password na toktok wantaim mipela.`,
    ],
  },
} as const satisfies Record<EmailLocale, object>;

/** To the NEW address: the link that makes it the account's e-mail (issue 16, finding 3). */
export function confirmNewEmail(input: OneTimeLinkInput & { validHours: number }): QueuedEmail {
  const words = profileWords[input.locale ?? 'en'];
  return oneTimeLinkEmail(input, '/confirm-email', words.confirmSubject, (link) =>
    words.confirm(link, input.validHours),
  );
}

/** To the OLD address, once the new one is confirmed. */
export function emailChangedNotice(input: {
  to: string;
  fullName: string;
  newEmail: string;
  shopUrl: string;
  locale?: EmailLocale;
}): OutgoingEmail {
  const locale = input.locale ?? 'en';
  const words = profileWords[locale];
  return email(input.to, words.changedSubject, [
    hello(input.fullName, locale),
    ...words.changed(input.newEmail, input.shopUrl),
  ]);
}

/** To the account's address when its password was changed on the profile. */
export function passwordChangedNotice(input: {
  to: string;
  fullName: string;
  shopUrl: string;
  locale?: EmailLocale;
}): OutgoingEmail {
  const locale = input.locale ?? 'en';
  const words = profileWords[locale];
  return email(input.to, words.passwordSubject, [hello(input.fullName, locale), ...words.password(input.shopUrl)]);
}
