import {
  MAX_STOCK,
  type RestockReason,
  stockMessages,
  type SessionUser,
  type StockLevel,
  type StockMovement,
  type StockMovementReason,
  type StockMovementsResponse,
} from '@bilum/shared';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orderItems, orders, products, productVariants, stockMovements } from '../../db/schema';
import { notFound } from '../../errors';
import { defaultVariant, variantsByIds } from '../variants/variant-lookup';
import { emitEvent } from '../webhooks/webhook-events';

/** Who or what changed the stock, as the movement log shows it. */
export interface StockActor {
  userId: number | null;
  name: string;
}

/** The shop's own work: no admin account behind it. */
export const stockActors = {
  checkout: { userId: null, name: 'Checkout' },
  payment: { userId: null, name: 'Payment' },
  holdExpiry: { userId: null, name: 'Hold expiry' },
  system: { userId: null, name: 'System' },
} as const satisfies Record<string, StockActor>;

export function adminActor(admin: Pick<SessionUser, 'email' | 'fullName'> & { id: number | null }): StockActor {
  return { userId: admin.id, name: admin.fullName || admin.email };
}

export interface StockChange {
  productId: number;
  /** The variant whose units move (issue 30); left out, the product's default variant (its one, without options). */
  variantId?: number;
  /** Units added (positive) or taken (negative); 0 records an event (a hold becoming a sale) without a change. */
  change: number;
  reason: StockMovementReason;
  actor: StockActor;
  orderId?: number | null;
  /** Why an admin restocked, and the note they gave (issue 30): for a 'restock' movement only. */
  restock?: { reason: RestockReason; note: string | null };
  at: Date;
}

export type StockChangeResult =
  | { ok: true; before: number; after: number }
  /** Refused: it would take the stock below 0 or above MAX_STOCK (or the product is gone); `stock` is on hand now. */
  | { ok: false; stock: number };

/**
 * The one way units on hand change (issue 18): a relative update (`stock = stock + N`, never read-then-write, so
 * concurrent checkouts and restocks lose nothing) guarded so the figure stays within 0..MAX_STOCK, and the movement
 * row written in the same transaction with the figure before and after. Call inside the transaction that makes the
 * change; a refusal changes nothing and the caller decides what it means (sold out, too many, …).
 */
export async function changeStock(tx: DbExecutor, input: StockChange): Promise<StockChangeResult> {
  const { productId, change, at } = input;
  // The product's row lock first (decision 042): every change of a product's units, whichever variant, waits for
  // the one before it, so the log's before/after figures follow one order and two writers never deadlock.
  const [product] = await tx
    .select({ isMembership: products.isMembership, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) return { ok: false, stock: 0 };
  const variantId = input.variantId ?? (await defaultVariant(tx, productId)).id;
  const variantStock = async () => {
    const [row] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    return row?.stock;
  };
  const refused = async (): Promise<StockChangeResult> => ({ ok: false, stock: (await variantStock()) ?? 0 });
  let after: number | undefined;
  if (change === 0) {
    after = await variantStock();
  } else {
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${change}`, updatedAt: at })
      .where(
        and(
          eq(productVariants.id, variantId),
          eq(productVariants.productId, productId),
          change < 0
            ? sql`${productVariants.stock} + ${change} >= 0`
            : sql`${productVariants.stock} + ${change} <= ${MAX_STOCK}`,
        ),
      )
      .returning({
        stock: productVariants.stock,
        lowStockThreshold: productVariants.lowStockThreshold,
        sku: productVariants.sku,
        archivedAt: productVariants.archivedAt,
      });
    if (!row) return refused();
    after = row.stock;
    // The product's total is the sum of its live variants: units returned to a variant the owner has since left
    // out stay on that variant (its log shows them), not on the product.
    if (row.archivedAt === null) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${change}`, updatedAt: at })
        .where(eq(products.id, productId));
    }
    // Outgoing webhook (decision 017): the change that takes the units on hand to or below the low-stock line.
    if (!product.isMembership && row.stock - change > row.lowStockThreshold && row.stock <= row.lowStockThreshold) {
      await emitEvent(tx, 'stock.low', {
        productId,
        sku: row.sku,
        name: product.name,
        stock: row.stock,
        lowStockThreshold: row.lowStockThreshold,
        reason: input.reason,
      });
    }
  }
  if (after === undefined) return refused();
  const before = after - change;
  await tx.insert(stockMovements).values({
    productId,
    variantId,
    change,
    stockBefore: before,
    stockAfter: after,
    reason: input.reason,
    restockReason: input.restock?.reason ?? null,
    note: input.restock?.note ?? null,
    orderId: input.orderId ?? null,
    actorUserId: input.actor.userId,
    actorName: input.actor.name,
    createdAt: at,
  });
  return { ok: true, before, after };
}

/**
 * Sets a variant's units on hand to a figure (a CSV import's count): the product's row is locked, then the
 * difference goes through changeStock, so a checkout in between is waited for rather than overwritten.
 */
export async function setStockTo(
  tx: DbExecutor,
  input: Omit<StockChange, 'change'> & { stock: number },
): Promise<StockChangeResult> {
  const [locked] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, input.productId))
    .for('update');
  if (!locked) return { ok: false, stock: 0 };
  const variantId = input.variantId ?? (await defaultVariant(tx, input.productId)).id;
  const [row] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  if (!row) return { ok: false, stock: 0 };
  const { stock, ...rest } = input;
  return changeStock(tx, { ...rest, variantId, change: stock - row.stock });
}

/**
 * Puts an order's units back on the shelf (a released hold, a cancelled or refused order); the membership is not
 * stock. The caller records the order's new state in the same transaction.
 */
export async function returnOrderStock(
  tx: DbExecutor,
  input: {
    orderId: number;
    reason: StockMovementReason;
    actor: StockActor;
    at: Date;
    /** Units per variant already back on the shelf (issue 21: refunded and returned), not returned again. */
    alreadyReturned?: Map<number, number>;
  },
): Promise<void> {
  const { alreadyReturned, ...change } = input;
  for (const item of await stockItems(tx, input.orderId)) {
    const skip = Math.min(item.quantity, alreadyReturned?.get(item.variantId) ?? 0);
    alreadyReturned?.set(item.variantId, (alreadyReturned.get(item.variantId) ?? 0) - skip);
    const quantity = item.quantity - skip;
    if (quantity <= 0) continue;
    // Adding back what the order took: within MAX_STOCK unless an admin filled the shelf meanwhile, then capped.
    const line = { productId: item.productId, variantId: item.variantId };
    const result = await changeStock(tx, { ...change, ...line, change: quantity });
    if (!result.ok) {
      await changeStock(tx, { ...change, ...line, change: MAX_STOCK - result.stock });
    }
  }
}

/** Records that an order's held units are now sold (no change on hand: they left the shelf when it was placed). */
export async function recordOrderSold(tx: DbExecutor, input: { orderId: number; at: Date }): Promise<void> {
  for (const item of await stockItems(tx, input.orderId)) {
    await changeStock(tx, {
      productId: item.productId,
      variantId: item.variantId,
      change: 0,
      reason: 'order-paid',
      actor: stockActors.payment,
      orderId: input.orderId,
      at: input.at,
    });
  }
}

/** An order's physical lines (the membership is not stock). */
export function stockItems(tx: DbExecutor, orderId: number) {
  return tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.isMembership, false)))
    .orderBy(orderItems.id);
}

export interface StockFigures {
  /** Units held by unpaid checkouts. */
  held: number;
  /** Units of paid orders that were not cancelled. */
  sold: number;
}

/** Units held and sold per product or per variant (all, or those of `ids`), from the order lines. */
async function figuresBy(
  db: DbExecutor,
  key: 'productId' | 'variantId',
  ids?: readonly number[],
): Promise<Map<number, StockFigures>> {
  if (ids && ids.length === 0) return new Map();
  const column = orderItems[key];
  const rows = await db
    .select({
      id: column,
      held: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${orders.stockState} = 'held'), 0)::int`,
      sold: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${orders.stockState} = 'sold'), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.isMembership, false),
        inArray(orders.stockState, ['held', 'sold']),
        ids ? inArray(column, [...ids]) : undefined,
      ),
    )
    .groupBy(column);
  return new Map(
    rows.flatMap((row) => (row.id === null ? [] : [[row.id, { held: Number(row.held), sold: Number(row.sold) }]])),
  );
}

/** Units held and sold per product (all products, or those of `productIds`): the inventory's figures. */
export const stockFigures = (db: DbExecutor, productIds?: readonly number[]) => figuresBy(db, 'productId', productIds);

/** Units held and sold per variant (issue 30): the inventory's figures of each variant of a product with options. */
export const variantStockFigures = (db: DbExecutor, variantIds: readonly number[]) =>
  figuresBy(db, 'variantId', variantIds);

/** A live variant of the product at or below its own low-stock line (the product without options: its one). */
const someVariantLow = sql`exists (
  select 1 from ${productVariants} v
  where v.product_id = ${products.id} and v.archived_at is null and v.stock <= v.low_stock_threshold)`;

/**
 * The products at a stock level, as SQL (a server-side inventory filter and the stat cards); the same rule as
 * `productStockLevel`: low when any live variant is at or below its own threshold (issue 30).
 */
export function stockLevelCondition(level: StockLevel): SQL {
  switch (level) {
    case 'out':
      return sql`(not ${products.isMembership} and ${products.stock} <= 0)`;
    case 'low':
      return sql`(not ${products.isMembership} and ${products.stock} > 0 and ${someVariantLow})`;
    default:
      return sql`(${products.isMembership} or (${products.stock} > 0 and not ${someVariantLow}))`;
  }
}

/**
 * One product's movement log, newest first, a page at a time; with `variantId`, that variant's only (issue 30: a
 * variant of another product is a 404). Each movement names its variant as the inventory does.
 */
export async function stockMovementsOf(
  db: DbExecutor,
  productId: number,
  page: { limit: number; before?: number | undefined; variantId?: number | undefined },
): Promise<StockMovementsResponse> {
  if (page.variantId !== undefined) {
    const variant = (await variantsByIds(db, [page.variantId])).get(page.variantId);
    if (variant?.productId !== productId) throw notFound(stockMessages.variantNotOfProduct);
  }
  const rows = await db
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.productId, productId),
        page.variantId === undefined ? undefined : eq(stockMovements.variantId, page.variantId),
        page.before === undefined ? undefined : lt(stockMovements.id, page.before),
      ),
    )
    .orderBy(desc(stockMovements.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const variants = await variantsByIds(db, [...new Set(shown.map((row) => row.variantId))]);
  const movements: StockMovement[] = shown.map((row) => ({
    id: row.id,
    change: row.change,
    stockBefore: row.stockBefore,
    stockAfter: row.stockAfter,
    reason: row.reason,
    restockReason: row.restockReason,
    note: row.note,
    orderId: row.orderId,
    actor: row.actorName,
    at: row.createdAt.toISOString(),
    variantId: row.variantId,
    variantLabel: variants.get(row.variantId)?.label ?? '',
    variantSku: variants.get(row.variantId)?.sku ?? '',
  }));
  return { movements, nextBefore: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null };
}
