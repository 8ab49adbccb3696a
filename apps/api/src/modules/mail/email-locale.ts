import type { Locale } from '@bilum/shared';

/*
 * The shopper's e-mails and documents in their language (issue 31, decision 046): English and Tok Pisin side by
 * side in each e-mail's module, as the text messages do (modules/texts/text-templates.ts). An order's e-mails use
 * the language kept on the order (`orders.locale`, from the checkout's request); an account's e-mails the language
 * of the request that caused them. Staff e-mails stay English. The words follow docs/glossary.md.
 */

export type EmailLocale = Locale;

/** The order's or request's language; English for anything else (orders from before it, staff). */
export function emailLocaleOf(value: unknown): EmailLocale {
  return value === 'tpi' ? 'tpi' : 'en';
}

const tpiDays = ['Sande', 'Mande', 'Tunde', 'Trinde', 'Fonde', 'Fraide', 'Sarere'];
const tpiShortMonths = ['Jan', 'Feb', 'Mas', 'Epr', 'Me', 'Jun', 'Jul', 'Oga', 'Sep', 'Okt', 'Nov', 'Des'];
const tpiMonths = [
  'Janueri',
  'Februeri',
  'Mas',
  'Epril',
  'Me',
  'Jun',
  'Julai',
  'Ogas',
  'Septemba',
  'Oktoba',
  'Novemba',
  'Disemba',
];

/** Port Moresby's clock (UTC+10 all year, no daylight saving). */
function png(at: Date) {
  const local = new Date(at.getTime() + 10 * 60 * 60_000);
  return {
    weekday: local.getUTCDay(),
    day: local.getUTCDate(),
    month: local.getUTCMonth(),
    year: local.getUTCFullYear(),
    h: local.getUTCHours(),
    m: local.getUTCMinutes(),
  };
}

const englishDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Pacific/Port_Moresby',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A date and time in Port Moresby: "Wed 25 Nov 2026, 3:30 pm" / "Trinde 25 Nov 2026, 3:30 pm". */
export function pngDateTimeIn(at: Date, locale: EmailLocale): string {
  if (locale === 'en') return englishDateTime.format(at);
  const { weekday, day, month, year, h, m } = png(at);
  const time = `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return `${tpiDays[weekday]} ${day} ${tpiShortMonths[month]} ${year}, ${time}`;
}

const englishLongDay = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

/** A day in Port Moresby: "23 November 2027" / "23 Novemba 2027". */
export function longDayIn(at: Date, locale: EmailLocale): string {
  if (locale === 'en') return englishLongDay.format(at);
  const { day, month, year } = png(at);
  return `${day} ${tpiMonths[month]} ${year}`;
}

/** "(Port Moresby time)" after a deadline. */
export const portMoresbyTime: Record<EmailLocale, string> = {
  en: '(Port Moresby time)',
  tpi: '(taim bilong Pot Mosbi)',
};

/** The greeting that opens every shopper e-mail. */
export const hello = (name: string, locale: EmailLocale): string =>
  locale === 'tpi' ? `Halo ${name},` : `Hello ${name},`;

/** The shop's contact, closing an order's e-mail. */
export const contactLine = (contactEmail: string, phone: string, locale: EmailLocale): string =>
  locale === 'tpi'
    ? `Sampela askim? Raitim imel long ${contactEmail} o ring long ${phone}.`
    : `Questions? Write to ${contactEmail} or call ${phone}.`;

/** A length of time the shop wrote in English ("48 hours", "3 days", "1 day"), in Tok Pisin ("48 aua", "3 de"). */
export function durationIn(text: string, locale: EmailLocale): string {
  if (locale === 'en') return text;
  return text
    .replace(/\b(\d+) hours?\b/g, '$1 aua')
    .replace(/\b(\d+) days?\b/g, '$1 de')
    .replace(/\bminutes?\b/g, 'minit');
}
