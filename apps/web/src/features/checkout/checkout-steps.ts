import type { MessageId } from '../../i18n/i18n';

/** The three-step indicator of both checkouts (checkout-and-admin.md 2): "User Details", "Payment", "Order Confirmation". */
export const checkoutStepLabels = [
  'checkout.step.userDetails',
  'checkout.step.payment',
  'checkout.step.confirmation',
] as const satisfies readonly MessageId[];

export interface CheckoutProgress {
  /** Contact details are known (signed in: loaded; guest: confirmed with Continue to Checkout). */
  detailsConfirmed: boolean;
  /** The payment succeeded and the order is saved. */
  orderPaid: boolean;
}

/**
 * The step the shopper is on, 1 to 3: details first, payment once the details are confirmed, confirmation once
 * the order is paid (editing details in the modal keeps them confirmed, so it stays on payment).
 */
export function checkoutStep({ detailsConfirmed, orderPaid }: CheckoutProgress): 1 | 2 | 3 {
  if (orderPaid) return 3;
  return detailsConfirmed ? 2 : 1;
}

/**
 * Guest checkout: its details count as confirmed once the card order is made for them; with the card turned off
 * (issue 19 follow-up) no card order is made up front, so once they are given (the order is placed by
 * "Place order" with bank transfer or pay at pickup).
 */
export function guestDetailsConfirmed({
  detailsGiven,
  cardOrderMade,
  cardOn,
}: {
  detailsGiven: boolean;
  cardOrderMade: boolean;
  cardOn: boolean;
}): boolean {
  return detailsGiven && (cardOrderMade || !cardOn);
}
