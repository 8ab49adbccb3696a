import { formatInvoiceDate } from '@bilum/shared';
import { type EmailLocale, hello, longDayIn } from '../mail/email-locale';
import type { OutgoingEmail } from '../mail/mail.service';

/**
 * The shopper's e-mail when staff grant, extend or end their Premium membership (issue 31: in the shopper's
 * language, which an account keeps only on its orders: the latest order's, else English). The reason is the
 * staff's words, as typed.
 */
export function membershipChangedEmail(input: {
  to: string;
  fullName: string;
  /** null when the membership was ended. */
  until: Date | null;
  reason: string;
  locale: EmailLocale;
}): OutgoingEmail {
  const { until, locale } = input;
  const ended = until === null;
  if (locale === 'tpi') {
    return {
      to: input.to,
      subject: ended ? 'Bilum Premium Memba bilong yu i pinis' : 'Bilum Premium Memba bilong yu',
      text: [
        hello(input.fullName, 'tpi'),
        ended
          ? 'Stua i pinisim Premium Memba bilong yu.'
          : `Premium Memba bilong yu i stap nau inap long ${longDayIn(until, 'tpi')}.`,
        `Risen: ${input.reason}`,
        'Bilum',
      ].join('\n\n'),
    };
  }
  return {
    to: input.to,
    subject: ended ? 'Your Bilum Premium membership has ended' : 'Your Bilum Premium membership',
    text: [
      hello(input.fullName, 'en'),
      ended
        ? 'Your Premium membership has been ended by the shop.'
        : `Your Premium membership now runs until ${formatInvoiceDate(until)}.`,
      `Reason: ${input.reason}`,
      'Bilum',
    ].join('\n\n'),
  };
}
