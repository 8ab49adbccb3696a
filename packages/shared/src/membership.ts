import type { MembershipState } from './session';

/** The spec's "Membership payment" catalogue (checkout-and-admin.md 5, 6, 8), word for word. */
export const membershipMessages = {
  signInToSubscribe: 'Please log in to subscribe to membership.',
  serviceNotReady: 'Payment service is not ready. Please wait a moment and try again.',
  userNotFound: 'User information not found. Please log in again.',
  cardInputMissing: 'Card input not found. Please refresh the page.',
  confirmationFailed: 'Payment confirmation failed.',
  notCompleted: (status: string) => `Payment not completed. Status: ${status}. Please try again.`,
  updateFailed: 'Payment succeeded, but failed to update membership. Please contact support immediately.',
  initHttp: (statusText: string) => `Error initializing payment: ${statusText}. Please try again.`,
  initFailed: 'Failed to initialize payment. Please contact support.',
  network: 'Failed to connect to payment service. Check your network.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  activated: 'Membership activated successfully!',
  activatedDetail: 'You now have access to exclusive benefits and 10% off on all products.',
  cardholderRequired: 'Cardholder name is required',
  termsRequired: 'You must accept the terms and conditions to proceed.',
  renewed: 'Membership renewed for another year!',
  renewTooEarly: 'You can renew in the last 30 days of your membership.',
} as const;

/** Renew is offered in the last 30 days of a membership (decisions.md "Renewal"). */
export const RENEWAL_WINDOW_DAYS = 30;
/** How long the shopper sees the success message before /membership-success (decisions.md delays). */
export const MEMBERSHIP_SUCCESS_DELAY_MS = 2000;

const dayMs = 24 * 60 * 60_000;

/** True from 30 days before the end date (and after it, so a lapsed member can come back). */
export function isInRenewalWindow(endsAt: Date | string | null, now: Date = new Date()): boolean {
  if (endsAt === null) return false;
  const end = typeof endsAt === 'string' ? new Date(endsAt) : endsAt;
  return end.getTime() - now.getTime() <= RENEWAL_WINDOW_DAYS * dayMs;
}

/**
 * Whether this shopper may pay for Premium now, on /membership-payment or through the cart and checkout: anyone
 * without an active membership, and an active member in the last 30 days (a renewal). Otherwise the answer is
 * "You already have an active membership." (decisions.md "Renewal").
 */
export function canBuyPremium(state: Pick<MembershipState, 'isMember' | 'endsAt'>, now: Date = new Date()): boolean {
  return !state.isMember || isInRenewalWindow(state.endsAt, now);
}

/** The same calendar day one year on (29 February becomes 28 February in a common year, like Stripe). */
export function addOneYear(from: Date): Date {
  const next = new Date(from.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}
