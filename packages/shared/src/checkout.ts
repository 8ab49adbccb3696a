/*
 * The checkout's words, states and plain rules (no zod): what the storefront's pages need at start-up. The
 * request and answer schemas are in checkout.schema.ts, which re-exports all of this; a page imports from here so
 * that it does not evaluate zod before the shopper sends a form (issue 29).
 */

export const checkoutHoldMinutes = 15;

/** The spec's checkout messages (checkout-and-admin.md 5 and 8) plus the server's own. */
export const checkoutMessages = {
  noItems: 'No items found for checkout. Redirecting to cart.',
  noPurchasableItems: 'No purchasable items in your order. Returning to cart.',
  prepareFailed: 'Failed to prepare payment. Please try refreshing.',
  missingClientSecret: 'Failed to create payment intent on backend. Missing client secret.',
  cardMissing: 'Card details are missing.',
  cardIncomplete: 'Card details are incomplete. Please ensure all card fields are filled.',
  invalidTotal: 'Invalid total price. Cannot process payment for zero or negative amount.',
  confirmDetailsFirst: 'Please confirm your contact and shipping information first.',
  paymentNotReady: 'Payment system not ready.',
  paymentFailed: 'Payment failed. Please try again.',
  paymentNotSuccessful: 'Payment not successful.',
  paymentDidNotSucceed: (status: string) => `Payment did not succeed. Status: ${status}.`,
  saveFailedAfterPayment: 'Order payment succeeded, but failed to save order details. Please contact support.',
  errorAfterPayment: 'An error occurred after payment. Please contact support.',
  guestSaveFailedAfterPayment: 'Failed to save order details after successful payment.',
  unexpected: 'An unexpected error occurred during checkout.',
  orderSaveFailedToast: 'Order save failed!',
  checkoutErrorToast: 'Checkout Error',
  emptyGuestCart: 'Your cart is empty. Please add items to your cart before checking out.',
  paymentSystemError: 'Payment System Error',
  // The server's own
  signInForCart: 'Please sign in to check out your saved cart.',
  membershipNeedsAccount: 'Please sign in or register to buy Premium membership.',
  outOfStock: (name: string, available: number) =>
    available <= 0
      ? `Sorry, ${name} is sold out.`
      : `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} left.`,
  duplicateProduct: 'Each product may appear only once in an order.',
  /** Issue 27: the order could not be stored (a full disk, the database gone): nothing was kept. */
  orderNotSaved: 'We could not save your order; you have not been charged. Please try again.',
  /** Issue 27: the order is stored, but its card payment could not be opened yet; the same attempt opens it. */
  paymentNotOpened: 'Your order is saved, but we could not prepare its payment just now. Please try again.',
  idempotencyConflict: 'This checkout was already used for another order. Please start checkout again.',
  holdExpired: 'Your reservation has expired. Please start checkout again.',
  alreadyPaid: 'This order is already paid.',
  orderCancelled: 'This order was cancelled. Please start checkout again.',
  orderReplaced: (newOrderId: number) =>
    `This order was replaced by your newer order #${newOrderId} when you changed your checkout. Please pay that order instead.`,
  refundedReplaced:
    'Your payment went through, but you had already changed your checkout and placed a newer order, so we cancelled this one and refunded your payment in full.',
  refundedCannotHonour:
    'Your payment went through, but an item in your order is no longer available, so we cancelled the order and refunded your payment in full.',
  processing: 'Your payment is being processed. This page updates when it completes.',
  perOrderLimit: (name: string, max: number) => `You can buy at most ${max} of ${name} in one order.`,
  tooManyLines: 'An order can have at most 100 lines.',
  totalTooLarge:
    'This order is too large to pay online. Please place it as several smaller orders, or contact us to order in bulk.',
  /*
   * Issue 28 (decision 029): refusals of what unpaid orders would hold. Each names what the shopper can do; none
   * tells anyone they have orders (the address may be shared) or to wait days.
   */
  holdUnitsPerShopper: (max: number) =>
    `We reserve up to ${max} items at a time for one shopper’s orders awaiting payment. To buy more now, pay by card, pay an order you have already placed, or choose fewer items.`,
  holdValuePerShopper: (max: string) =>
    `We reserve up to ${max} at a time for one shopper’s orders awaiting payment. To buy more now, pay by card, pay an order you have already placed, or choose fewer items.`,
  holdPerAddress:
    'We can’t reserve more items for pay-later orders from your internet connection right now, because many shoppers share it. Please pay by card, or sign in to your account and try again.',
  holdStockShare: (name: string, units: number) =>
    units > 0
      ? `Only ${units} of ${name} can be reserved for a pay-later order right now; the rest stays on sale for shoppers paying now. Choose ${units} or fewer, or pay by card.`
      : `${name} can’t be reserved for a pay-later order right now; the rest stays on sale for shoppers paying now. Please pay by card to buy it.`,
  holdConfirmed: (heldUntil: string, pickup: boolean) =>
    pickup
      ? `Thank you, your order is confirmed. We hold your items for you to collect and pay at the counter until ${heldUntil}.`
      : `Thank you, your order is confirmed. We hold your items until ${heldUntil}: please pay by bank transfer before then.`,
  holdConfirmLinkUsed:
    'This confirmation link has already been used or has expired. Track your order to see where it stands.',
  holdConfirmExpired:
    'This order was not confirmed in time, so its items went back on sale. Please place the order again.',
  confirmWithin: (minutes: number) =>
    `Confirm your order from the e-mail we sent within ${minutes} minutes, or the items go back on sale.`,
  cardCheckoutsOpen:
    'Several card checkouts for these contact details are still open. Please finish paying for one of them, or try again in a few minutes.',
  cardCheckoutsPerAddress:
    'Too many card checkouts are open from your internet connection right now. Please sign in to your account, or try again in a few minutes.',
  premiumCheckoutOpen:
    'You already have a Premium membership order waiting for payment. Please pay that order, or try again when its reservation ends.',
  refundedPremiumActive:
    'Your payment went through, but Premium had already been activated on your account by another payment, so we refunded this payment in full.',
} as const;

export const trackingMessages = {
  invalidInput: 'Please enter valid Order ID and Email Address.',
  notFound: 'Order not found.',
  notFoundTitle: 'Order Not Found',
  bothFailed: 'Both tracking services failed. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  noItems: 'No items found for this order.',
  statusUnknown: 'Status Unknown',
  toBeConfirmed: 'To be confirmed',
  /** Issue 17: an unpaid order is tracked as what it is, never as placed. */
  awaitingPayment: 'Awaiting payment',
  paymentNotCompleted: 'Payment not completed',
  payAtPickupNote: 'Your order is confirmed. Please pay in cash or by EFTPOS at the counter when you collect it.',
  awaitingTransferNote:
    'We are waiting for your bank transfer. Pay as shown below; we confirm your order when it arrives.',
  awaitingPaymentNote: 'We have not received the payment for this order yet, so it has not been placed.',
  paymentNotCompletedNote:
    'The payment for this order was not completed, so it was not placed and nothing will be sent. You have not been charged for it.',
} as const;

export const confirmationEmailMessages = {
  failed: 'Failed to send email. Please check your spam folder or contact support.',
} as const;

export const orderPaymentStatuses = ['pending', 'paid', 'failed', 'refunded', 'cancelled'] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];
/** Exactly the spec's shipping statuses (checkout-and-admin.md 4). */
export const shippingStatuses = ['Pending', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

export const checkoutTokenHeader = 'x-checkout-token';

/**
 * The payment's state as the page must act on it (the provider's intent statuses, as the spec's client reads
 * them): succeeded (order paid: `order` set, go to the confirmation), processing (call refresh again in a
 * moment), requires_action (go to `nextActionUrl`), requires_payment_method (declined or authentication
 * refused: show `error.message`, the shopper may try another card), canceled (the hold ended), refunded (paid
 * but no longer honourable: refunded in full, `error.message` says so).
 */
export const paymentOutcomeStatuses = [
  'succeeded',
  'processing',
  'requires_action',
  'requires_payment_method',
  'canceled',
  'refunded',
] as const;
export type PaymentOutcomeStatus = (typeof paymentOutcomeStatuses)[number];

export const confirmationEmailStatuses = ['sending', 'sent', 'failed'] as const;
export type ConfirmationEmailStatus = (typeof confirmationEmailStatuses)[number];

/** True once the order was placed (paid, or paid and refunded): only then do shipping and delivery apply. */
export const isPlacedOrder = (order: { paymentStatus: OrderPaymentStatus }) =>
  order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
