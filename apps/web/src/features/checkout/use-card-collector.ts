import { checkoutMessages } from '@bilum/shared/checkout';
import type { PayOrderInput } from '@bilum/shared/checkout.schema';
import { useCallback, useRef, useState } from 'react';
import type { CardEntryHandle, CardEntryState } from '../../components/payment/CardEntry';
import type { BillingDetails } from '../../components/payment/card-details';

export type CollectResult = { ok: true; input: PayOrderInput } | { ok: false; message: string };

/**
 * The page's side of the shared card entry: whether it is ready and complete, and the card (or Stripe's
 * PaymentMethod id) when Pay is pressed, with the checkout's own "card details missing" wording.
 */
export function useCardCollector() {
  const ref = useRef<CardEntryHandle | null>(null);
  const [state, setState] = useState<CardEntryState>({ ready: false, complete: false, error: null });
  const collect = useCallback(
    async (billing: BillingDetails, missingMessage: string): Promise<CollectResult> => {
      if (!ref.current || !state.ready) return { ok: false, message: checkoutMessages.paymentNotReady };
      if (!state.complete) return { ok: false, message: missingMessage };
      try {
        return { ok: true, input: await ref.current.collect(billing) };
      } catch (error) {
        // The provider's own message (e.g. Stripe's "Your card number is incomplete."), shown as it is.
        return { ok: false, message: error instanceof Error ? error.message : checkoutMessages.paymentFailed };
      }
    },
    [state],
  );
  /** Stripe.js could not be loaded: the page shows "Payment System Error". */
  const loadFailed = !state.ready && state.error === checkoutMessages.paymentSystemError;
  return { ref, state, onStateChange: setState, collect, loadFailed };
}

export type CardCollector = ReturnType<typeof useCardCollector>;
