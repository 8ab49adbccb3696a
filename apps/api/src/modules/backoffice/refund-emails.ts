import { formatKina, type ShopSettings } from '@bilum/shared';
import type { OrderItemRow, OrderRefundRow, OrderRow } from '../../db/schema';
import { contactLine, type EmailLocale, emailLocaleOf, hello } from '../mail/email-locale';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderStateOf } from '../order-lifecycle/order-states';
import { orderEmail, orderFactWords, trackingLink } from '../orders/order-emails';
import { orderLineName } from '../orders/order-line-name';

/** The refund e-mail's words: English as the spec has them, Tok Pisin (issue 31) following docs/glossary.md. */
const refundWords = {
  en: {
    ending: (last4: string) => ` (ending ${last4})`,
    card: (amount: string, ending: string) => [
      `We have refunded ${amount} to the card you paid with${ending}.`,
      'What happens next: the refund is on its way to your bank. It usually shows on your statement within 5 to ' +
        '10 working days, depending on your bank; you do not need to do anything.',
    ],
    bankTransfer: (amount: string) => [
      `We have refunded ${amount}. You paid by bank transfer, so we return the money by bank transfer to the ` +
        'account it came from.',
      'What happens next: allow up to 3 working days for it to reach your account. If we need your bank ' +
        'details we will contact you; if it has not arrived after 3 working days, please reply to this e-mail.',
    ],
    counter: (amount: string) => [
      `We have refunded ${amount}. You paid at the pickup counter, so the money is returned to you in person ` +
        `or by bank transfer, as arranged with our staff.`,
      'What happens next: if we have not arranged it with you yet, we will contact you within 2 working days.',
    ],
    allReturned: 'Everything you sent for this order has now been returned.',
    stillToReturn: (amount: string) => `Still to return: ${amount}`,
    fully: 'Your order is now refunded in full.',
    rest: 'The rest of your order is not affected.',
    endedUnpaid: (id: number) =>
      `Your order #${id} ended before it was paid in full, so we are returning the money you sent for it.`,
    cancelled: (id: number) => `Your order #${id} has been cancelled and your payment refunded.`,
    partial: (id: number) => `We have made a refund on your order #${id}.`,
    items: 'Refunded items:',
    now: 'Refunded now',
    received: 'Received for the order',
    paid: 'Paid for the order',
    inAll: 'Refunded in all',
    subject: (amount: string, id: number) => `Refund of ${amount} for your Bilum order #${id}`,
  },
  tpi: {
    ending: (last4: string) => ` (i pinis long ${last4})`,
    card: (amount: string, ending: string) => [
      `Mipela givim bek ${amount} long kad yu bin peim long en${ending}.`,
      'Wanem i kamap nau: mani i go bek long benk bilong yu. Planti taim em i kamap long stetmen insait long 5 i go ' +
        'long 10 de bilong wok, i dipen long benk bilong yu; yu no mas mekim wanpela samting.',
    ],
    bankTransfer: (amount: string) => [
      `Mipela givim bek ${amount}. Yu peim long benk trensfa, olsem na mipela salim mani i go bek long benk trensfa ` +
        'long akaun em i kam long en.',
      'Wanem i kamap nau: em bai kisim inap 3 de bilong wok long kamap long akaun bilong yu. Sapos mipela nidim ' +
        'ol samting bilong benk bilong yu, bai mipela toktok wantaim yu; sapos em i no kamap bihain long 3 de bilong ' +
        'wok, plis bekim dispela imel.',
    ],
    counter: (amount: string) => [
      `Mipela givim bek ${amount}. Yu peim long kaunta bilong stua, olsem na mipela givim bek mani long han ` +
        'o long benk trensfa, olsem yu toktok wantaim ol wokman bilong mipela.',
      'Wanem i kamap nau: sapos mipela i no toktok wantaim yu yet long en, bai mipela toktok wantaim yu insait long ' +
        '2 de bilong wok.',
    ],
    allReturned: 'Mipela givim bek pinis olgeta mani yu salim long dispela oda.',
    stillToReturn: (amount: string) => `Mipela mas givim bek yet: ${amount}`,
    fully: 'Mipela givim bek pinis olgeta mani bilong oda bilong yu.',
    rest: 'Ol narapela samting long oda bilong yu i stap olsem tasol.',
    endedUnpaid: (id: number) =>
      `Oda #${id} bilong yu i pinis bipo yu peim olgeta, olsem na mipela givim bek mani yu salim long en.`,
    cancelled: (id: number) => `Mipela kenselim oda #${id} bilong yu na givim bek mani yu peim.`,
    partial: (id: number) => `Mipela givim bek sampela mani long oda #${id} bilong yu.`,
    items: 'Ol samting mipela givim bek mani bilong en:',
    now: 'Givim bek nau',
    received: 'Mipela kisim long oda',
    paid: 'Yu peim long oda',
    inAll: 'Givim bek olgeta',
    subject: (amount: string, id: number) => `Mipela givim bek ${amount} long Bilum oda #${id} bilong yu`,
  },
} as const satisfies Record<EmailLocale, object>;

/**
 * The shopper's e-mail about a refund (issue 27): how much, how the money comes back and when, and what is left of
 * the order. Every refund that goes through sends one (a partial refund, or the refund of a cancelled order),
 * queued through the outbox in the transaction that records the refund, so it is sent once or not at all.
 */
export function refundEmail(input: {
  order: OrderRow;
  refund: Pick<OrderRefundRow, 'amountToea' | 'kind' | 'lines'>;
  items: readonly OrderItemRow[];
  /** toea paid for the order, and refunded in all with this refund. */
  paid: number;
  refundedInAll: number;
  /** The refund of an order staff cancelled (not a partial refund). */
  cancelled: boolean;
  shopUrl: string;
  settings: ShopSettings;
}): OutgoingEmail {
  const { order, refund, settings } = input;
  const locale = emailLocaleOf(order.locale);
  const words = refundWords[locale];
  const facts = orderFactWords[locale];
  const amount = formatKina(refund.amountToea);
  const link = trackingLink(input.shopUrl, order.trackingCode);
  // A refunded line names its variant (issue 30); a refund made before variants names its product's line.
  const lineOf = (line: { productId: number; variantId?: number }) =>
    input.items.find((item) =>
      line.variantId === undefined ? item.productId === line.productId : item.variantId === line.variantId,
    );
  const lines = refund.lines.flatMap((line) => {
    const item = lineOf(line);
    return item ? [`${line.quantity} x ${orderLineName(item)}`] : [];
  });
  const cardEnding = order.cardLast4 && order.cardLast4 !== 'N/A' ? words.ending(order.cardLast4) : '';
  const how =
    refund.kind === 'card'
      ? words.card(amount, cardEnding)
      : order.paymentMethod === 'bank-transfer'
        ? words.bankTransfer(amount)
        : words.counter(amount);
  const fully = input.refundedInAll >= input.paid;
  // Issue 27: a part-paid bank transfer that ended unpaid gets back what it sent; there is no order left to keep.
  const endedUnpaid = orderStateOf(order) === 'ended-unpaid';
  const rest = endedUnpaid
    ? fully
      ? words.allReturned
      : words.stillToReturn(formatKina(input.paid - input.refundedInAll))
    : fully
      ? words.fully
      : words.rest;
  const paragraphs = [
    hello(order.firstName, locale),
    endedUnpaid ? words.endedUnpaid(order.id) : input.cancelled ? words.cancelled(order.id) : words.partial(order.id),
    ...how,
    ...(lines.length > 0 ? [`${words.items}\n${lines.join('\n')}`] : []),
    [
      `${words.now}: ${amount}`,
      `${endedUnpaid ? words.received : words.paid}: ${formatKina(input.paid)}`,
      `${words.inAll}: ${formatKina(input.refundedInAll)}`,
      rest,
    ].join('\n'),
    `${facts.orderId}: ${order.id}\n${facts.trackingCode}: ${order.trackingCode}`,
    `${facts.track}\n${link}`,
    contactLine(settings.contactEmail, settings.phone, locale),
  ];
  return orderEmail(order.email, words.subject(amount, order.id), paragraphs, link);
}
