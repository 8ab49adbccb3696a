import type { SecurityOptions } from '../../plugins/security-headers';

type PaymentOrigins = Required<
  Pick<SecurityOptions, 'extraScriptOrigins' | 'extraFrameOrigins' | 'extraConnectOrigins'>
>;

/**
 * The third-party origins the Content-Security-Policy must allow for the payment provider's card entry: none
 * for the simulator (its page is the shop's own), Stripe.js and its frames for Stripe (decisions.md).
 */
export function paymentCspOrigins(provider: 'simulator' | 'stripe'): PaymentOrigins {
  if (provider === 'simulator') return { extraScriptOrigins: [], extraFrameOrigins: [], extraConnectOrigins: [] };
  return {
    extraScriptOrigins: ['https://js.stripe.com'],
    extraFrameOrigins: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    extraConnectOrigins: ['https://api.stripe.com'],
  };
}
