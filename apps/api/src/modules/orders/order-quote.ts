import {
  type CheckoutOrder,
  fitsMoneyColumn,
  type OrderQuote,
  PRICE_CHANGED,
  priceChangedMessage,
  type QuoteReason,
  priceWithCode,
  quoteOrder,
  quoteWithCode,
  zoneForProvince,
} from '@bilum/shared';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type OrderItemRow, orderItems, type OrderRow, orders, products } from '../../db/schema';
import { AppError } from '../../errors';
import { readZones } from '../delivery/delivery.service';
import { termsOfCode } from '../discount-codes/code-checkout';
import { memberCodeRuleIn } from '../settings/settings.service';
import { createMembershipService, noMembership } from '../membership/membership.service';
import { transition } from '../order-lifecycle/order-lifecycle';
import { type LifecycleActor, orderStateOf, orderTransitions } from '../order-lifecycle/order-states';
import { orderLineName } from './order-line-name';
import { variantsByIds } from '../variants/variant-lookup';

/*
 * An unpaid order's quote (issue 27 seam 2, decision 022): recomputed by the shared rule (order-quote.ts in
 * packages/shared) whenever its basis changes (the shopper joins Premium, staff change a price or a zone's fee)
 * and before every payment attempt of any method; a changed quote is written through the lifecycle's `requote`
 * event (its totals and its lines' prices together). A payment attempt whose amount is not the quote is refused
 * with PRICE_CHANGED and the quote (`assertExpectedTotal`): nothing is charged at a price the page did not show.
 */

const requotable: readonly string[] = orderTransitions.requote.from;

/** The result of pricing an order again: the order as it is now, its quote and whether it changed. */
export interface Requote {
  order: OrderRow;
  quote: OrderQuote;
  changed: boolean;
}

/** The quote of `order` now (no writes), over its lines as stored. */
async function quoteOf(
  tx: DbExecutor,
  order: OrderRow,
  at: Date,
): Promise<{ quote: OrderQuote; items: OrderItemRow[] }> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const ids = [...new Set(items.map((item) => item.productId))];
  const rows = ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Issue 30: a line is priced today at its own variant's prices (the product row's are its cheapest variant's);
  // a variant the owner has since left out (archived) is no longer sold, like an archived product.
  const variants = await variantsByIds(
    tx,
    items.map((item) => item.variantId),
  );
  const onSale = (item: OrderItemRow) => {
    const product = byId.get(item.productId);
    const variant = variants.get(item.variantId);
    return product && product.archivedAt === null && variant && variant.archivedAt === null ? variant : undefined;
  };
  const membership =
    order.userId !== null && order.orderType === 'registered'
      ? await createMembershipService(tx).getState(order.userId, at)
      : noMembership;
  const pickup = order.pickupLocation !== null || order.pickupPointName !== null;
  const nothingToDeliver = items.every((item) => item.isMembership);
  const delivered = !pickup && !nothingToDeliver && order.shippingToea > 0 && !membership.isMember;
  const zone = delivered ? zoneForProvince(await readZones(tx), order.province) : null;
  const quote = quoteOrder({
    lines: items.map((item) => {
      const variant = onSale(item);
      const priced = variant && variant.priceToea > 0;
      return {
        id: item.id,
        productId: item.productId,
        name: orderLineName(item),
        quantity: item.quantity,
        placedUnitPrice: item.unitPriceToea,
        placedOriginalPrice: item.originalPriceToea,
        isMembership: item.isMembership,
        todayPrice: priced ? variant.priceToea : null,
        todayOriginalPrice: priced ? variant.originalPriceToea : null,
      };
    }),
    placedShipping: order.shippingToea,
    membership,
    delivery: { pickup, nothingToDeliver, zoneFee: zone ? zone.feeToea : null },
  });
  if (order.discountCode === null) return { quote, items };
  // Issue 30 (decision 040): the code the order holds a use of, taken off the new prices (whatever the code's
  // dates or pause now: the order was placed with it); a line or the delivery never costs more than as placed.
  const placedLineDiscounts = items.reduce((sum, item) => sum + item.discountToea, 0);
  const placed = {
    lines: items.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      unitPrice: item.unitPriceToea,
      originalPrice: item.originalPriceToea,
      discount: item.discountToea,
    })),
    shipping: order.shippingToea,
    shippingDiscount: Math.max(0, order.discountToea - placedLineDiscounts),
  };
  const terms = await termsOfCode(tx, order.discountCode);
  const code = terms
    ? priceWithCode(terms, {
        lines: quote.lines.map((line, index) => {
          const product = byId.get(line.productId);
          const item = items[index];
          const variant = item && onSale(item);
          return {
            productId: line.productId,
            category: product?.category ?? '',
            quantity: line.quantity,
            regularUnitPrice: variant ? variant.priceToea : line.unitPrice,
            unitPrice: line.unitPrice,
            isMembership: item?.isMembership ?? false,
          };
        }),
        shipping: quote.shipping,
        delivered: !pickup && !nothingToDeliver,
        rule: await memberCodeRuleIn(tx),
      })
    : { lineDiscounts: placed.lines.map((line) => line.discount), shippingDiscount: placed.shippingDiscount };
  return { quote: quoteWithCode(quote, code, placed), items };
}

/**
 * Prices an unpaid order again, in the caller's transaction (the order row is locked), and writes a changed quote
 * through the lifecycle (`requote`). An order that is not unpaid and held is left alone (undefined). A quote below
 * what staff have already received for the order is not written (the shop returns the difference by hand).
 */
export async function requoteUnpaidOrder(
  tx: DbExecutor,
  orderId: number,
  actor: Extract<LifecycleActor, 'shopper' | 'system'>,
  at: Date,
): Promise<Requote | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || !requotable.includes(orderStateOf(order))) return undefined;
  const { quote, items } = await quoteOf(tx, order, at);
  const changed = quoteChanged(order, items, quote);
  const writable = quote.total > 0 && quote.total >= order.amountReceivedToea && fitsMoneyColumn(quote.subtotal);
  if (!changed || !writable) return { order, quote: changed ? quoteFromOrder(order, quote) : quote, changed: false };
  const updated = await transition(tx, order.id, {
    event: 'requote',
    actor,
    at,
    set: {
      subtotalToea: quote.subtotal,
      savingsToea: quote.savings,
      shippingToea: quote.shipping,
      discountToea: quote.discount,
      totalToea: quote.total,
    },
    linePrices: quote.lines.map((line) => ({
      id: line.id,
      unitPriceToea: line.unitPrice,
      originalPriceToea: line.originalPrice,
      discountToea: line.discount,
    })),
  });
  return { order: updated, quote, changed: true };
}

/** Whether `quote` differs from what the order and its lines say now. */
function quoteChanged(order: OrderRow, items: readonly OrderItemRow[], quote: OrderQuote): boolean {
  const linesChanged = quote.lines.some((line) => {
    const item = items.find((candidate) => candidate.id === line.id);
    return (
      !item ||
      item.unitPriceToea !== line.unitPrice ||
      item.originalPriceToea !== line.originalPrice ||
      item.discountToea !== line.discount
    );
  });
  return (
    linesChanged ||
    quote.total !== order.totalToea ||
    quote.discount !== order.discountToea ||
    quote.shipping !== order.shippingToea ||
    quote.subtotal !== order.subtotalToea ||
    quote.savings !== order.savingsToea
  );
}

/**
 * Before a payment attempt of the shopper's (decision 022): the order (as just read) priced again. Nearly always
 * nothing changed, which a few reads tell; only a changed quote takes the transaction that locks the order and
 * writes it (`requoteUnpaidOrder`, which prices it again under the lock). A change that lands after these reads is
 * no risk: the payment is still checked against the order's total when it is settled, and refunded if it differs.
 */
export async function requoteBeforePayment(db: Database, order: OrderRow, at: Date): Promise<Requote | undefined> {
  if (!requotable.includes(orderStateOf(order))) return undefined;
  const { quote, items } = await quoteOf(db, order, at);
  if (!quoteChanged(order, items, quote)) return { order, quote, changed: false };
  return db.transaction((tx) => requoteUnpaidOrder(tx, order.id, 'shopper', at));
}

/** The order's own figures as a quote (when a lower quote could not be written). */
function quoteFromOrder(order: OrderRow, quote: OrderQuote): OrderQuote {
  return {
    ...quote,
    subtotal: order.subtotalToea,
    savings: order.savingsToea,
    shipping: order.shippingToea,
    discount: order.discountToea,
    total: order.totalToea,
    reasons: [],
  };
}

/** Unpaid, held orders matching `where`, priced again one by one (system); returns how many changed. */
async function requoteWhere(tx: DbExecutor, ids: number[], at: Date): Promise<number> {
  let changed = 0;
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    if ((await requoteUnpaidOrder(tx, id, 'system', at))?.changed) changed += 1;
  }
  return changed;
}

const unpaidHeld = and(eq(orders.stockState, 'held'), inArray(orders.paymentStatus, ['pending', 'failed']));

/** The shopper became a member: their unpaid orders get member prices and free delivery. */
export async function requoteShopperOrders(tx: DbExecutor, userId: number, at: Date): Promise<number> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), unpaidHeld));
  return requoteWhere(
    tx,
    rows.map((row) => row.id),
    at,
  );
}

/** Staff changed a product's price: the unpaid orders holding it (a price only falls). */
export async function requoteOrdersWithProduct(tx: DbExecutor, productId: number, at: Date): Promise<number> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orderItems.productId, productId), unpaidHeld));
  return requoteWhere(
    tx,
    rows.map((row) => row.id),
    at,
  );
}

/** Staff saved the delivery zones: the unpaid orders that pay a delivery fee. */
export async function requoteDeliveredOrders(tx: DbExecutor, at: Date): Promise<number> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(unpaidHeld, gt(orders.shippingToea, 0), isNotNull(orders.province)));
  return requoteWhere(
    tx,
    rows.map((row) => row.id),
    at,
  );
}

/**
 * Why an order costs what it does now, for the refusal's words: the requote's own reasons, or (priced again
 * earlier, e.g. when Premium started) what the order shows: member prices and free delivery, or a lower price.
 */
function reasonsFor(requote: Requote, membershipNow: boolean): QuoteReason[] {
  if (requote.quote.reasons.length > 0) return requote.quote.reasons;
  if (!membershipNow) return ['price-fell'];
  const delivered = requote.order.province !== null && requote.order.pickupLocation === null;
  return delivered && requote.order.shippingToea === 0 ? ['member-price', 'member-delivery'] : ['member-price'];
}

/**
 * Refuses (409 PRICE_CHANGED, nothing charged) a payment attempt for `expected` when the order now costs
 * something else; the answer carries the quote (lines, delivery, total) and the order as the page shows it.
 */
export async function assertExpectedTotal(
  tx: DbExecutor,
  requote: Requote,
  expected: number | undefined,
  toOrder: (order: OrderRow) => Promise<CheckoutOrder>,
  at: Date,
): Promise<void> {
  if (expected === undefined || expected === requote.order.totalToea) return;
  const order = requote.order;
  const isMember = order.userId !== null && (await createMembershipService(tx).getState(order.userId, at)).isMember;
  const reasons = reasonsFor(requote, isMember);
  throw new AppError('PRICE_CHANGED', priceChangedMessage(expected, order.totalToea, reasons), {
    was: expected,
    quote: {
      lines: requote.quote.lines,
      subtotal: order.subtotalToea,
      savings: order.savingsToea,
      shipping: order.shippingToea,
      discount: order.discountToea,
      total: order.totalToea,
      reasons,
    },
    order: await toOrder(order),
  });
}

export { PRICE_CHANGED };
