import {
  type AddCartItemInput,
  type Cart,
  type CartLine,
  type CheckoutQuote,
  type checkoutSourceSchema,
  checkoutMessages,
  cartMessages,
  cartSummary,
  isReserved,
  isSoldOut,
  MAX_UNITS_PER_PRODUCT,
  MEMBERSHIP_MAX_QUANTITY,
  type MembershipState,
  type MemberCodeRule,
  memberPrice,
  type MergeCartInput,
  type MergeCartResponse,
  type Product,
  productMessages,
  type QuotedCode,
  type SessionUser,
  nameWithVariant,
} from '@bilum/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { cartItems, type ProductRow, products } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { toProduct } from '../catalog/catalog.service';
import { assertCanBuyPremium, createMembershipService, noMembership } from '../membership/membership.service';
import { heldVariants } from '../orders/order-holds';
import { quoteDelivery } from '../delivery/delivery.service';
import { checkCode, quotedCode } from '../discount-codes/code-checkout';
import { chosenVariants, type LineVariant, throughVariant, variantsByIds } from '../variants/variant-lookup';

type SkipReason = MergeCartResponse['skipped'][number]['reason'];

/** The spec's invalid product: one whose price is not a positive number cannot be bought ("Action Blocked"). */
export function hasValidPrice(row: ProductRow): boolean {
  return Number.isInteger(row.priceToea) && row.priceToea > 0;
}

/** Archived, inactive and invalid products cannot be bought; neither can a sold-out non-membership product. */
function isPurchasable(row: ProductRow): boolean {
  return row.archivedAt === null && row.status !== 'inactive' && hasValidPrice(row) && !isSoldOut(toProduct(row));
}

/** How many units a shopper may hold: the stock on hand up to what one order may take, and one Premium membership. */
function maxQuantityOf(product: Pick<Product, 'isMembership' | 'stock'>): number {
  return product.isMembership ? MEMBERSHIP_MAX_QUANTITY : Math.min(Math.max(product.stock, 0), MAX_UNITS_PER_PRODUCT);
}

/** Why this shopper cannot buy this product, or null when they can. */
function refusal(row: ProductRow | undefined, membership: MembershipState): SkipReason | null {
  if (!row || row.archivedAt !== null || row.status === 'inactive') return 'not-found';
  if (!hasValidPrice(row)) return 'invalid';
  if (!isPurchasable(row)) return 'sold-out';
  if (row.isExclusive && !membership.isMember) return 'members-only';
  return null;
}

function refusalError(reason: SkipReason): AppError {
  switch (reason) {
    case 'not-found':
      return notFound(productMessages.notFound);
    case 'invalid':
      return new AppError('CONFLICT', productMessages.actionBlocked);
    case 'sold-out':
      return new AppError('OUT_OF_STOCK', cartMessages.soldOut);
    case 'members-only':
      return new AppError('FORBIDDEN', cartMessages.exclusiveForMembers);
  }
}

function quantityError(max: number, row: ProductRow): AppError {
  // Stock beyond the cap: the limit is per order, not what is left.
  const message =
    !row.isMembership && row.stock > max ? cartMessages.perOrderLimit(max) : cartMessages.quantityTooHigh(max);
  return new AppError('VALIDATION', message, { maxQuantity: max }, [{ path: 'quantity', message }]);
}

/**
 * One line priced for this shopper: the member price for non-membership products of an active member. `heldUntil`
 * as for toProduct: a line whose units are all held by unpaid checkouts is "reserved" rather than sold.
 */
function toLine(
  cartItemId: number,
  storedQuantity: number,
  row: ProductRow,
  membership: MembershipState,
  heldUntil: Date | null | undefined,
  variant: Pick<LineVariant, 'id' | 'label'>,
): CartLine {
  const product = toProduct(row, heldUntil);
  const available = isPurchasable(row);
  const maxQuantity = maxQuantityOf(product);
  const unitPrice = membership.isMember
    ? memberPrice(product.price, membership.discountRate, product.isMembership)
    : product.price;
  const isMemberPrice = unitPrice < product.price;
  const listed = product.originalPrice !== null && product.originalPrice > product.price ? product.originalPrice : null;
  return {
    cartItemId,
    productId: product.id,
    variantId: variant.id,
    variantLabel: variant.label,
    name: product.name,
    description: product.description,
    image: product.image,
    category: product.category,
    condition: product.condition,
    isMembership: product.isMembership,
    status: available ? 'available' : isReserved(product) ? 'reserved' : 'sold',
    // A line never counts for more than is on hand (the stock may have dropped since it was added).
    quantity: available ? Math.min(storedQuantity, maxQuantity) : storedQuantity,
    maxQuantity,
    unitPrice,
    originalPrice: isMemberPrice ? (listed ?? product.price) : product.originalPrice,
    isMemberPrice,
  };
}

/**
 * The one lookup of held units for cart lines and quotes: for the variants among `lines` with nothing on hand
 * (each line's row is its product as its variant sells it), when the first unpaid checkout holding their units
 * ends (toLine's `heldUntil`: "Reserved" rather than sold out). Per variant (issue 30): a hold on the 256 GB does
 * not make the sold-out 128 GB "Reserved".
 */
function reservedUntil(
  executor: DbExecutor,
  lines: readonly { row: ProductRow; variant: { id: number } }[],
): Promise<Map<number, Date | null>> {
  return heldVariants(
    executor,
    lines.filter((line) => line.row.stock <= 0).map((line) => line.variant.id),
  );
}

/** Cart rows read through their variants (issue 30): each line's product as its variant sells it. */
async function throughLineVariants<T extends { item: { variantId: number }; product: ProductRow }>(
  executor: DbExecutor,
  rows: readonly T[],
): Promise<(T & { variant: LineVariant })[]> {
  const variants = await variantsByIds(
    executor,
    rows.map((row) => row.item.variantId),
  );
  return rows.map((row) => {
    const variant = variants.get(row.item.variantId)!;
    return { ...row, variant, product: throughVariant(row.product, variant) };
  });
}

/** The totals of priced lines (the shared cart rule): only available lines count. */
function summaryOf(
  lines: readonly Pick<CartLine, 'unitPrice' | 'originalPrice' | 'quantity' | 'status'>[],
  shipping?: number,
  discount?: number,
) {
  return cartSummary(
    lines.map((line) => ({
      unitPrice: line.unitPrice,
      originalPrice: line.originalPrice,
      quantity: line.quantity,
      available: line.status === 'available',
    })),
    shipping,
    discount,
  );
}

/** A product that no longer exists, in a quote: sold out, nameless (the page keeps the name it had). */
function missingProductLine(productId: number, quantity: number): Omit<CartLine, 'cartItemId'> {
  return {
    productId,
    variantId: 0,
    variantLabel: '',
    name: '',
    description: '',
    image: null,
    category: 'accessories',
    condition: '',
    isMembership: false,
    status: 'sold',
    quantity,
    maxQuantity: 0,
    unitPrice: 0,
    originalPrice: null,
    isMemberPrice: false,
  };
}

/**
 * A discount code on a checkout's quote (issue 30): checked and priced by the shared rule over the lines the order
 * would take, for this shopper (the per-shopper limit by account; a guest's e-mail is counted when the order is
 * placed). Nothing is held: the order placed next checks it again, with the code locked.
 */
async function quoteCode(
  db: Database,
  user: SessionUser | null,
  lines: readonly Pick<CartLine, 'productId' | 'variantId' | 'category' | 'quantity' | 'unitPrice' | 'isMembership'>[],
  delivery: { shipping: number; delivered: boolean },
  discount: { code: string; rule: MemberCodeRule; now: Date },
): Promise<{ quoted: QuotedCode; applied: number }> {
  // The shelf price of each line's variant (issue 30), which the member rule weighs the code against.
  const variants = await variantsByIds(
    db,
    lines.map((line) => line.variantId),
  );
  const regularOf = (line: (typeof lines)[number]) => {
    const variant = variants.get(line.variantId);
    return variant && variant.productId === line.productId ? variant.priceToea : undefined;
  };
  const check = await checkCode(
    db,
    discount.code,
    {
      lines: lines.map((line) => ({
        productId: line.productId,
        category: line.category,
        quantity: line.quantity,
        regularUnitPrice: regularOf(line) ?? line.unitPrice,
        unitPrice: line.unitPrice,
        isMembership: line.isMembership,
      })),
      shipping: delivery.shipping,
      delivered: delivery.delivered,
      rule: discount.rule,
      userId: user?.id ?? null,
      emailKey: null,
    },
    { now: discount.now, lock: false },
  );
  return {
    quoted: quotedCode(discount.code, check),
    applied: check.refusal === null ? (check.pricing?.discount ?? 0) : 0,
  };
}

/**
 * The signed-in shopper's server cart. Lines hold a product and a quantity only; prices, member discounts and
 * totals are worked out from the product and the shopper's membership at every read.
 */
export function createCartService(db: Database) {
  async function readCart(executor: DbExecutor, userId: number): Promise<Cart> {
    const membership = await createMembershipService(executor).getState(userId);
    const rows = await executor
      .select({ item: cartItems, product: products })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id));
    const lines = await throughLineVariants(executor, rows);
    const held = await reservedUntil(
      executor,
      lines.map((r) => ({ row: r.product, variant: r.variant })),
    );
    const items = lines.map((r) =>
      toLine(r.item.id, r.item.quantity, r.product, membership, held.get(r.variant.id), r.variant),
    );
    return { items, isMember: membership.isMember, discountRate: membership.discountRate, summary: summaryOf(items) };
  }

  async function ownItem(executor: DbExecutor, userId: number, cartItemId: number) {
    const [row] = await executor
      .select({ item: cartItems, product: products })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
    // Another shopper's line is answered exactly like a missing one.
    if (!row) throw notFound(cartMessages.itemNotFound);
    const [line] = await throughLineVariants(executor, [row]);
    return line!;
  }

  /**
   * Products and quantities as this shopper's cart would show them (the checkout quote of items): the line rule
   * of the cart (price, member price, sold out or reserved, at most what is on hand) without a cart line. A
   * product that no longer exists is a sold-out line without a name.
   */
  async function viewItems(
    executor: DbExecutor,
    membership: MembershipState,
    items: readonly { productId: number; variantId?: number; quantity: number }[],
  ): Promise<(Omit<CartLine, 'cartItemId'> & { cartItemId: null })[]> {
    // One line per product and variant (the same one sent twice counts once).
    const wanted = new Map<string, { productId: number; variantId?: number; quantity: number }>();
    for (const item of items) {
      const key = `${item.productId}:${item.variantId ?? ''}`;
      const line = wanted.get(key);
      wanted.set(key, { ...item, quantity: (line?.quantity ?? 0) + item.quantity });
    }
    const asked = [...wanted.values()];
    const ids = [...new Set(asked.map((item) => item.productId))];
    const rows = ids.length ? await executor.select().from(products).where(inArray(products.id, ids)) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const variants = await chosenVariants(executor, asked);
    const seen = asked.map((item, index) => {
      const row = byId.get(item.productId);
      const variant = variants[index];
      return row && variant ? { ...item, row: throughVariant(row, variant), variant } : { ...item, row: undefined };
    });
    const held = await reservedUntil(
      executor,
      seen.flatMap((item) => (item.row && 'variant' in item ? [{ row: item.row, variant: item.variant }] : [])),
    );
    return seen.map((item) => {
      if (!item.row || !('variant' in item) || !item.variant) {
        return { ...missingProductLine(item.productId, item.quantity), cartItemId: null };
      }
      return {
        ...toLine(0, item.quantity, item.row, membership, held.get(item.variant.id), item.variant),
        cartItemId: null,
      };
    });
  }

  return {
    getCart: (userId: number) => readCart(db, userId),

    /**
     * POST /api/checkout/quote: the lines a checkout is about to buy as the server sees them now, with the totals
     * of the available ones (what POST /api/orders would charge for them). The selected server-cart lines for
     * source 'cart' (signed in only), otherwise the items. The membership comes from the session only.
     */
    async quote(
      user: SessionUser | null,
      source: z.output<typeof checkoutSourceSchema>,
      /** Where to (issue 19): the delivery fee of its zone (the shared rule); none yet: K0.00. */
      destination?: { pickup: boolean; province: string | null },
      /** A discount code to price it with (issue 30), and how a code meets the member price (/settings). */
      discount?: { code: string; rule: MemberCodeRule; now: Date },
    ): Promise<CheckoutQuote> {
      let lines: (Omit<CartLine, 'cartItemId'> & { cartItemId: number | null })[];
      let isMember: boolean;
      if (source.type === 'cart') {
        if (!user) throw new AppError('UNAUTHENTICATED', checkoutMessages.signInForCart, { reason: 'signed-out' });
        const ids = new Set(source.cartItemIds);
        const cart = await readCart(db, user.id);
        isMember = cart.isMember;
        lines = cart.items.filter((line) => ids.has(line.cartItemId));
        // Another shopper's line is answered exactly like a missing one.
        if (lines.length !== ids.size) throw notFound(cartMessages.itemNotFound);
      } else {
        const membership = user ? await createMembershipService(db).getState(user.id) : noMembership;
        isMember = membership.isMember;
        lines = await viewItems(db, membership, source.items);
      }
      const hasPhysicalItems = lines.some((line) => line.status === 'available' && !line.isMembership);
      const delivery = await quoteDelivery(db, {
        hasPhysicalItems,
        pickup: destination?.pickup ?? false,
        province: destination?.province ?? null,
        isMember,
      });
      const available = lines.filter((line) => line.status === 'available');
      const delivered = hasPhysicalItems && !(destination?.pickup ?? false);
      const code = discount
        ? await quoteCode(db, user, available, { shipping: delivery.shipping, delivered }, discount)
        : null;
      const summary = summaryOf(lines, delivery.shipping, code?.applied ?? 0);
      return {
        discountCode: code?.quoted ?? null,
        delivery: {
          zone: delivery.zone?.name ?? null,
          deliveryDays: delivery.zone?.deliveryDays ?? null,
          freeBecause: delivery.freeBecause,
        },
        lines: lines.map((line) => ({
          productId: line.productId,
          variantId: line.variantId,
          cartItemId: line.cartItemId,
          name: nameWithVariant(line.name, line.variantLabel),
          image: line.image,
          isMembership: line.isMembership,
          status: line.status,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          originalPrice: line.originalPrice,
          isMemberPrice: line.isMemberPrice,
          lineTotal: line.status === 'available' ? line.unitPrice * line.quantity : 0,
        })),
        summary,
      };
    },

    /** Adds a product; one already in the cart is not an error but answers `alreadyInCart`. */
    async addItem(userId: number, input: AddCartItemInput) {
      return db.transaction(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, input.productId));
        const [variant] = await chosenVariants(tx, [input]);
        const row = product && variant ? throughVariant(product, variant) : undefined;
        const membership = await createMembershipService(tx).getState(userId);
        const reason = refusal(row, membership);
        if (reason || !row || !variant) throw refusalError(reason ?? 'not-found');
        if (row.isMembership) assertCanBuyPremium(membership);
        const max = maxQuantityOf(toProduct(row));
        if (input.quantity > max) throw quantityError(max, row);
        const inserted = await tx
          .insert(cartItems)
          .values({ userId, productId: row.id, variantId: variant.id, quantity: input.quantity })
          .onConflictDoNothing({ target: [cartItems.userId, cartItems.variantId] })
          .returning({ id: cartItems.id });
        const alreadyInCart = inserted.length === 0;
        return {
          alreadyInCart,
          message: alreadyInCart ? cartMessages.alreadyInCart : cartMessages.added,
          cart: await readCart(tx, userId),
        };
      });
    },

    /** The quantity stepper: 1 up to the stock on hand, at most MAX_UNITS_PER_PRODUCT (one for the membership). */
    async updateQuantity(userId: number, cartItemId: number, quantity: number): Promise<Cart> {
      return db.transaction(async (tx) => {
        const { product } = await ownItem(tx, userId, cartItemId);
        if (!isPurchasable(product)) throw refusalError(hasValidPrice(product) ? 'sold-out' : 'invalid');
        const max = maxQuantityOf(toProduct(product));
        if (quantity > max) throw quantityError(max, product);
        await tx
          .update(cartItems)
          .set({ quantity, updatedAt: new Date() })
          .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
        return readCart(tx, userId);
      });
    },

    async removeItem(userId: number, cartItemId: number): Promise<Cart> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)))
          .returning({ id: cartItems.id });
        if (removed.length === 0) throw notFound(cartMessages.itemNotFound);
        return readCart(tx, userId);
      });
    },

    async clear(userId: number): Promise<Cart> {
      return db.transaction(async (tx) => {
        await tx.delete(cartItems).where(eq(cartItems.userId, userId));
        return readCart(tx, userId);
      });
    },

    /**
     * Joins a guest cart to the server cart in one transaction. A product is kept once with the larger of the
     * two quantities, capped at what may be bought, so merging the same guest cart again changes nothing.
     * Unknown, unavailable and members-only (for a non-member) products are skipped and reported.
     */
    async merge(userId: number, input: MergeCartInput): Promise<MergeCartResponse> {
      return db.transaction(async (tx) => {
        // One line per product and variant (issue 30): the same one sent twice counts once.
        const wanted = new Map<string, { productId: number; variantId?: number; quantity: number }>();
        for (const item of input.items) {
          const key = `${item.productId}:${item.variantId ?? ''}`;
          wanted.set(key, { ...item, quantity: (wanted.get(key)?.quantity ?? 0) + item.quantity });
        }
        const asked = [...wanted.values()];
        const ids = [...new Set(asked.map((item) => item.productId))];
        const rows = ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : [];
        const byId = new Map(rows.map((row) => [row.id, row]));
        const variants = await chosenVariants(tx, asked);
        const membership = await createMembershipService(tx).getState(userId);

        const merged: MergeCartResponse['merged'] = [];
        const skipped: MergeCartResponse['skipped'] = [];
        for (const [index, { productId, quantity: guestQuantity }] of asked.entries()) {
          const product = byId.get(productId);
          const variant = variants[index];
          const row = product && variant ? throughVariant(product, variant) : undefined;
          const reason = refusal(row, membership);
          if (reason || !row || !variant) {
            skipped.push({ productId, reason: reason ?? 'not-found' });
            continue;
          }
          const max = maxQuantityOf(toProduct(row));
          const quantity = Math.min(guestQuantity, max);
          const [line] = await tx
            .insert(cartItems)
            .values({ userId, productId, variantId: variant.id, quantity })
            .onConflictDoUpdate({
              target: [cartItems.userId, cartItems.variantId],
              set: {
                quantity: sql`least(greatest(${cartItems.quantity}, excluded.quantity), ${max})`,
                updatedAt: new Date(),
              },
            })
            .returning({ quantity: cartItems.quantity });
          merged.push({ productId, name: row.name, quantity: line?.quantity ?? quantity });
        }
        return { merged, skipped, cart: await readCart(tx, userId) };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
