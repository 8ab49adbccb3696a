import { MAX_STOCK, type StockMovementReason } from '@bilum/shared';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { discountCodeUses, type NewOrderRow, orderItems, type OrderRow, orders } from '../../db/schema';
import { AppError } from '../../errors';
import {
  changeStock,
  recordOrderSold,
  returnOrderStock,
  type StockActor,
  stockActors,
  stockItems,
} from '../stock/stock.service';
import {
  type LifecycleActor,
  type OrderEvent,
  orderStateOf,
  orderTransitions,
  type StockEffectKind,
  transitionLeadsTo,
  transitionRefusal,
  type TransitionRule,
} from './order-states';

/*
 * The one writer of an order's status, stock and money (issue 27, decision 023). Checkout, the payment methods,
 * the webhooks and jobs, staff's order actions and refunds call `transition`; nothing else updates those columns
 * (order-states.test.ts fails on an `update(orders)` anywhere else). A transition locks the order,
 * checks the declared table (order-states.ts) for the event, the state it is in and who asks, makes the event's
 * stock effect through the stock log, writes the change, and checks the state it leads to, all in the caller's
 * transaction; the caller queues its e-mails, alerts and webhooks in the same transaction (the outbox), so they are
 * sent after the commit or not at all. Facts that are neither status, stock nor money (which e-mail confirmed it,
 * its payment reference, when a job last looked at it) are noted through `noteOrder`.
 */

/** The columns only a transition writes. */
export type LifecycleChange = Partial<
  Pick<
    NewOrderRow,
    | 'paymentStatus'
    | 'shippingStatus'
    | 'holdExpiresAt'
    | 'subtotalToea'
    | 'savingsToea'
    | 'shippingToea'
    | 'discountToea'
    | 'totalToea'
    | 'amountReceivedToea'
    | 'paymentIntentId'
    | 'cardLast4'
    | 'paidAt'
    | 'dispatchedAt'
    | 'estimatedDeliveryAt'
    | 'deliveredAt'
    | 'cancelledAt'
    | 'cancelReason'
    | 'refundedAt'
    | 'confirmationEmailId'
    | 'holdConfirmTokenHash'
    | 'holdConfirmedAt'
  >
>;

/** What the transition does to the order's units (the table says which an event may do). */
export type StockEffect =
  | { kind: 'none' }
  | { kind: 'sell' }
  | { kind: 'release'; reason: StockMovementReason; actor: StockActor }
  | { kind: 'restock'; reason: StockMovementReason; actor: StockActor; alreadyReturned?: Map<number, number> }
  | {
      kind: 'restock-lines';
      actor: StockActor;
      lines: readonly { productId: number; variantId?: number; quantity: number }[];
    };

export interface TransitionInput {
  event: OrderEvent;
  actor: LifecycleActor;
  at: Date;
  set?: LifecycleChange;
  stock?: StockEffect;
  /**
   * `requote` only (decision 022): the order's lines at their new unit prices, written with its new totals, so an
   * order's lines and totals always agree. Order lines are written nowhere else after placing.
   */
  linePrices?: readonly {
    id: number;
    unitPriceToea: number;
    originalPriceToea: number | null;
    /** The discount code's share of the line at its new price (issue 30). */
    discountToea: number;
  }[];
}

/** A released order's units are no longer on the shelf: the late payment cannot be honoured (pay refused). */
export class StockGoneError extends Error {
  constructor(readonly orderId: number) {
    super(`order ${orderId}: its units are no longer in stock`);
  }
}

class Gone extends Error {}

/** Takes a released order's units again, all or none (a savepoint); logged as sold by the payment. */
async function retakeStock(tx: DbExecutor, orderId: number, at: Date): Promise<boolean> {
  const items = await stockItems(tx, orderId);
  try {
    await tx.transaction(async (savepoint) => {
      for (const item of items) {
        const taken = await changeStock(savepoint, {
          productId: item.productId,
          variantId: item.variantId,
          change: -item.quantity,
          reason: 'order-paid',
          actor: stockActors.payment,
          orderId,
          at,
        });
        if (!taken.ok) throw new Gone();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof Gone) return false;
    throw error;
  }
}

/** Makes the stock effect and says what the order's stock state becomes. */
async function applyStock(
  tx: DbExecutor,
  order: OrderRow,
  effect: StockEffect,
  at: Date,
): Promise<OrderRow['stockState'] | undefined> {
  switch (effect.kind) {
    case 'none':
      return undefined;
    case 'sell':
      if (order.stockState === 'held') await recordOrderSold(tx, { orderId: order.id, at });
      else if (order.stockState === 'released' && !(await retakeStock(tx, order.id, at))) {
        throw new StockGoneError(order.id);
      }
      return 'sold';
    case 'release':
      if (order.stockState !== 'held') return undefined;
      await returnOrderStock(tx, { orderId: order.id, reason: effect.reason, actor: effect.actor, at });
      return 'released';
    case 'restock':
      if (order.stockState !== 'sold') return undefined;
      await returnOrderStock(tx, {
        orderId: order.id,
        reason: effect.reason,
        actor: effect.actor,
        at,
        alreadyReturned: effect.alreadyReturned,
      });
      return 'released';
    case 'restock-lines':
      for (const line of effect.lines) {
        const input = {
          productId: line.productId,
          // A refund line made before variants (issue 30) has none: the product's one variant.
          variantId: line.variantId,
          change: line.quantity,
          reason: 'order-refunded' as const,
          actor: effect.actor,
          orderId: order.id,
          at,
        };
        const result = await changeStock(tx, input);
        // Within MAX_STOCK unless the shelf was filled meanwhile, then capped (like a cancellation's return).
        if (!result.ok) await changeStock(tx, { ...input, change: MAX_STOCK - result.stock });
      }
      return undefined;
  }
}

/**
 * Moves an order through one event of the table, in the caller's transaction. Refuses (409, CONFLICT) an event
 * the order's state does not allow; an effect that would lead where the table does not go is a bug and throws.
 */
export async function transition(tx: DbExecutor, orderId: number, input: TransitionInput): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  const from = orderStateOf(order);
  const refusal = transitionRefusal(input.event, from, input.actor);
  if (refusal) throw new AppError('CONFLICT', `Order #${order.id} ${refusal}.`);
  const rule: TransitionRule = orderTransitions[input.event];
  const effect = input.stock ?? { kind: 'none' };
  if (!rule.stock.includes(effect.kind as StockEffectKind)) {
    throw new Error(`order lifecycle: ${input.event} cannot have the stock effect ${effect.kind}`);
  }
  if (input.linePrices && input.event !== 'requote') {
    throw new Error(`order lifecycle: only a requote changes an order's line prices, not ${input.event}`);
  }
  const stockState = await applyStock(tx, order, effect, input.at);
  for (const line of input.linePrices ?? []) {
    await tx
      .update(orderItems)
      .set({
        unitPriceToea: line.unitPriceToea,
        originalPriceToea: line.originalPriceToea,
        discountToea: line.discountToea,
      })
      .where(and(eq(orderItems.id, line.id), eq(orderItems.orderId, order.id)));
  }
  const [updated] = await tx
    .update(orders)
    .set({
      ...input.set,
      ...(stockState ? { stockState } : {}),
      ...(stockState === 'released' || stockState === 'sold' ? { holdExpiresAt: null } : {}),
      updatedAt: input.at,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`order ${order.id} vanished in ${input.event}`);
  const to = orderStateOf(updated);
  if (!transitionLeadsTo(input.event, from, to)) {
    throw new Error(`order lifecycle: ${input.event} took order ${order.id} from ${from} to ${to}`);
  }
  if (updated.discountCode !== null) await moveCodeUse(tx, updated, input.at);
  return updated;
}

/**
 * A discount code's use moves with the order (decision 040): counted once it is paid and its units sold, released
 * when its units go back unpaid or cancelled, when it is refunded in whole, or when a new price leaves the code
 * nothing to take off (a shopper who became a member meanwhile, whose member price is the better: the use is given
 * back, not spent on nothing); held until then.
 */
async function moveCodeUse(tx: DbExecutor, order: OrderRow, at: Date): Promise<void> {
  const state =
    order.paymentStatus === 'refunded' || order.stockState === 'released' || order.discountToea === 0
      ? 'released'
      : order.stockState === 'sold'
        ? 'counted'
        : 'held';
  await tx
    .update(discountCodeUses)
    .set({ state, updatedAt: at })
    .where(and(eq(discountCodeUses.orderId, order.id), ne(discountCodeUses.state, state)));
}

/** `place`'s hold on a discount code's use, written with the order and its units (decision 040). */
export async function holdCodeUse(
  tx: DbExecutor,
  use: { codeId: number; orderId: number; userId: number | null; emailKey: string; discountToea: number; at: Date },
): Promise<void> {
  await tx.insert(discountCodeUses).values({
    codeId: use.codeId,
    orderId: use.orderId,
    userId: use.userId,
    emailKey: use.emailKey,
    state: 'held',
    discountToea: use.discountToea,
    createdAt: use.at,
    updatedAt: use.at,
  });
}

/**
 * `place`: stores a new order awaiting its payment (one per idempotency key: undefined when the key has an order
 * already). Its units are held next, in the same transaction (`holdOrderUnits`).
 */
export async function placeOrderRow(
  tx: DbExecutor,
  values: Omit<NewOrderRow, 'paymentStatus' | 'shippingStatus' | 'stockState' | 'amountReceivedToea' | 'paidAt'>,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .insert(orders)
    .values({ ...values, paymentStatus: 'pending', shippingStatus: 'Pending', stockState: 'held' })
    .onConflictDoNothing({ target: orders.idempotencyKeyHash })
    .returning();
  const placedIn: readonly string[] = orderTransitions.place.to;
  if (order && !placedIn.includes(orderStateOf(order))) {
    throw new Error(`order lifecycle: a new order ${order.id} is ${orderStateOf(order)}`);
  }
  return order;
}

/**
 * `place`'s stock effect: takes each line's units off the shelf (the membership is not stock), logged as placed.
 * Returns the first line that is short, with the units on hand, so the caller refuses the order (and rolls back).
 */
export async function holdOrderUnits(
  tx: DbExecutor,
  orderId: number,
  lines: readonly { productId: number; variantId: number; quantity: number; isMembership: boolean }[],
  at: Date,
): Promise<{ productId: number; variantId: number; stock: number } | null> {
  for (const line of lines) {
    if (line.isMembership) continue;
    const taken = await changeStock(tx, {
      productId: line.productId,
      variantId: line.variantId,
      change: -line.quantity,
      reason: 'order-placed',
      actor: stockActors.checkout,
      orderId,
      at,
    });
    if (!taken.ok) return { productId: line.productId, variantId: line.variantId, stock: taken.stock };
  }
  return null;
}

/** Facts about an order that are neither its status, stock nor money. */
export type OrderFacts = Partial<
  Pick<NewOrderRow, 'confirmationEmailId' | 'paymentReference' | 'reminderSentAt' | 'lastReconciledAt'>
> & {
  /** A released order's note of the order that replaced it ("replaced by order #N"). */
  replacedBy?: string;
  /** The payment intent created for an unpaid card order (saved once). */
  paymentIntentId?: string;
};

/** Notes facts about one or more orders (no state changes: the table is not involved). */
export async function noteOrders(
  tx: DbExecutor,
  orderIds: readonly number[],
  facts: OrderFacts,
  onlyIf?: SQL,
): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  const { replacedBy, ...rest } = facts;
  return tx
    .update(orders)
    .set({ ...rest, ...(replacedBy !== undefined ? { cancelReason: replacedBy } : {}) })
    .where(and(inArray(orders.id, [...orderIds]), onlyIf))
    .returning();
}

export async function noteOrder(
  tx: DbExecutor,
  orderId: number,
  facts: OrderFacts,
  onlyIf?: SQL,
): Promise<OrderRow | undefined> {
  const [row] = await noteOrders(tx, [orderId], facts, onlyIf);
  return row;
}
