import { formatInvoiceNumber, formatKina, type ShopSettings } from '@bilum/shared';
import type { OrderItemRow, OrderRow } from '../../db/schema';
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
export function orderTotalsText(order: OrderRow, totalLabel: string, membershipOnly = false): string {
  return [
    order.savingsToea > 0 ? `You saved: ${formatKina(order.savingsToea)}` : null,
    // A membership is not shipped (decision 024): no delivery line at all.
    membershipOnly
      ? null
      : `Shipping${order.deliveryZone ? ` (${order.deliveryZone})` : order.pickupLocation ? ' (pickup)' : ''}: ${formatKina(order.shippingToea)}`,
    // A discount code (issue 30): named, with all it took off.
    order.discountToea > 0 ? `Discount (${order.discountCode ?? 'code'}): -${formatKina(order.discountToea)}` : null,
    `${totalLabel}: ${formatKina(order.totalToea)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Only the Premium membership, nothing to deliver: worded as a membership, never as goods (decision 024). */
export function isMembershipOnly(items: readonly Pick<OrderItemRow, 'isMembership'>[]): boolean {
  return items.length > 0 && items.every((item) => item.isMembership);
}

const longDay = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

/** "Your Premium membership is active until 23 November 2027." (the day in Port Moresby). */
export function premiumActiveUntil(endsAt: Date): string {
  return `Your Premium membership is active until ${longDay.format(endsAt)}.`;
}

function deliveryLine(order: OrderRow): string | null {
  if (order.pickupLocation) return `Pickup at: ${order.pickupLocation}`;
  const address = orderAddress(order);
  return address ? `Delivery to: ${address}` : null;
}

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
  const link = trackingLink(shopUrl, order.trackingCode);
  const invoice =
    order.invoiceNumber !== null
      ? [
          `Your tax invoice ${formatInvoiceNumber(order.invoiceNumber)} ${invoiceAttached ? 'is attached (PDF) and ' : ''}can be printed here:\n${invoiceLink(shopUrl, order.trackingCode)}`,
        ]
      : [];
  const links = order.invoiceNumber !== null ? [link, invoiceLink(shopUrl, order.trackingCode)] : link;
  if (isMembershipOnly(items)) {
    const card =
      order.paymentMethod === 'card' && order.cardLast4 && order.cardLast4 !== 'N/A'
        ? ` with the card ending ${order.cardLast4}`
        : '';
    const paragraphs = [
      `Hello ${order.firstName},`,
      premium?.renewal
        ? 'Thank you for renewing Bilum Premium. We have received your payment and added one year to your membership.'
        : 'Thank you for joining Bilum Premium. We have received your payment and your membership is active now.',
      orderLinesText(items),
      orderTotalsText(order, 'Total paid', true),
      [`Paid on ${longDay.format(order.paidAt ?? order.updatedAt)}${card}.`, `Order ID: ${order.id}`].join('\n'),
      ...(premium ? [premiumActiveUntil(premium.endsAt)] : []),
      ...invoice,
      `See your membership at any time on your profile: ${shopUrl}/profile`,
      `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`,
    ];
    const subject = premium?.renewal ? 'Your Bilum Premium renewal receipt' : 'Your Bilum Premium receipt';
    return orderEmail(order.email, subject, paragraphs, links);
  }
  const paragraphs = [
    `Hello ${order.firstName},`,
    `Thank you for your order. We have received your payment and your order #${order.id} is confirmed.`,
    orderLinesText(items),
    orderTotalsText(order, 'Total paid'),
    [`Order ID: ${order.id}`, `Tracking code: ${order.trackingCode}`, deliveryLine(order)].filter(Boolean).join('\n'),
    `Track your order at any time:\n${link}`,
    // Premium bought with goods (the cart): the membership's end date too.
    ...(premium ? [premiumActiveUntil(premium.endsAt)] : []),
    ...invoice,
    `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`,
  ];
  return orderEmail(order.email, `Your Bilum order #${order.id} is confirmed`, paragraphs, links);
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
