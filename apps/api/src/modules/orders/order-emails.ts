import { formatInvoiceNumber, formatKina, type ShopSettings } from '@bilum/shared';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import { contactLine, type EmailLocale, emailLocaleOf, hello, longDayIn } from '../mail/email-locale';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderAddress } from './order-address';
import { orderLineName } from './order-line-name';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function trackingLink(shopUrl: string, trackingCode: string): string {
  return `${shopUrl}/track-order?tracking_code=${encodeURIComponent(trackingCode)}`;
}

/** The printable tax invoice (issue 19): the same secret as tracking opens it, for guests too. */
export function invoiceLink(shopUrl: string, trackingCode: string): string {
  return `${shopUrl}/invoice?tracking_code=${encodeURIComponent(trackingCode)}`;
}

/** The order's lines, one a line, a variant named: "2 x Samsung Galaxy A15: K898.00", "1 x Galaxy A55 – Black: …". */
export function orderLinesText(items: readonly OrderItemRow[]): string {
  return items
    .map((item) => `${item.quantity} x ${orderLineName(item)}: ${formatKina(item.unitPriceToea * item.quantity)}`)
    .join('\n');
}

/**
 * The order's money below its lines, in every e-mail that names an amount (issue 27: the "please pay" e-mails
 * left the delivery fee out): the saving, the delivery fee of its zone (K0.00 for pickup, the free zone and
 * members) and the total, under the caller's label ("Total paid", "Total to pay").
 */
export function orderTotalsText(
  order: OrderRow,
  totalLabel: string,
  membershipOnly = false,
  locale: EmailLocale = 'en',
): string {
  const words = totalsWords[locale];
  return [
    order.savingsToea > 0 ? `${words.saved}: ${formatKina(order.savingsToea)}` : null,
    // A membership is not shipped (decision 024): no delivery line at all.
    membershipOnly
      ? null
      : `${words.shipping}${order.deliveryZone ? ` (${order.deliveryZone})` : order.pickupLocation ? ` (${words.pickup})` : ''}: ${formatKina(order.shippingToea)}`,
    // A discount code (issue 30): named, with all it took off.
    order.discountToea > 0
      ? `${words.discount} (${order.discountCode ?? words.code}): -${formatKina(order.discountToea)}`
      : null,
    `${totalLabel}: ${formatKina(order.totalToea)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

const totalsWords = {
  en: { saved: 'You saved', shipping: 'Shipping', pickup: 'pickup', discount: 'Discount', code: 'code' },
  tpi: { saved: 'Yu seivim', shipping: 'Salim', pickup: 'kisim long stua', discount: 'I go daun', code: 'kod' },
} as const;

/** The labels of an order's total, in each language (the callers' "Total paid", "Total to pay"...). */
export const totalLabels = {
  en: {
    paid: 'Total paid',
    toPay: 'Total to pay',
    order: 'Order total',
    atPickup: 'Total to pay at pickup',
  },
  tpi: {
    paid: 'Olgeta yu peim',
    toPay: 'Olgeta bilong peim',
    order: 'Olgeta prais bilong oda',
    atPickup: 'Olgeta bilong peim taim yu kisim',
  },
} as const satisfies Record<EmailLocale, Record<string, string>>;

/** The facts under an order's e-mail, in each language. */
export const orderFactWords = {
  en: {
    orderId: 'Order ID',
    trackingCode: 'Tracking code',
    track: 'Track your order at any time:',
  },
  tpi: {
    orderId: 'Namba bilong oda',
    trackingCode: 'Kod bilong painim oda',
    track: 'Painim oda bilong yu long wanem taim:',
  },
} as const satisfies Record<EmailLocale, Record<string, string>>;

/** Only the Premium membership, nothing to deliver: worded as a membership, never as goods (decision 024). */
export function isMembershipOnly(items: readonly Pick<OrderItemRow, 'isMembership'>[]): boolean {
  return items.length > 0 && items.every((item) => item.isMembership);
}

/** "Your Premium membership is active until 23 November 2027." (the day in Port Moresby). */
export function premiumActiveUntil(endsAt: Date, locale: EmailLocale = 'en'): string {
  return locale === 'tpi'
    ? `Premium Memba bilong yu i stap inap long ${longDayIn(endsAt, 'tpi')}.`
    : `Your Premium membership is active until ${longDayIn(endsAt, 'en')}.`;
}

function deliveryLine(order: OrderRow, locale: EmailLocale): string | null {
  if (order.pickupLocation) return `${locale === 'tpi' ? 'Kisim long' : 'Pickup at'}: ${order.pickupLocation}`;
  const address = orderAddress(order);
  return address ? `${locale === 'tpi' ? 'Salim i go long' : 'Delivery to'}: ${address}` : null;
}

/** The confirmation e-mail's words (English as the spec has them; Tok Pisin as people in PNG write it). */
const confirmationWords = {
  en: {
    invoice: (number: string, attached: boolean, link: string) =>
      `Your tax invoice ${number} ${attached ? 'is attached (PDF) and ' : ''}can be printed here:\n${link}`,
    card: (last4: string) => ` with the card ending ${last4}`,
    renewed:
      'Thank you for renewing Bilum Premium. We have received your payment and added one year to your membership.',
    joined: 'Thank you for joining Bilum Premium. We have received your payment and your membership is active now.',
    paidOn: (day: string, card: string) => `Paid on ${day}${card}.`,
    profile: (url: string) => `See your membership at any time on your profile: ${url}`,
    renewalSubject: 'Your Bilum Premium renewal receipt',
    receiptSubject: 'Your Bilum Premium receipt',
    thanks: (id: number) =>
      `Thank you for your order. We have received your payment and your order #${id} is confirmed.`,
    subject: (id: number) => `Your Bilum order #${id} is confirmed`,
  },
  tpi: {
    invoice: (number: string, attached: boolean, link: string) =>
      attached
        ? `Takis invois ${number} bilong yu i stap wantaim dispela imel (PDF). Yu ken prinim long hia tu:\n${link}`
        : `Yu ken prinim takis invois ${number} bilong yu long hia:\n${link}`,
    card: (last4: string) => ` long kad i pinis long ${last4}`,
    renewed:
      'Tenkyu long kisim Bilum Premium gen. Mipela kisim pinis mani yu peim na putim wanpela yia moa long memba bilong yu.',
    joined:
      'Tenkyu long kamap memba bilong Bilum Premium. Mipela kisim pinis mani yu peim na memba bilong yu i stat nau.',
    paidOn: (day: string, card: string) => `Yu peim long ${day}${card}.`,
    profile: (url: string) => `Lukim memba bilong yu long profail bilong yu long wanem taim: ${url}`,
    renewalSubject: 'Risit bilong Bilum Premium yu kisim gen',
    receiptSubject: 'Risit bilong Bilum Premium bilong yu',
    thanks: (id: number) =>
      `Tenkyu long oda bilong yu. Mipela kisim pinis mani yu peim, na oda #${id} bilong yu i orait nau.`,
    subject: (id: number) => `Bilum oda #${id} bilong yu i orait nau`,
  },
} as const;

/**
 * The one confirmation e-mail of a paid order: its lines, total, tracking code and tracking link, and its tax
 * invoice's printable page; `invoiceAttached` when its PDF goes with it (not when it could not be drawn).
 */
export function orderConfirmationEmail(input: {
  order: OrderRow;
  items: OrderItemRow[];
  shopUrl: string;
  settings: ShopSettings;
  invoiceAttached?: boolean;
  /** The Premium year the payment bought: the e-mail says until when it is active. */
  premium?: { endsAt: Date; renewal: boolean };
}): OutgoingEmail {
  const { order, items, shopUrl, settings, invoiceAttached = true, premium } = input;
  const locale = emailLocaleOf(order.locale);
  const words = confirmationWords[locale];
  const facts = orderFactWords[locale];
  const link = trackingLink(shopUrl, order.trackingCode);
  const invoice =
    order.invoiceNumber !== null
      ? [
          words.invoice(
            formatInvoiceNumber(order.invoiceNumber),
            invoiceAttached,
            invoiceLink(shopUrl, order.trackingCode),
          ),
        ]
      : [];
  const links = order.invoiceNumber !== null ? [link, invoiceLink(shopUrl, order.trackingCode)] : link;
  if (isMembershipOnly(items)) {
    const card =
      order.paymentMethod === 'card' && order.cardLast4 && order.cardLast4 !== 'N/A' ? words.card(order.cardLast4) : '';
    const paragraphs = [
      hello(order.firstName, locale),
      premium?.renewal ? words.renewed : words.joined,
      orderLinesText(items),
      orderTotalsText(order, totalLabels[locale].paid, true, locale),
      [words.paidOn(longDayIn(order.paidAt ?? order.updatedAt, locale), card), `${facts.orderId}: ${order.id}`].join(
        '\n',
      ),
      ...(premium ? [premiumActiveUntil(premium.endsAt, locale)] : []),
      ...invoice,
      words.profile(`${shopUrl}/profile`),
      contactLine(settings.contactEmail, settings.phone, locale),
    ];
    const subject = premium?.renewal ? words.renewalSubject : words.receiptSubject;
    return orderEmail(order.email, subject, paragraphs, links);
  }
  const paragraphs = [
    hello(order.firstName, locale),
    words.thanks(order.id),
    orderLinesText(items),
    orderTotalsText(order, totalLabels[locale].paid, false, locale),
    [`${facts.orderId}: ${order.id}`, `${facts.trackingCode}: ${order.trackingCode}`, deliveryLine(order, locale)]
      .filter(Boolean)
      .join('\n'),
    `${facts.track}\n${link}`,
    // Premium bought with goods (the cart): the membership's end date too.
    ...(premium ? [premiumActiveUntil(premium.endsAt, locale)] : []),
    ...invoice,
    contactLine(settings.contactEmail, settings.phone, locale),
  ];
  return orderEmail(order.email, words.subject(order.id), paragraphs, links);
}

/** An e-mail about an order from its paragraphs: plain text, and HTML with the tracking link(s) made clickable. */
export function orderEmail(
  to: string,
  subject: string,
  paragraphs: string[],
  link: string | readonly string[],
  /**
   * Issue 27: what the shopper must see first (a bank transfer's payment reference), shown before the other
   * paragraphs: its first line large in the HTML, the rest under it.
   */
  lead?: string,
): OutgoingEmail {
  const links = typeof link === 'string' ? [link] : link;
  const leadHtml = lead
    ? (() => {
        const [headline = '', ...rest] = lead.split('\n');
        return [
          `<p style="font-size:24px;font-weight:bold;margin:0 0 4px">${escapeHtml(headline)}</p>`,
          ...(rest.length > 0 ? [`<p style="margin:0 0 16px">${rest.map(escapeHtml).join('<br>')}</p>`] : []),
        ];
      })()
    : [];
  return {
    to,
    subject,
    text: (lead ? [lead, ...paragraphs] : paragraphs).join('\n\n'),
    html: [
      ...leadHtml,
      ...paragraphs.map((paragraph) => {
        const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
        const linked = links.reduce(
          (html, each) => html.replace(escapeHtml(each), `<a href="${escapeHtml(each)}">${escapeHtml(each)}</a>`),
          escaped,
        );
        return `<p>${linked}</p>`;
      }),
    ].join('\n'),
  };
}
