import {
  type CartLine,
  type CartSummary,
  cartSummary,
  isReserved,
  isSoldOut,
  nameWithVariant,
  type Product,
  productAsVariant,
} from '@bilum/shared';
import { englishT, type StartupTranslate } from '../../i18n/i18n';
import { cartLineToLocalItem, type LocalCartItem, localLineKey } from '../../lib/local-cart-item';

/** One line as both cart pages show it (prices in toea). */
export interface CartViewLine {
  /** Stable key for selection: the server line id, or the product and variant in the guest cart. */
  key: string;
  productId: number;
  cartItemId: number | null;
  /** As the shopper reads it: the product's name with its variant ("Galaxy A55 – 256 GB / Black"). */
  name: string;
  /** The product's own name and the variant's (issue 30), for the checkout hand-off. */
  productName: string;
  variantId?: number;
  variantLabel: string;
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
    key: `line:${line.cartItemId}`,
    productId: line.productId,
    cartItemId: line.cartItemId,
    name: nameWithVariant(line.name, line.variantLabel),
    productName: line.name,
    variantId: line.variantId,
    variantLabel: line.variantLabel,
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
 * pays the shelf price (its variant's), and a product or variant sold (or withdrawn, `null`) since it was added
 * is sold out.
 */
export function fromGuestItem(
  item: LocalCartItem,
  product?: Product | null,
  t: StartupTranslate = englishT,
): CartViewLine {
  const productName = item.product_name || t('cart.productFallback');
  const variantLabel = item.variant_label ?? '';
  const base: CartViewLine = {
    key: localLineKey(item),
    productId: item.product_id,
    cartItemId: null,
    name: nameWithVariant(productName, variantLabel),
    productName,
    ...(item.variant_id !== undefined ? { variantId: item.variant_id } : {}),
    variantLabel,
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
  if (product === undefined) return base;
  const variants = product?.variants ?? [];
  // A line saved before variants buys the product's first; a variant the owner has removed is gone.
  const variant = item.variant_id === undefined ? variants[0] : variants.find((each) => each.id === item.variant_id);
  if (product === null || (variants.length > 0 && variant === undefined))
    return { ...base, available: item.isMembership };
  const current = productAsVariant(product, variant);
  return {
    ...base,
    name: nameWithVariant(current.name, variantLabel),
    productName: current.name,
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
export function selectedKeys(lines: readonly CartViewLine[], unticked: ReadonlySet<string>, canSelect = isSelectable) {
  return new Set(lines.filter((line) => canSelect(line) && !unticked.has(line.key)).map((line) => line.key));
}

export function isSelectable(line: CartViewLine): boolean {
  return line.available;
}

/** Select all over the given (shown) lines: unticks them all when all are ticked, otherwise ticks them all. */
export function toggleAll(
  shown: readonly CartViewLine[],
  unticked: ReadonlySet<string>,
  canSelect = isSelectable,
): Set<string> {
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
export function selectionSummary(lines: readonly CartViewLine[], selected: ReadonlySet<string>): CartSummary {
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
  const haystack = `${line.name} ${line.description} ${line.category} ${line.condition}`.toLowerCase(); // name has the variant
  return words.every((word) => haystack.includes(word));
}

/** The lines checkout takes: ticked and available, in cart order. */
export function checkoutItems(lines: readonly CartViewLine[], selected: ReadonlySet<string>): LocalCartItem[] {
  return lines
    .filter((line) => line.available && selected.has(line.key))
    .map((line) => cartLineToLocalItem({ ...line, name: line.productName }, line.available));
}
