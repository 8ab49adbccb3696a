import type { CheckoutOrder, CheckoutQuote } from '@bilum/shared/checkout.schema';
import { nameWithVariant } from '@bilum/shared';
import type { CheckoutLineRef } from '../../lib/checkout-handoff';

/** The server's line for a handed-over one: the same product and variant (any variant for a line without one). */
function isServerLineOf(
  line: Pick<CheckoutLineRef, 'productId' | 'variantId'>,
  server: { productId: number; variantId?: number },
): boolean {
  return server.productId === line.productId && (line.variantId === null || server.variantId === line.variantId);
}

/** A handed-over line's name as the shopper reads it: the product's with its variant's. */
export const handedOverName = (line: Pick<CheckoutLineRef, 'name' | 'variantLabel'>) =>
  nameWithVariant(line.name, line.variantLabel ?? '');

/*
 * Checkout starts from the server's view of the lines (issue 17, defect 1): POST /api/checkout/quote prices the
 * handed-over lines for this shopper and says which are sold out; the browser's copy of the cart only names the
 * products and quantities.
 */

/** A line the server will not sell now: greyed "SOLD OUT!" (or "Reserved"), out of the totals and the order. */
export interface UnavailableLine {
  productId: number;
  variantId: number | null;
  name: string;
  image: string | null;
  quantity: number;
  label: 'SOLD OUT!' | 'Reserved';
}

/** A price (or quantity) that is not what the shopper saw in the cart. */
export interface LineChange {
  productId: number;
  variantId: number | null;
  name: string;
  /** toea per unit: what the cart showed, and what the order charges. */
  was: number;
  now: number;
  /** The new price is this member's price (a cart filled while signed out, or before joining). */
  memberPrice: boolean;
  /** Set when fewer units are left than the cart held. */
  quantity: { was: number; now: number } | null;
}

/**
 * The lines the order is made of: the available ones, with the quantity the server can sell (at most the stock
 * on hand). Before the quote has answered: null; without a quote (it failed): the lines as handed over, which the
 * server prices and checks when it makes the order.
 */
export function purchasableLines(
  lines: readonly CheckoutLineRef[],
  quote: CheckoutQuote | undefined,
  quoteFailed = false,
): CheckoutLineRef[] | null {
  if (!quote) return quoteFailed ? [...lines] : null;
  return lines.flatMap((line) => {
    const server = quote.lines.find((each) => isServerLineOf(line, each));
    if (!server || server.status !== 'available' || server.quantity < 1) return [];
    return [{ ...line, quantity: server.quantity, previewPrice: server.unitPrice }];
  });
}

/** The lines the server will not sell, with the name the server has (or the cart's for a product that is gone). */
export function unavailableLines(
  lines: readonly CheckoutLineRef[],
  quote: CheckoutQuote | undefined,
): UnavailableLine[] {
  if (!quote) return [];
  return lines.flatMap((line) => {
    const server = quote.lines.find((each) => isServerLineOf(line, each));
    if (!server || server.status === 'available') return [];
    return [
      {
        productId: line.productId,
        variantId: line.variantId,
        name: server.name || handedOverName(line) || `Product ${line.productId}`,
        image: server.image ?? line.image,
        quantity: line.quantity,
        label: server.status === 'reserved' ? 'Reserved' : 'SOLD OUT!',
      },
    ];
  });
}

/**
 * Where the server's price differs from the one the cart showed: the order's lines once it is made, otherwise the
 * quote's available lines. Shown before Pay so no changed price is charged silently.
 */
export function lineChanges(
  lines: readonly CheckoutLineRef[],
  server: readonly {
    productId: number;
    variantId?: number;
    name: string;
    unitPrice: number;
    quantity: number;
    isMemberPrice?: boolean;
  }[],
): LineChange[] {
  return lines.flatMap((line) => {
    const now = server.find((each) => isServerLineOf(line, each));
    if (!now) return [];
    const priceChanged = now.unitPrice !== line.previewPrice;
    const fewer = now.quantity < line.quantity;
    if (!priceChanged && !fewer) return [];
    return [
      {
        productId: line.productId,
        variantId: line.variantId,
        name: now.name || handedOverName(line),
        was: line.previewPrice,
        now: now.unitPrice,
        memberPrice: priceChanged && now.isMemberPrice === true,
        quantity: fewer ? { was: line.quantity, now: now.quantity } : null,
      },
    ];
  });
}

/** The server's lines to compare with the cart: the order's once made, else the quote's available ones. */
export function serverLines(order: CheckoutOrder | null, quote: CheckoutQuote | undefined) {
  if (order) return order.lines;
  return (quote?.lines ?? []).filter((line) => line.status === 'available');
}
