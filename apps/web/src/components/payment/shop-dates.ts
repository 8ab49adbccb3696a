import type { MessageId, Translate } from '../../i18n/i18n';

/*
 * The shop's dates (lib/dates.ts writes them out in English: "Wed, 5 Mar, 2:30 pm", "5 March 2026 at 2:30 pm (Port
 * Moresby time)") in the page's language: each day's and month's name and the joining words through the catalogs,
 * whose English is the same words, so an English page reads exactly as before. Numbers and am/pm stay as they are.
 */

const names: Record<string, MessageId> = {
  Sun: 'payment.date.sun',
  Mon: 'payment.date.mon',
  Tue: 'payment.date.tue',
  Wed: 'payment.date.wed',
  Thu: 'payment.date.thu',
  Fri: 'payment.date.fri',
  Sat: 'payment.date.sat',
  January: 'payment.date.january',
  February: 'payment.date.february',
  March: 'payment.date.march',
  April: 'payment.date.april',
  May: 'payment.date.may',
  June: 'payment.date.june',
  July: 'payment.date.july',
  August: 'payment.date.august',
  September: 'payment.date.september',
  October: 'payment.date.october',
  November: 'payment.date.november',
  December: 'payment.date.december',
  Jan: 'payment.date.jan',
  Feb: 'payment.date.feb',
  Mar: 'payment.date.mar',
  Apr: 'payment.date.apr',
  Aug: 'payment.date.aug',
  Sept: 'payment.date.sept',
  Oct: 'payment.date.oct',
  Nov: 'payment.date.nov',
  Dec: 'payment.date.dec',
};

/** A date lib/dates.ts wrote, in the page's language. */
export function localDate(t: Translate, english: string): string {
  return english
    .replace(/ \(Port Moresby time\)$/, () => ` ${t('payment.date.portMoresbyTime')}`)
    .replace(/ at (?=\d)/, () => ` ${t('payment.date.at')} `)
    .replace(/\b[A-Z][a-z]+\b/g, (word) => {
      const id = names[word];
      return id ? t(id) : word;
    });
}
