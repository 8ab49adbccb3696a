import { type CartLine, type CartSummary, cartSummary, isReserved, isSoldOut, type Product } from '@bilum/shared';
import { cartLineToLocalItem, type LocalCartItem } from '../../lib/local-cart-item';

/** One line as both cart pages show it (prices in toea). */
export interface CartViewLine {
  /** Stable key for selection: the server line id, or the product id in the guest cart. */
  key: number;
  productId: number;
  cartItemId: number | null;
  name: string;
  description: string;
  image: string | null;
  category: string;
  condition: string;
  isMembership: boolean;
  unitPrice: number;
  /** Struck through when above the unit price. */
  originalPrice: number | null;
  isMemberPrice: boolean;
  quantity: number;
  /** The stepper's top (the stock on hand); null where there is no stepper (the guest cart). */
  maxQuantity: number | null;
  /** False for a sold-out non-membership line: greyed, "SOLD OUT!", not selectable, not counted. */
  available: boolean;
  /** Unavailable because every unit is held by other shoppers' unpaid checkouts: reads "Reserved", not "SOLD OUT!". */
  reserved: boolean;
}

export function fromServerLine(line: CartLine): CartViewLine {
  return {
    key: line.cartItemId,
    productId: line.productId,
    cartItemId: line.cartItemId,
    name: line.name,
    description: line.description,
    image: line.image,
    category: line.category,
    condition: line.condition,
    isMembership: line.isMembership,
    unitPrice: line.unitPrice,
    originalPrice: line.originalPrice,
    isMemberPrice: line.isMemberPrice,
    quantity: line.quantity,
    maxQuantity: line.maxQuantity,
    available: line.status === 'available',
    reserved: line.status === 'reserved',
  };
}

/**
 * A guest cart item, brought up to date with the product as the shop has it now when that is known: a guest
 * pays the shelf price, and a product sold (or withdrawn, `null`) since it was added is sold out.
 */
export function fromGuestItem(item: LocalCartItem, current?: Product | null): CartViewLine {
  const base: CartViewLine = {
    key: item.product_id,
    productId: item.product_id,
    cartItemId: null,
    name: item.product_name || 'Product',
    description: item.description,
    image: item.image,
    category: item.category,
    condition: item.condition,
    isMembership: item.isMembership,
    unitPrice: item.price,
    originalPrice: item.originalPrice !== null && item.originalPrice > item.price ? item.originalPrice : null,
    isMemberPrice: false,
    quantity: item.quantity,
    maxQuantity: null,
    available: item.isMembership || item.product_status !== 'sold',
    reserved: false,
  };
  if (current === undefined) return base;
  if (current === null) return { ...base, available: item.isMembership };
  return {
    ...base,
    name: current.name,
    description: current.description,
    image: current.image,
    isMembership: current.isMembership,
    unitPrice: current.price,
    originalPrice:
      current.originalPrice !== null && current.originalPrice > current.price ? current.originalPrice : null,
    available: current.status === 'active' && !isSoldOut(current),
    reserved: isReserved(current),
  };
}

/**
 * Which lines are ticked: every selectable line except those the shopper unticked. Kept as the unticked keys
 * so lines that arrive later (a refresh, another tab) start ticked and a refresh never loses a choice.
 */
export function selectedKeys(lines: readonly CartViewLine[], unticked: ReadonlySet<number>, canSelect = isSelectable) {
  return new Set(lines.filter((line) => canSelect(line) && !unticked.has(line.key)).map((line) => line.key));
}

export function isSelectable(line: CartViewLine): boolean {
  return line.available;
}

/** Select all over the given (shown) lines: unticks them all when all are ticked, otherwise ticks them all. */
export function toggleAll(
  shown: readonly CartViewLine[],
  unticked: ReadonlySet<number>,
  canSelect = isSelectable,
): Set<number> {
  const selectable = shown.filter(canSelect);
  const allTicked = selectable.length > 0 && selectable.every((line) => !unticked.has(line.key));
  const next = new Set(unticked);
  for (const line of selectable) {
    if (allTicked) next.add(line.key);
    else next.delete(line.key);
  }
  return next;
}

/** The totals over the ticked, available lines, with the shared cart rule. */
export function selectionSummary(lines: readonly CartViewLine[], selected: ReadonlySet<number>): CartSummary {
  return cartSummary(
    lines.map((line) => ({
      unitPrice: line.unitPrice,
      originalPrice: line.originalPrice,
      quantity: line.quantity,
      available: line.available,
      selected: selected.has(line.key),
    })),
  );
}

/** A guest may not buy the Premium membership: it is activated on an account (decisions.md). */
export const guestCanSelect = (line: CartViewLine) => line.available && !line.isMembership;

/**
 * The header badge's count (issue 17): the units of the lines that can be bought now, so sold-out and "Reserved"
 * lines (and, for a guest, the membership) are left out, by the same rule as the cart page's ticks.
 */
export function buyableUnits(lines: readonly CartViewLine[], canBuy = isSelectable): number {
  return lines.filter(canBuy).reduce((sum, line) => sum + line.quantity, 0);
}

/** The search box: name, description, category or condition, ignoring case and extra spaces. */
export function matchesSearch(line: CartViewLine, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${line.name} ${line.description} ${line.category} ${line.condition}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The lines checkout takes: ticked and available, in cart order. */
export function checkoutItems(lines: readonly CartViewLine[], selected: ReadonlySet<number>): LocalCartItem[] {
  return lines
    .filter((line) => line.available && selected.has(line.key))
    .map((line) => cartLineToLocalItem(line, line.available));
}
