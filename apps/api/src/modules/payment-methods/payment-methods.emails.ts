import {
  formatKina,
  mobileBankingSteps,
  type PaymentSettings,
  type PickupInfo,
  type ShopSettings,
} from '@bilum/shared';
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
  /** A pickup order's place, opening hours, collect-by time and amount to pay (payment-placement.ts). */
  pickup?: PickupInfo | null;
  /**
   * Issue 28 (decision 029): a guest's order not yet confirmed: the single-use link, the minutes it is held
   * unconfirmed and the long hold it gets once confirmed ("48 hours", "3 days").
   */
  confirm?: HoldConfirmation | null;
}

export interface HoldConfirmation {
  link: string;
  minutes: number;
  longHold: string;
}

/** The confirmation request that leads a guest's bank-transfer or pickup e-mail (issue 28). */
const confirmBlock = (confirm: HoldConfirmation, pickup: boolean) =>
  `Confirm your order within ${confirm.minutes} minutes, or the items go back on sale:\n${confirm.link}\nOnce you confirm, we hold your items for ${confirm.longHold}${pickup ? ' for you to collect and pay at the counter' : ' while you pay by bank transfer'}.`;

/**
 * Issue 27: the reference first and largest, and told apart from the tracking code, so a shopper in the *131#
 * menu quotes the right one.
 */
const referenceLead = (order: OrderRow, amountDue: number) =>
  `Payment reference: ${order.paymentReference ?? ''}\nQuote this reference when you pay ${formatKina(amountDue)}. It is not your tracking code.`;

const trackingOnly = (order: OrderRow, link: string) =>
  `Tracking code (only for tracking your order, not for paying): ${order.trackingCode}\nTrack your order at any time:\n${link}`;

const contactLine = (settings: ShopSettings) =>
  `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`;

/** Placed with bank transfer: exactly what to do, and until when the stock is held. */
export function bankTransferPlacedEmail({ order, items, payment, settings, shopUrl, confirm }: Input): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  // Unconfirmed (issue 28): the hold's end is the confirmation's deadline, said by the confirmation block.
  const until = order.holdExpiresAt && !confirm ? pngDateTime(order.holdExpiresAt) : null;
  const due = order.totalToea - order.amountReceivedToea;
  // Premium (decision 024): a membership, not goods; nothing is held or shipped.
  const membership = isMembershipOnly(items);
  const paragraphs = [
    `Hello ${order.firstName},`,
    membership
      ? `Thank you for choosing Bilum Premium. Your membership order #${order.id} is waiting for your payment by bank transfer or mobile banking.`
      : `Thank you for your order #${order.id}. It is waiting for your payment by bank transfer or mobile banking.`,
    confirm ? confirmBlock(confirm, false) : '',
    orderLinesText(items),
    membership ? orderTotalsText(order, 'Total to pay', true) : orderTotalsText(order, 'Order total'),
    bankDetailsBlock(order, payment, due),
    until
      ? membership
        ? `Please pay by ${until} (Port Moresby time). If the payment has not reached us by then, the order is cancelled and you can order Premium again.`
        : `We hold your items until ${until} (Port Moresby time). If the payment has not reached us by then, the order is cancelled and the items go back on sale.`
      : '',
    `How to pay by mobile banking:\n${mobileBankingSteps.map((step) => `- ${step}`).join('\n')}`,
    membership
      ? `Your Premium membership starts as soon as your payment arrives, and we e-mail you then.`
      : `We e-mail you as soon as your payment arrives.`,
    trackingOnly(order, link),
    contactLine(settings),
  ].filter(Boolean);
  return orderEmail(
    order.email,
    confirm
      ? `Confirm your Bilum order #${order.id} within ${confirm.minutes} minutes, then pay ${formatKina(due)} with reference ${order.paymentReference}`
      : membership
        ? `Pay ${formatKina(due)} with reference ${order.paymentReference}: Bilum Premium membership, order #${order.id}`
        : `Pay ${formatKina(due)} with reference ${order.paymentReference}: Bilum order #${order.id}`,
    paragraphs,
    confirm ? [confirm.link, link] : link,
    confirm ? `${confirmBlock(confirm, false)}\n\n${referenceLead(order, due)}` : referenceLead(order, due),
  );
}

/** Pay at pickup: confirmed now; pay at the counter when collecting: how much, where (and when open), by when. */
export function pickupConfirmedEmail({ order, items, settings, shopUrl, pickup, confirm }: Input): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt && !confirm ? pngDateTime(order.holdExpiresAt) : null;
  const place = pickup ? [pickup.name, pickup.address].filter(Boolean).join(', ') : (order.pickupLocation ?? '');
  const lead = [
    `To pay at pickup: ${formatKina(pickup?.amountToPay ?? order.totalToea)}`,
    place ? `Pickup at: ${place}` : null,
    pickup?.openingHours ? `Opening hours: ${pickup.openingHours}` : null,
    until ? `Collect by: ${until} (Port Moresby time)` : null,
    confirm ? `Collect within ${confirm.longHold} of confirming` : null,
  ]
    .filter(Boolean)
    .join('\n');
  const paragraphs = [
    `Hello ${order.firstName},`,
    confirm
      ? `Thank you for your order #${order.id}. Please pay at the counter when you collect it, in cash or by EFTPOS.`
      : `Thank you for your order #${order.id}. It is confirmed: please pay at the counter when you collect it, in cash or by EFTPOS.`,
    confirm ? confirmBlock(confirm, true) : '',
    orderLinesText(items),
    orderTotalsText(order, 'Total to pay at pickup'),
    'If the order is not collected by then, it is cancelled and the items go back on sale.',
    `Order ID: ${order.id}\n${trackingOnly(order, link)}`,
    contactLine(settings),
  ].filter(Boolean);
  if (confirm) {
    return orderEmail(
      order.email,
      `Confirm your Bilum order #${order.id} within ${confirm.minutes} minutes: pay at pickup`,
      paragraphs,
      [confirm.link, link],
      `${confirmBlock(confirm, true)}\n\n${lead}`,
    );
  }
  return orderEmail(order.email, `Your Bilum order #${order.id} is confirmed: pay at pickup`, paragraphs, link, lead);
}

/** The one reminder before a bank transfer's hold ends. */
export function paymentReminderEmail({ order, items, payment, settings, shopUrl }: Input): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt ? pngDateTime(order.holdExpiresAt) : 'soon';
  const due = Math.max(0, order.totalToea - order.amountReceivedToea);
  const paragraphs = [
    `Hello ${order.firstName},`,
    isMembershipOnly(items)
      ? `We have not yet received the full payment for your Premium membership order #${order.id}. Please pay by ${until} (Port Moresby time); your membership starts when it arrives.`
      : `We have not yet received the full payment for your order #${order.id}. We hold your items until ${until} (Port Moresby time).`,
    // Issue 27: every "please pay" message itemises the goods, the delivery and the total.
    orderLinesText(items),
    orderTotalsText(order, 'Order total', isMembershipOnly(items)),
    ...(order.amountReceivedToea > 0
      ? [`Received so far: ${formatKina(order.amountReceivedToea)}. Still to pay: ${formatKina(due)}.`]
      : []),
    bankDetailsBlock(order, payment, due),
    `How to pay by mobile banking:\n${mobileBankingSteps.map((step) => `- ${step}`).join('\n')}`,
    `Already paid? Thank you: we record payments as they reach our account.`,
    trackingOnly(order, link),
    contactLine(settings),
  ];
  return orderEmail(
    order.email,
    `Reminder: pay ${formatKina(due)} with reference ${order.paymentReference} for Bilum order #${order.id}`,
    paragraphs,
    link,
    referenceLead(order, due),
  );
}

/** The hold ended unpaid (bank transfer) or uncollected (pickup): cancelled. */
export function holdEndedEmail({
  order,
  settings,
  shopUrl,
  membership = false,
}: Omit<Input, 'payment' | 'items'> & { membership?: boolean }): OutgoingEmail {
  const link = trackingLink(shopUrl, order.trackingCode);
  // Issue 28: a guest's order not confirmed from its e-mail within the short hold.
  const unconfirmed = order.holdConfirmTokenHash !== null;
  const why = unconfirmed
    ? `Your order #${order.id} was not confirmed from our e-mail in time, so we have cancelled it and the items are back on sale. You are welcome to place it again.`
    : membership
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
