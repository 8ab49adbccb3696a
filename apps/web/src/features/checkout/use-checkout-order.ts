import { checkoutMessages } from '@bilum/shared/checkout';
import type {
  CheckoutOrder,
  CreateOrderResponse,
  PaymentResult,
  PlacedOrderResponse,
  PayOrderInput,
} from '@bilum/shared/checkout.schema';
import type { ContactDetailsInput } from '@bilum/shared/contact-details';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { type CheckoutLineRef, checkoutItemsSource } from '../../lib/checkout-handoff';
import { createOrder, payOrder, placeOrderToPayLater, refreshPayment } from './checkout.api';
import type { PaymentMethod } from '@bilum/shared/payment-methods';
import {
  attemptForContact,
  type CheckoutAttempt,
  newIdempotencyKey,
  orderToReplace,
  saveAttempt,
} from './checkout-attempt';

/** 'done': paid; stays busy (Pay disabled) until the confirmation page has replaced this one. */
export type PaymentPhase = 'idle' | 'placing' | 'paying' | 'processing' | 'redirecting' | 'done';

/** How often a payment that is still processing is checked again, and for how long at most. */
const processingPollMs = 2_000;
const processingPollLimit = 60;

/**
 * The order's price changed since the page showed it (409 PRICE_CHANGED, decision 022): nothing was charged; the
 * page shows `message` ("now K134.10 (was K189.00) because …. Pay K134.10.") and Pay shows the new amount.
 */
export interface PriceChange {
  message: string;
  was: number;
  now: number;
}

/** The PRICE_CHANGED refusal as the page shows it, or null for any other error. */
export function priceChangeOf(error: unknown): PriceChange | null {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return null;
  const quote = error.details.quote as { total?: unknown } | undefined;
  const was = error.details.was;
  if (typeof quote?.total !== 'number' || typeof was !== 'number') return null;
  return { message: error.message, was, now: quote.total };
}

export interface PaymentFailure {
  message: string;
  /** Why, for the page's toast: the card was refused, or the checkout itself went wrong. */
  kind: 'declined' | 'checkout';
}

/** The message for an order the server refused to make. */
export function orderErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return error.message;
    // UNAVAILABLE (issue 27): the order could not be stored and nothing was kept, in the server's words.
    const shown = [
      'OUT_OF_STOCK',
      'CONFLICT',
      'FORBIDDEN',
      'NOT_FOUND',
      'UNAUTHENTICATED',
      'VALIDATION',
      'RATE_LIMITED',
      'UNAVAILABLE',
      'PRICE_CHANGED',
    ];
    if (shown.includes(error.code)) return error.message;
  }
  return checkoutMessages.prepareFailed;
}

/**
 * Issue 27: a card order the server stored but whose payment it could not open yet (`payment: null`) is not kept
 * as this attempt's order: "Try again" sends the same attempt (same key), which finds that order and opens its
 * payment, never a second order.
 */
export function withOpenPayment(placed: PlacedOrderResponse): CreateOrderResponse {
  if (placed.payment) return { ...placed, payment: placed.payment };
  throw new ApiError(503, 'UNAVAILABLE', checkoutMessages.paymentNotOpened);
}

interface UseCheckoutOrderOptions {
  attempt: CheckoutAttempt;
  setAttempt: (attempt: CheckoutAttempt) => void;
  /**
   * What the order is made of: the handed-over lines the server will sell now, with its quantities
   * (`purchasableLines`); null until the quote has answered. Sold-out lines never reach the order.
   */
  purchasable: CheckoutLineRef[] | null;
  /** Where the 3-D Secure page sends the shopper back to (this page). */
  returnPath: string;
  /** Paid by card, or (issue 19) placed to pay by bank transfer or at pickup: on to the confirmation page. */
  onPaid: (order: CheckoutOrder, created: PlacedOrderResponse) => void;
  /** The provider gave no message (the spec's wording differs per checkout). */
  declinedFallback: string;
  /**
   * The total the page shows for the order about to be made (the server's quote), sent with it so that an order is
   * never placed at another price (decision 022); null while it is being priced (then the server's price stands).
   */
  shownTotal?: number | null;
  /** The server refused an amount the page showed: read the prices again. */
  onPriceChanged?: () => void;
}

/**
 * One checkout's order and payment: places the order once for the given contact details (same idempotency key on
 * a retry or double click), pays it, follows 3-D Secure and "processing", and picks the payment up again after
 * the redirect back (?payment_intent=…).
 */
export function useCheckoutOrder({
  attempt,
  setAttempt,
  purchasable,
  returnPath,
  onPaid,
  declinedFallback,
  shownTotal = null,
  onPriceChanged,
}: UseCheckoutOrderOptions) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [orderError, setOrderError] = useState<unknown>(null);
  /** Why the last placing failed, readable at once (the state above only on the next render). */
  const lastOrderError = useRef<unknown>(null);
  const polls = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({ attempt, onPaid, purchasable, shownTotal, onPriceChanged });
  latest.current = { attempt, onPaid, purchasable, shownTotal, onPriceChanged };
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** Makes (or finds again) the order for these contact details. */
  const placeOrder = useCallback(
    async (contact: ContactDetailsInput): Promise<CreateOrderResponse | null> => {
      const current = attemptForContact(latest.current.attempt, contact);
      if (current.created) return current.created;
      const lines = latest.current.purchasable;
      if (!lines || lines.length === 0) return null;
      if (current !== latest.current.attempt) {
        latest.current.attempt = current;
        setAttempt(current);
      }
      setPhase('placing');
      setOrderError(null);
      lastOrderError.current = null;
      try {
        const placed = await createOrder({
          idempotencyKey: current.idempotencyKey,
          contact,
          source: checkoutItemsSource({ kind: current.selection.kind, lines }),
          // The previous attempt's order: released with this one, so editing never piles up held orders.
          ...(current.replaces ? { replacesOrder: current.replaces } : {}),
          ...(latest.current.shownTotal !== null ? { expectedTotalToea: latest.current.shownTotal } : {}),
          ...(current.discountCode ? { discountCode: current.discountCode } : {}),
        });
        setPriceChange(null);
        const created = withOpenPayment(placed);
        const next = { ...current, created, replaces: null };
        latest.current.attempt = next;
        saveAttempt(next);
        setAttempt(next);
        return created;
      } catch (error) {
        lastOrderError.current = error;
        setOrderError(error);
        // Refused at another total (the page shows the message and Try again): the prices are read again first.
        if (priceChangeOf(error)) latest.current.onPriceChanged?.();
        return null;
      } finally {
        setPhase('idle');
      }
    },
    [setAttempt],
  );

  /**
   * Issue 19: places the order to pay by bank transfer or at pickup (a new key; it replaces the card order this
   * checkout made, so no second hold), then goes on to the confirmation page with the instructions.
   */
  const placeWithMethod = useCallback(
    async (contact: ContactDetailsInput, paymentMethod: Exclude<PaymentMethod, 'card'>, shown: number | null) => {
      const lines = latest.current.purchasable;
      if (!lines || lines.length === 0) return;
      const current = latest.current.attempt;
      setPhase('placing');
      setOrderError(null);
      setFailure(null);
      try {
        const placed = await placeOrderToPayLater({
          idempotencyKey: newIdempotencyKey(),
          contact,
          source: checkoutItemsSource({ kind: current.selection.kind, lines }),
          paymentMethod,
          ...(current.discountCode ? { discountCode: current.discountCode } : {}),
          ...(orderToReplace(current) ? { replacesOrder: orderToReplace(current) ?? undefined } : {}),
          ...(shown !== null ? { expectedTotalToea: shown } : {}),
        });
        setPhase('done');
        latest.current.onPaid(placed.order, placed);
      } catch (error) {
        setPhase('idle');
        const change = priceChangeOf(error);
        if (change) {
          // Nothing placed: the page shows the new total (read again) and the shopper places it at that.
          setPriceChange(change);
          latest.current.onPriceChanged?.();
          return;
        }
        setFailure({ kind: 'checkout', message: orderErrorMessage(error) });
      }
    },
    [],
  );

  const forgetOrder = useCallback(() => {
    const current = latest.current.attempt;
    // The next order replaces this one should it still hold stock (a hold that ended but was not yet released).
    const next = { ...current, created: null, contactJson: null, replaces: orderToReplace(current) };
    latest.current.attempt = next;
    saveAttempt(next);
    setAttempt(next);
  }, [setAttempt]);

  const handleResult = useCallback(
    (result: PaymentResult, created: CreateOrderResponse) => {
      window.clearTimeout(timer.current);
      switch (result.status) {
        case 'succeeded':
          // Busy until the confirmation page opens (its code may still be on the way on a slow connection).
          setPhase('done');
          latest.current.onPaid(result.order ?? created.order, created);
          return;
        case 'processing':
          setPhase('processing');
          if (polls.current++ >= processingPollLimit) {
            setPhase('idle');
            setFailure({ kind: 'checkout', message: checkoutMessages.processing });
            return;
          }
          timer.current = window.setTimeout(() => {
            refreshPayment(created.order.id, created.checkoutToken)
              .then((next) => handleResult(next, created))
              .catch(() => handleResult({ status: 'processing' }, created));
          }, processingPollMs);
          return;
        case 'requires_action':
          if (result.nextActionUrl) {
            setPhase('redirecting');
            window.location.assign(result.nextActionUrl);
            return;
          }
          setPhase('idle');
          setFailure({ kind: 'declined', message: declinedFallback });
          return;
        case 'requires_payment_method':
          setPhase('idle');
          setFailure({ kind: 'declined', message: result.error?.message ?? declinedFallback });
          return;
        case 'canceled':
          setPhase('idle');
          forgetOrder();
          setFailure({ kind: 'checkout', message: result.error?.message ?? checkoutMessages.holdExpired });
          return;
        case 'refunded':
          setPhase('idle');
          forgetOrder();
          setFailure({ kind: 'checkout', message: result.error?.message ?? checkoutMessages.refundedCannotHonour });
          return;
      }
    },
    [declinedFallback, forgetOrder],
  );

  /** Pays the order with what the card entry collected. */
  const pay = useCallback(
    async (created: CreateOrderResponse, input: PayOrderInput) => {
      setFailure(null);
      setPhase('paying');
      // The confirmation page's code, fetched while the card is confirmed rather than after.
      void import('./OrderConfirmationPage').catch(() => undefined);
      polls.current = 0;
      const returnUrl = `${window.location.origin}${returnPath}`;
      try {
        // The amount on the Pay button: the server refuses it (nothing charged) if the order now costs another.
        const expectedTotalToea = created.payment.amount;
        const result = await payOrder(
          created.order.id,
          { ...input, returnUrl, expectedTotalToea },
          created.checkoutToken,
        );
        setPriceChange(null);
        handleResult(result, created);
      } catch (error) {
        const change = priceChangeOf(error);
        const repriced = error instanceof ApiError ? (error.details.order as CheckoutOrder | undefined) : undefined;
        if (change && repriced) {
          // Decision 022: nothing was charged; Pay now shows the new amount, and the notice says why.
          const current = latest.current.attempt;
          const next = {
            ...current,
            created: { ...created, order: repriced, payment: { ...created.payment, amount: change.now } },
          };
          latest.current.attempt = next;
          saveAttempt(next);
          setAttempt(next);
          setPriceChange(change);
          setPhase('idle');
          latest.current.onPriceChanged?.();
          return;
        }
        // An order already paid (a second tab, a lost answer) or a payment whose outcome is unknown: ask again.
        try {
          const result = await refreshPayment(created.order.id, created.checkoutToken);
          if (result.status === 'succeeded' || result.status === 'processing') {
            handleResult(result, created);
            return;
          }
        } catch {
          // Fall through to the first error.
        }
        setPhase('idle');
        if (error instanceof ApiError && error.code === 'CONFLICT') forgetOrder();
        setFailure({
          kind: 'checkout',
          message:
            error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP'
              ? error.message
              : checkoutMessages.unexpected,
        });
      }
    },
    [handleResult, returnPath, forgetOrder, setAttempt],
  );

  // Back from the 3-D Secure page: check the payment again, then tidy the address.
  const returned = new URLSearchParams(location.search).get('payment_intent');
  const created = attempt.created;
  useEffect(() => {
    if (!returned || !created) return;
    setPhase('processing');
    polls.current = 0;
    void navigate(location.pathname, { replace: true });
    refreshPayment(created.order.id, created.checkoutToken)
      .then((result) => handleResult(result, created))
      .catch(() => {
        setPhase('idle');
        setFailure({ kind: 'checkout', message: checkoutMessages.unexpected });
      });
    // Once per return: the address is tidied at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  return {
    phase,
    priceChange,
    failure,
    setFailure,
    orderError,
    lastOrderError: () => lastOrderError.current,
    placeOrder,
    placeWithMethod,
    pay,
    forgetOrder,
    returnedFromAuthentication: !!returned,
  };
}
