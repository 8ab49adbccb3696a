import type { CreateOrderResponse } from '@bilum/shared/checkout.schema';
import { useCallback, useMemo } from 'react';
import {
  type CheckoutLineRef,
  checkoutItemsSource,
  checkoutLineKey,
  dropFromCheckoutHandoff,
} from '../../lib/checkout-handoff';
import { readGuestCart, saveGuestCart } from '../../lib/guest-cart';
import { type QuoteDestination, useCheckoutQuote } from './checkout.api';
import { type CheckoutAttempt, saveAttempt } from './checkout-attempt';
import { lineChanges, purchasableLines, serverLines, unavailableLines } from './checkout-quote';
import { orderSummaryData, previewSummaryData, quoteSummaryData } from './OrderSummary';

/**
 * The lines of one checkout as the server sees them (issue 17, defect 1): the quote before the order, the order
 * once made. Sold-out lines are listed apart (and can be removed), never counted; a price that changed since the
 * cart is reported.
 */
export function useCheckoutLines(
  attempt: CheckoutAttempt,
  setAttempt: (attempt: CheckoutAttempt) => void,
  created: CreateOrderResponse | null,
  /** Where to (issue 19): the quote's delivery fee is the server's for it; null until the shopper says. */
  destination: QuoteDestination = null,
) {
  const selection = attempt.selection;
  const lines = selection.lines;
  const source = useMemo(() => (lines.length > 0 ? checkoutItemsSource(selection) : null), [selection, lines.length]);
  const quote = useCheckoutQuote(source, destination, attempt.discountCode ?? null);
  const purchasable = useMemo(
    () => purchasableLines(lines, quote.data, quote.isError),
    [lines, quote.data, quote.isError],
  );
  const unavailable = useMemo(() => unavailableLines(lines, quote.data), [lines, quote.data]);
  const changes = useMemo(
    () => lineChanges(lines, serverLines(created?.order ?? null, quote.data)),
    [lines, created, quote.data],
  );

  /** Takes a sold-out line out of this checkout (and of the hand-off, so a reload agrees). */
  const removeUnavailable = useCallback(
    (dropped: Pick<CheckoutLineRef, 'productId' | 'variantId'>) => {
      const kept = lines.filter((line) => checkoutLineKey(line) !== checkoutLineKey(dropped));
      if (!dropFromCheckoutHandoff(dropped, attempt.audience) && selection.kind === 'cart') {
        // A guest's whole stored cart was handed over: the line goes from the cart itself.
        saveGuestCart(
          readGuestCart().items.filter(
            (item) =>
              checkoutLineKey({ productId: item.product_id, variantId: item.variant_id ?? null }) !==
              checkoutLineKey(dropped),
          ),
        );
      }
      const next = { ...attempt, selection: { ...selection, lines: kept } };
      if (kept.length > 0) saveAttempt(next);
      setAttempt(next);
    },
    [attempt, selection, lines, setAttempt],
  );

  const refetch = quote.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);

  const summary = created
    ? orderSummaryData(created.order)
    : quote.data
      ? quoteSummaryData(quote.data)
      : previewSummaryData(lines);
  return {
    /** The order's lines: null until the quote answers. */
    purchasable,
    unavailable,
    changes,
    removeUnavailable,
    summary,
    /** The prices shown are the browser's (the quote could not be read): the summary says so. */
    preview: !created && !quote.data,
    /** Still asking the server: the summary waits rather than show the browser's prices. */
    pricing: !created && quote.isPending && source !== null,
    /** The applied discount code as the quote sees it (issue 30): applied, or refused with the reason. */
    quotedCode: quote.data?.discountCode ?? null,
    /** What the quote is asked for, to check a code before applying it. */
    quoteFor: { source, destination },
    /** Asks the server again (the order found a line sold out in the meantime). */
    refresh,
    /** Everything handed over is sold out: nothing to order. */
    nothingToBuy: purchasable !== null && purchasable.length === 0 && lines.length > 0,
  };
}
