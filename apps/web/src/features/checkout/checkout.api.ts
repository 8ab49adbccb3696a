import type {
  CheckoutQuote,
  CreateOrderInput,
  OrderConfirmation,
  PaymentPublicConfigResponse,
  PaymentResult,
  PayOrderInput,
  PlacedOrderResponse,
  SaveContactDetailsInput,
  TrackOrderInput,
  TrackedOrder,
} from '@bilum/shared/checkout.schema';
import { checkoutTokenHeader } from '@bilum/shared/checkout';
import type { ConfirmHoldAnswer, PublicPaymentMethods } from '@bilum/shared/payment-methods.schema';
import type { Profile } from '@bilum/shared/profile.schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { CheckoutItemsSource } from '../../lib/checkout-handoff';
import type { StoredContactDetails } from '../../lib/delivery-estimate';

// The saved details and the zones are read before checkout too (the cart's delivery fee): kept in lib.
export {
  contactDetailsKey,
  type StoredContactDetails,
  useContactDetails,
  useDeliveryOptions,
} from '../../lib/delivery-estimate';

/**
 * GET /api/profile: the account's name, e-mail, phone and address, which start a first checkout's contact form
 * (the spec's signed-in user carries them). Same key as the profile page, so both share one copy.
 */
export function useAccountDetails(enabled: boolean) {
  return useQuery({
    queryKey: ['profile'],
    queryFn: () => api<Profile>('/profile'),
    enabled,
    staleTime: 60_000,
    retry: 1,
  });
}

export const saveContactDetails = (input: SaveContactDetailsInput) =>
  api<{ contactDetails: StoredContactDetails; message: string }>('/contact-details', { method: 'PUT', body: input });

/** GET /api/payments/config: the test-card simulator or Stripe (with its publishable key). */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: () => api<PaymentPublicConfigResponse>('/payments/config'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/**
 * POST /api/checkout/quote: the handed-over lines as the server prices them now for this shopper (sold out or not)
 * and the total an order of the available ones charges. Read again whenever checkout opens; nothing is held.
 */

/** Where a checkout delivers to, for the quote's delivery fee (the server's; null until the shopper says). */
export type QuoteDestination = { pickup: boolean; province: string | null } | null;

/** The quote's query: the lines, where to, and the discount code (issue 30) it is priced with. */
export function checkoutQuoteQuery(
  source: CheckoutItemsSource | null,
  delivery: QuoteDestination = null,
  discountCode: string | null = null,
) {
  return {
    queryKey: ['checkout', 'quote', source, delivery, discountCode] as const,
    queryFn: () =>
      api<CheckoutQuote>('/checkout/quote', {
        method: 'POST',
        body: { source, ...(delivery ? { delivery } : {}), ...(discountCode ? { discountCode } : {}) },
      }),
  };
}

export function useCheckoutQuote(
  source: CheckoutItemsSource | null,
  delivery: QuoteDestination = null,
  discountCode: string | null = null,
) {
  return useQuery({
    ...checkoutQuoteQuery(source, delivery, discountCode),
    enabled: source !== null,
    // Dropped as soon as no page shows it (gcTime 0), so a checkout page opened again asks anew. The stale time
    // only keeps the quote a page the server rendered came with (read by the server as it rendered, seconds ago):
    // asked again at the app's take-over, it was a request and a second rendering of the form and summary in the
    // same long task (issue 29).
    staleTime: 10_000,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

const tokenHeaders = (checkoutToken: string | null | undefined): Record<string, string> =>
  checkoutToken ? { [checkoutTokenHeader]: checkoutToken } : {};

/**
 * POST /api/orders: the server prices the lines, holds the stock and opens the payment. `payment` is null when
 * the order was stored but its payment could not be opened yet (issue 27; use-checkout-order.ts withOpenPayment).
 */
export const createOrder = (input: CreateOrderInput) =>
  api<PlacedOrderResponse>('/orders', { method: 'POST', body: input });

/** POST /api/orders with a bank transfer or pay at pickup (issue 19): no payment intent in the answer. */
export const placeOrderToPayLater = (input: CreateOrderInput) =>
  api<PlacedOrderResponse>('/orders', { method: 'POST', body: input });

/** GET /api/payment-methods: which ways to pay the shop offers now. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api<PublicPaymentMethods>('/payment-methods'),
    staleTime: 60_000,
    retry: 1,
  });
}

export const payOrder = (orderId: number, input: PayOrderInput, checkoutToken: string | null) =>
  api<PaymentResult>(`/orders/${orderId}/payment`, {
    method: 'POST',
    body: input,
    headers: tokenHeaders(checkoutToken),
  });

export const refreshPayment = (orderId: number, checkoutToken: string | null) =>
  api<PaymentResult>(`/orders/${orderId}/payment/refresh`, {
    method: 'POST',
    body: {},
    headers: tokenHeaders(checkoutToken),
  });

/** GET /api/orders/:id/confirmation, re-read every few seconds while the e-mail is still being sent. */
export function useOrderConfirmation(orderId: number | null, checkoutToken: string | null) {
  return useQuery({
    queryKey: ['orders', orderId, 'confirmation'],
    queryFn: () => api<OrderConfirmation>(`/orders/${orderId}/confirmation`, { headers: tokenHeaders(checkoutToken) }),
    enabled: orderId !== null,
    retry: 1,
    refetchInterval: (query) => (query.state.data?.emailStatus === 'sending' ? 2_000 : false),
  });
}

/**
 * The order a tracking link (?tracking_code=) names, by GET: the server renders it into the page's first screen
 * (issue 29). Asked once; a refocus does not ask again (the lookups are rate-limited).
 */
export function useTrackedByCode(trackingCode: string) {
  return useQuery({
    queryKey: ['orders', 'track', trackingCode],
    queryFn: () => api<{ order: TrackedOrder }>(`/orders/track?tracking_code=${encodeURIComponent(trackingCode)}`),
    enabled: trackingCode !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The tracking form's lookup by e-mail and order id. */
export function useTrackOrder() {
  return useMutation({
    mutationFn: (input: TrackOrderInput) =>
      api<{ order: TrackedOrder }>('/orders/track', { method: 'POST', body: input }),
  });
}

/** POST /api/orders/:id/confirm-hold (issue 28): the single-use link of a guest's bank-transfer or pickup e-mail. */
export const confirmHold = (orderId: number, token: string) =>
  api<ConfirmHoldAnswer>(`/orders/${orderId}/confirm-hold`, { method: 'POST', body: { token } });
