/**
 * Ways to pay (issue 19, docs/decisions/011-payment-methods.md): the card (the payment provider, decision 004),
 * a bank transfer or mobile-banking payment that staff record when it arrives, and paying at the counter when the
 * order is collected at a pickup point. Pure rules and words, shared by the API, its e-mails and the pages.
 */
import { formatKina } from './money';

export const paymentMethods = ['card', 'bank-transfer', 'pickup'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: 'Card',
  'bank-transfer': 'Bank transfer / mobile banking',
  pickup: 'Pay at pickup',
};

/** How a pickup order was paid at the counter. */
export const counterPaymentMethods = ['cash', 'eftpos'] as const;
export type CounterPaymentMethod = (typeof counterPaymentMethods)[number];
export const counterPaymentLabels: Record<CounterPaymentMethod, string> = { cash: 'Cash', eftpos: 'EFTPOS' };

export const defaultBankTransferHoldHours = 48;
export const defaultPickupDeadlineDays = 3;
/** The reminder of an unpaid bank transfer goes this long before its hold ends (once). */
export const paymentReminderHoursBefore = 12;

/**
 * A bank-transfer order's payment reference (issue 27, decision 025): "PAY 4827 31", five random digits and a
 * check digit, grouped for reading out. Digits only, so it is quick to type on a feature phone's keypad (*131#,
 * *525#); "PAY" and the grouping make it look nothing like the tracking code ("BLM-7K3Q-…"), and the check digit
 * (Damm: catches every single wrong digit and every swap of two neighbours) tells a mistyped one from another
 * order's. Orders placed by earlier releases keep their "BLM-482731" and still match.
 */
export const paymentReferencePattern = /^PAY \d{4} \d{2}$/;
/** Before issue 27: "BLM-" and six random digits, no check digit. */
export const legacyPaymentReferencePattern = /^BLM-\d{6}$/;

const dammTable = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/** The Damm check digit of a string of digits (appending it makes `dammValid` true). */
export function dammCheckDigit(digits: string): number {
  let interim = 0;
  for (const char of digits) interim = dammTable[interim]![Number(char)]!;
  return interim;
}

export const dammValid = (digits: string): boolean => /^\d+$/.test(digits) && dammCheckDigit(digits) === 0;

/** "PAY 4827 31" from five digits ("48273"): the check digit appended, grouped 4 + 2. */
export function paymentReferenceFromDigits(five: string): string {
  if (!/^\d{5}$/.test(five)) throw new Error('a payment reference is made of five digits');
  const six = `${five}${dammCheckDigit(five)}`;
  return `PAY ${six.slice(0, 4)} ${six.slice(4)}`;
}

/** Upper case, no spaces, dashes or dots: "pay 4827 31" and "PAY-482731" both read "PAY482731". */
export const compactPaymentReference = (input: string): string => input.toUpperCase().replace(/[\s.-]/g, '');

/**
 * What staff or a shopper typed ("pay 4827 31", "PAY482731", "482731", and for an earlier release's order
 * "blm 482 731" or "BLM-482731") as the stored form, or null. A "PAY" reference whose check digit does not fit
 * is null: a digit was mistyped. Six bare digits are read as a new reference when their check digit fits, else
 * as an earlier release's.
 */
export function normalisePaymentReference(input: string): string | null {
  const compact = compactPaymentReference(input.trim());
  const pay = /^(?:PAY)?(\d{6})$/.exec(compact);
  if (pay && dammValid(pay[1]!)) return `PAY ${pay[1]!.slice(0, 4)} ${pay[1]!.slice(4)}`;
  if (compact.startsWith('PAY')) return null;
  const legacy = /^(?:BLM)?(\d{6})$/.exec(compact);
  return legacy ? `BLM-${legacy[1]}` : null;
}

/** True when the text is meant as a new payment reference ("PAY" and six digits) but its check digit is wrong. */
export function isMistypedPaymentReference(input: string): boolean {
  const match = /^PAY(\d{6})$/.exec(compactPaymentReference(input.trim()));
  return match !== null && !dammValid(match[1]!);
}

/** What the shop says about an order's payment (admin list and view, tracking, confirmation). */
export const orderPaymentStates = [
  'paid',
  'over-paid',
  'awaiting-payment',
  'part-paid',
  'pay-at-pickup',
  'not-completed',
  'not-completed-refund-due',
  'refunded',
] as const;
export type OrderPaymentState = (typeof orderPaymentStates)[number];

export const orderPaymentStateLabels: Record<OrderPaymentState, string> = {
  paid: 'Paid',
  'over-paid': 'Over-paid (refund due)',
  'awaiting-payment': 'Awaiting payment',
  'part-paid': 'Part-paid',
  'pay-at-pickup': 'Pay at pickup',
  'not-completed': 'Payment not completed',
  'not-completed-refund-due': 'Not completed (refund due)',
  refunded: 'Refunded',
};

export interface PaymentStateInput {
  paymentMethod: PaymentMethod;
  paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded' | 'cancelled';
  /** toea */
  total: number;
  /** toea recorded by staff (bank transfer, counter); 0 for a card. */
  amountReceived: number;
  /** toea given back by refunds that went through (issue 27: an over-payment refunded is no longer due). */
  refunded?: number;
}

/**
 * The one rule for an order's payment state: statuses stay the provider's (`pending`, `paid`, …); a bank transfer
 * is part-paid while it has received less than its total, and over-paid once more than its total arrived.
 */
export function orderPaymentState(order: PaymentStateInput): OrderPaymentState {
  switch (order.paymentStatus) {
    case 'paid':
      return order.paymentMethod !== 'card' && amountOverpaid(order) > 0 ? 'over-paid' : 'paid';
    case 'refunded':
      return 'refunded';
    case 'failed':
    case 'cancelled':
      // Issue 27: a part-paid bank transfer that ended unpaid owes its money back until refunded.
      return amountOwed(order) > 0 ? 'not-completed-refund-due' : 'not-completed';
    default:
      if (order.paymentMethod === 'pickup') return 'pay-at-pickup';
      if (order.paymentMethod === 'bank-transfer' && order.amountReceived > 0) return 'part-paid';
      return 'awaiting-payment';
  }
}

/** toea still to pay (never negative). */
export const amountOutstanding = (order: { total: number; amountReceived: number }): number =>
  Math.max(0, order.total - order.amountReceived);

/** toea still to give back to a shopper who sent more than the total (refunds give the excess back first). */
export const amountOverpaid = (order: { total: number; amountReceived: number; refunded?: number }): number =>
  Math.max(0, order.amountReceived - (order.refunded ?? 0) - order.total);

/**
 * toea the shop owes the shopper back (issue 27): a paid order's over-payment not yet refunded, or all the money an
 * order that ended unpaid (cancelled, its hold expired) received and has not yet refunded. Part-payments are never
 * a sale (books.ts), so giving them back takes nothing off the books.
 */
export const amountOwed = (order: {
  paymentStatus: PaymentStateInput['paymentStatus'];
  total: number;
  amountReceived: number;
  refunded?: number;
}): number => {
  if (order.paymentStatus === 'paid') return amountOverpaid(order);
  if (order.paymentStatus === 'cancelled' || order.paymentStatus === 'failed') {
    return Math.max(0, order.amountReceived - (order.refunded ?? 0));
  }
  return 0;
};

/** How to pay by mobile banking from a phone, in the shop's words (e-mail, confirmation and tracking pages). */
export const mobileBankingSteps: readonly string[] = [
  'BSP: dial *131# and choose Transfer Funds, then Other Bank or BSP Account.',
  'Kina Bank: dial *525# and choose Transfers.',
  'MiBank and other mobile wallets: choose Pay Bills or Transfer in your wallet menu.',
  'Use internet banking or a branch if you prefer. Always quote the payment reference.',
];

export const paymentMethodMessages = {
  methodOff: 'This way to pay is not available at the moment. Please choose another.',
  pickupNeedsPickup: 'Pay at pickup is only for orders you collect at a pickup point.',
  premiumNoPickup: 'Premium membership can be paid by card or bank transfer.',
  amountPositive: 'Enter the amount received, more than K0.00.',
  amountTooLarge: 'That amount is too large. Check the figure on the bank statement.',
  bankReferenceRequired: "Enter the bank's reference for this payment.",
  receivedOnInvalid: 'Enter the date the money arrived (YYYY-MM-DD), not in the future.',
  notBankTransfer: 'Payments are recorded only for bank-transfer orders.',
  notPickup: '"Paid and collected" is only for pay-at-pickup orders.',
  notAwaiting: 'This order is not waiting for a payment.',
  settingsSaved: 'Payment settings saved.',
  bankDetailsRequired: 'Enter the bank account details to offer bank transfer.',
  oneMethodRequired: 'Keep at least one way to pay turned on.',
  recorded: (state: OrderPaymentState, outstanding: number, overpaid: number) =>
    state === 'part-paid'
      ? `Payment recorded. ${formatKina(outstanding)} still to pay.`
      : state === 'over-paid'
        ? `Payment recorded. Over-paid: refund ${formatKina(overpaid)}.`
        : 'Payment recorded. The order is paid.',
  collected: 'Marked as paid and collected.',
} as const;

/** Which ways to pay the shop has turned on (the public `GET /api/payment-methods` answer's shape). */
export interface ShopPaymentMethods {
  card: boolean;
  bankTransfer: boolean;
  pickup: boolean;
}

/** What decides which ways to pay fit an order: collected at a pickup point, and anything to collect at all. */
export interface OrderForPayment {
  pickup: boolean;
  hasPhysicalItems: boolean;
}

/**
 * The ways to pay an order may use: those the shop has on; pay at pickup only for an order with items collected
 * at a pickup point (never for membership alone). Empty when none fits: the checkout then says so
 * (`noPaymentMethodMessage`) instead of offering a way to pay the server would refuse.
 */
export function paymentMethodsForOrder(shop: ShopPaymentMethods, order: OrderForPayment): PaymentMethod[] {
  const list: PaymentMethod[] = [];
  if (shop.card) list.push('card');
  if (shop.bankTransfer) list.push('bank-transfer');
  if (shop.pickup && order.pickup && order.hasPhysicalItems) list.push('pickup');
  return list;
}

/** The checkout's words when no way to pay fits the order: choosing pickup helps only when pay at pickup is on. */
export function noPaymentMethodMessage(shop: ShopPaymentMethods, order: OrderForPayment): string {
  const pickupWouldHelp = shop.pickup && order.hasPhysicalItems && !order.pickup;
  return pickupWouldHelp
    ? 'No way to pay is available for this order. Please choose pickup at a pickup point and pay at the counter, or contact us.'
    : 'No way to pay is available for this order at the moment. Please contact us.';
}

/** A calendar date typed as YYYY-MM-DD that exists, or null. */
export function parseIsoDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}
