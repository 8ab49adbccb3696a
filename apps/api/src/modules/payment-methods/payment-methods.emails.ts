import { formatKina, mobileBankingSteps, type PaymentSettings, type ShopSettings } from '@bilum/shared';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { OutgoingEmail } from '../mail/mail.service';
import { isMembershipOnly, orderEmail, orderLinesText, orderTotalsText, trackingLink } from '../orders/order-emails';

/** A date and time in Port Moresby (UTC+10, no daylight saving), e.g. "Wed 25 Nov 2026, 3:30 pm". */
export function pngDateTime(date: Date): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Pacific/Port_Moresby',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** The bank details and the reference, as one block (e-mails); the pages show the same fields. */
export function bankDetailsBlock(order: OrderRow, payment: PaymentSettings, amountDue: number): string {
  return [
    `Amount to pay: ${formatKina(amountDue)}`,
    `Payment reference: ${order.paymentReference ?? ''} (quote it with your payment)`,
    `Account name: ${payment.bankAccountName}`,
    `Bank: ${payment.bankName}`,
    `BSB: ${payment.bankBsb}`,
    `Account number: ${payment.bankAccountNumber}`,
  ].join('\n');
}

interface Input {
  order: OrderRow;
  items: OrderItemRow[];
  payment: PaymentSettings;
  settings: ShopSettings;
  shopUrl: string;
}

const contactLine = (settings: ShopSettings) =>
  `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`;

/** Placed with bank transfer: exactly what to do, and until when the stock is held. */
export function bankTransferPlacedEmail({ order, items, payment, settings, shopUrl }: Input): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt ? pngDateTime(order.holdExpiresAt) : null;
  if (isMembershipOnly(items)) {
    // Premium (decision 024): a membership, not goods; nothing is held or shipped.
    const paragraphs = [
      `Hello ${order.firstName},`,
      `Thank you for choosing Bilum Premium. Your membership order #${order.id} is waiting for your payment by bank transfer or mobile banking.`,
      orderLinesText(items),
      orderTotalsText(order, 'Total to pay', true),
      bankDetailsBlock(order, payment, order.totalToea - order.amountReceivedToea),
      until
        ? `Please pay by ${until} (Port Moresby time). If the payment has not reached us by then, the order is cancelled and you can order Premium again.`
        : '',
      `How to pay by mobile banking:\n${mobileBankingSteps.map((step) => `- ${step}`).join('\n')}`,
      `Your Premium membership starts as soon as your payment arrives, and we e-mail you then. See the order at any time:\n${link}`,
      contactLine(settings),
    ].filter(Boolean);
    return orderEmail(
      order.email,
      `Please pay for your Bilum Premium membership, order #${order.id} (ref ${order.paymentReference})`,
      paragraphs,
      link,
    );
  }
  const paragraphs = [
    `Hello ${order.firstName},`,
    `Thank you for your order #${order.id}. It is waiting for your payment by bank transfer or mobile banking.`,
    orderLinesText(items),
    orderTotalsText(order, 'Order total'),
    bankDetailsBlock(order, payment, order.totalToea - order.amountReceivedToea),
    until
      ? `We hold your items until ${until} (Port Moresby time). If the payment has not reached us by then, the order is cancelled and the items go back on sale.`
      : '',
    `How to pay by mobile banking:\n${mobileBankingSteps.map((step) => `- ${step}`).join('\n')}`,
    `We e-mail you as soon as your payment arrives. Track your order at any time:\n${link}`,
    contactLine(settings),
  ].filter(Boolean);
  return orderEmail(
    order.email,
    `Please pay for your Bilum order #${order.id} (ref ${order.paymentReference})`,
    paragraphs,
    link,
  );
}

/** Pay at pickup: confirmed now; pay at the counter when collecting. */
export function pickupConfirmedEmail({ order, items, settings, shopUrl }: Input): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt ? pngDateTime(order.holdExpiresAt) : null;
  const paragraphs = [
    `Hello ${order.firstName},`,
    `Thank you for your order #${order.id}. It is confirmed: please pay at the counter when you collect it, in cash or by EFTPOS.`,
    orderLinesText(items),
    orderTotalsText(order, 'Total to pay at pickup'),
    [
      order.pickupLocation ? `Pickup at: ${order.pickupLocation}` : null,
      until ? `Collect by: ${until} (Port Moresby time)` : null,
    ]
      .filter(Boolean)
      .join('\n'),
    'If the order is not collected by then, it is cancelled and the items go back on sale.',
    `Order ID: ${order.id}\nTracking code: ${order.trackingCode}\nTrack your order at any time:\n${link}`,
    contactLine(settings),
  ].filter(Boolean);
  return orderEmail(order.email, `Your Bilum order #${order.id} is confirmed: pay at pickup`, paragraphs, link);
}

/** The one reminder before a bank transfer's hold ends. */
export function paymentReminderEmail({ order, items, payment, settings, shopUrl }: Input): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt ? pngDateTime(order.holdExpiresAt) : 'soon';
  const paragraphs = [
    `Hello ${order.firstName},`,
    isMembershipOnly(items)
      ? `We have not yet received the full payment for your Premium membership order #${order.id}. Please pay by ${until} (Port Moresby time); your membership starts when it arrives.`
      : `We have not yet received the full payment for your order #${order.id}. We hold your items until ${until} (Port Moresby time).`,
    bankDetailsBlock(order, payment, Math.max(0, order.totalToea - order.amountReceivedToea)),
    `How to pay by mobile banking:\n${mobileBankingSteps.map((step) => `- ${step}`).join('\n')}`,
    `Already paid? Thank you: we record payments as they reach our account. Track your order:\n${link}`,
    contactLine(settings),
  ];
  return orderEmail(order.email, `Reminder: your Bilum order #${order.id} is waiting for payment`, paragraphs, link);
}

/** The hold ended unpaid (bank transfer) or uncollected (pickup): cancelled. */
export function holdEndedEmail({
  order,
  settings,
  shopUrl,
  membership = false,
}: Omit<Input, 'payment' | 'items'> & { membership?: boolean }): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  const why = membership
    ? `We did not receive the payment for your Premium membership order #${order.id} in time, so we have cancelled it. You can order Premium again at any time.`
    : order.paymentMethod === 'pickup'
      ? `Your order #${order.id} was not collected by its pickup deadline, so we have cancelled it and the items are back on sale.`
      : `We did not receive the payment for your order #${order.id} in time, so we have cancelled it and the items are back on sale.`;
  const received =
    order.amountReceivedToea > 0
      ? `We received ${formatKina(order.amountReceivedToea)} from you for this order; we will contact you to return it.`
      : 'You have not been charged.';
  // Issue 27: a signed-in shopper's lines left the cart when the order was placed; they are back in it now.
  const backInCart =
    order.source === 'cart' && order.userId !== null
      ? ['The items are back in your cart should you still want them.']
      : [];
  const paragraphs = [
    `Hello ${order.firstName},`,
    why,
    received,
    ...backInCart,
    `Order status:\n${link}`,
    contactLine(settings),
  ];
  return orderEmail(order.email, `Your Bilum order #${order.id} was cancelled`, paragraphs, link);
}
