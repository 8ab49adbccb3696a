import { cartSummary } from './cart';
import { formatKina, type Toea } from './money';
import { memberPrice } from './pricing';

/*
 * The quote of an unpaid order (issue 27, seam 2; decision 022): what the order costs now, given the lines and
 * delivery fee it was placed with and what has changed since (the shopper joined Premium, staff lowered a price or
 * a zone's fee). A held order's price only falls: each line costs the lower of its placed price and today's price
 * for this shopper, and delivery the lower of its placed fee and today's (K0.00 for a member and for pickup). A
 * shopper is never charged more than they were quoted, and never more than the page showed: every payment attempt
 * is priced by this rule first, and one whose amount differs from what the shopper saw is refused with the quote.
 */

/** One placed line of the order, with what its product costs today. */
export interface QuoteLineInput {
  /** The order line's id (order_items.id). */
  id: number;
  productId: number;
  name: string;
  quantity: number;
  /** What the order was placed at for one unit (the member price when it applied then). */
  placedUnitPrice: Toea;
  placedOriginalPrice: Toea | null;
  isMembership: boolean;
  /**
   * The product's regular price today (before the member discount); null when it has none any more (archived, or
   * not a valid price): the placed price stands.
   */
  todayPrice: Toea | null;
  /** The product's own "was" price today (a sale), if any. */
  todayOriginalPrice?: Toea | null;
}

export interface OrderQuoteInput {
  lines: readonly QuoteLineInput[];
  /** The delivery fee the order was placed with. */
  placedShipping: Toea;
  /** The shopper's membership now (a guest is never a member). */
  membership: { isMember: boolean; discountRate: number };
  /**
   * Delivery now: `pickup` and `nothingToDeliver` are free; otherwise `zoneFee` is today's fee of the order's zone
   * (null when its province has no zone now: the placed fee stands).
   */
  delivery: { pickup: boolean; nothingToDeliver: boolean; zoneFee: Toea | null };
}

export interface QuotedLine {
  id: number;
  productId: number;
  name: string;
  quantity: number;
  unitPrice: Toea;
  originalPrice: Toea | null;
  /** Before a discount code. */
  lineTotal: Toea;
  /** The discount code's share of the line (issue 30): 0 without one. */
  discount: Toea;
}

/** Why a quote differs from what the order was placed at. */
/** (`price-rose` only for an order not yet placed: nothing was quoted yet, so today's price is the quote.) */
export type QuoteReason = 'member-price' | 'member-delivery' | 'price-fell' | 'delivery-fee-fell' | 'price-rose';

export interface OrderQuote {
  lines: QuotedLine[];
  subtotal: Toea;
  savings: Toea;
  shipping: Toea;
  /** All a discount code takes off (its lines' shares and the delivery it makes free). */
  discount: Toea;
  total: Toea;
  /** Empty when nothing changed. */
  reasons: QuoteReason[];
}

/** The order's quote now (a pure rule: the API reads the inputs, the tests check the rule). */
export function quoteOrder(input: OrderQuoteInput): OrderQuote {
  const { isMember, discountRate } = input.membership;
  const reasons = new Set<QuoteReason>();
  const lines: QuotedLine[] = input.lines.map((line) => {
    let unitPrice = line.placedUnitPrice;
    let originalPrice = line.placedOriginalPrice;
    if (line.todayPrice !== null && line.todayPrice > 0) {
      const today = isMember ? memberPrice(line.todayPrice, discountRate, line.isMembership) : line.todayPrice;
      if (today < unitPrice) {
        const memberPriced = today < line.todayPrice;
        reasons.add(memberPriced && line.todayPrice >= unitPrice ? 'member-price' : 'price-fell');
        // The "was" price the summary strikes through: what the shopper was quoted before, or the product's own.
        const listed = line.todayOriginalPrice ?? null;
        originalPrice = Math.max(originalPrice ?? unitPrice, listed ?? 0, memberPriced ? line.todayPrice : 0);
        unitPrice = today;
      }
    }
    return {
      id: line.id,
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice,
      originalPrice,
      lineTotal: unitPrice * line.quantity,
      discount: 0,
    };
  });

  let shipping = input.placedShipping;
  if (input.delivery.pickup || input.delivery.nothingToDeliver) shipping = 0;
  else if (isMember && shipping > 0) {
    shipping = 0;
    reasons.add('member-delivery');
  } else if (input.delivery.zoneFee !== null && input.delivery.zoneFee < shipping) {
    shipping = Math.max(0, Math.trunc(input.delivery.zoneFee));
    reasons.add('delivery-fee-fell');
  }

  const summary = cartSummary(
    lines.map((line) => ({ ...line, available: true })),
    shipping,
  );
  return {
    lines,
    subtotal: summary.subtotal,
    savings: summary.savings,
    shipping,
    discount: 0,
    total: summary.total,
    reasons: [...reasons],
  };
}

/** An order line as it was placed (or last priced), with its discount code's share. */
export interface PlacedCodeLine {
  id: number;
  quantity: number;
  unitPrice: Toea;
  originalPrice: Toea | null;
  discount: Toea;
}

/**
 * An order placed with a discount code, priced again (decision 040): `quote` is the order's quote without the
 * code and `code` what the code takes off it now (`priceWithCode`: each line's share, and the delivery). The
 * price still only falls: each line costs the lower of what it cost as placed (with its share) and what it costs
 * now with the code; delivery likewise.
 */
export function quoteWithCode(
  quote: OrderQuote,
  code: { lineDiscounts: readonly Toea[]; shippingDiscount: Toea },
  placed: { lines: readonly PlacedCodeLine[]; shipping: Toea; shippingDiscount: Toea },
): OrderQuote {
  const lines = quote.lines.map((line, index) => {
    const discount = Math.min(code.lineDiscounts[index] ?? 0, line.lineTotal);
    const before = placed.lines.find((candidate) => candidate.id === line.id);
    if (!before) return { ...line, discount };
    const placedNet = before.unitPrice * before.quantity - before.discount;
    if (line.lineTotal - discount <= placedNet) return { ...line, discount };
    return {
      ...line,
      unitPrice: before.unitPrice,
      originalPrice: before.originalPrice,
      lineTotal: before.unitPrice * before.quantity,
      discount: before.discount,
    };
  });
  const shippingNow = { fee: quote.shipping, discount: Math.min(code.shippingDiscount, quote.shipping) };
  const placedNet = placed.shipping - placed.shippingDiscount;
  const delivery =
    shippingNow.fee - shippingNow.discount <= placedNet
      ? shippingNow
      : { fee: placed.shipping, discount: placed.shippingDiscount };
  const discount = lines.reduce((sum, line) => sum + line.discount, 0) + delivery.discount;
  const summary = cartSummary(
    lines.map((line) => ({ ...line, available: true })),
    delivery.fee,
    discount,
  );
  return {
    ...quote,
    lines,
    subtotal: summary.subtotal,
    savings: summary.savings,
    shipping: delivery.fee,
    discount,
    total: summary.total,
  };
}

const reasonWords: Record<QuoteReason, string> = {
  'member-price': 'your Premium member prices now apply',
  'member-delivery': 'delivery is free for Premium members',
  'price-fell': 'a price in your order went down',
  'delivery-fee-fell': 'the delivery fee went down',
  'price-rose': 'a price in your order went up before it was placed',
};

/** "you joined Premium: member prices and free delivery", or the reasons in a list. */
export function quoteReasonText(reasons: readonly QuoteReason[]): string {
  const words = reasons.map((reason) => reasonWords[reason]);
  if (words.length === 0) return 'the shop priced your order again';
  if (words.length === 1) return words[0] as string;
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The shopper-facing notice when a payment attempt was refused because the amount changed. */
export function priceChangedMessage(was: Toea, now: Toea, reasons: readonly QuoteReason[]): string {
  return `The price of your order changed: now ${formatKina(now)} (was ${formatKina(was)}) because ${quoteReasonText(reasons)}. Pay ${formatKina(now)}.`;
}

/** The error code of a payment attempt whose amount is no longer the order's quote (HTTP 409). */
export const PRICE_CHANGED = 'PRICE_CHANGED' as const;
