import { formatKina } from '@bilum/shared';
import { email } from '../auth/password-reset.emails';
import type { OutgoingEmail } from '../mail/mail.service';

const dayFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

/** A date as the shop's e-mails write it ("23 November 2027", Port Moresby time). */
export const emailDay = (date: Date) => dayFormat.format(date);

/**
 * The receipt of a Premium year bought on /membership-payment (issue 17, finding 8): what was paid, with which
 * card, and until when Premium now runs. Queued in the transaction that completes the membership, once per payment.
 */
export function premiumReceiptEmail(input: {
  to: string;
  fullName: string;
  renewal: boolean;
  amountToea: number;
  cardLast4: string | null;
  paidAt: Date;
  endsAt: Date;
  reference: string;
  shopUrl: string;
}): OutgoingEmail {
  const card = input.cardLast4 && input.cardLast4 !== 'N/A' ? ` with the card ending ${input.cardLast4}` : '';
  return email(input.to, input.renewal ? 'Your Bilum Premium renewal receipt' : 'Your Bilum Premium receipt', [
    `Hello ${input.fullName},`,
    input.renewal
      ? 'Thank you for renewing Bilum Premium. We have received your payment and added one year to your membership.'
      : 'Thank you for joining Bilum Premium. We have received your payment and your membership is active now.',
    [
      `Premium Membership (1 year): ${formatKina(input.amountToea)}`,
      `Paid on ${emailDay(input.paidAt)}${card}.`,
      `Payment reference: ${input.reference}`,
    ].join('\n'),
    `Your Premium membership now runs until ${emailDay(input.endsAt)}.`,
    `See your membership at any time on your profile: ${input.shopUrl}/profile`,
  ]);
}
