import { noteOrder, noteOrders } from '../order-lifecycle/order-lifecycle';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import { refundCancelledOrder } from './order-refund';
import { stockActors } from '../stock/stock.service';
import { releaseHeldOrder } from './order-holds';
import type { OrdersDeps, OrdersService } from './orders.service';
import type { PaymentCompletion } from './payment-completion';
import { afterNonCardHoldExpired } from '../payment-methods/payment-placement';

const batchSize = 20;
/** Providers retry webhooks for up to three days; after that an unpaid order is left alone. */
const reconcileWindowMs = 3 * 24 * 60 * 60_000;
/** One order is asked about at most this often (by any instance). */
const reconcileEveryMs = 30_000;
/** A cancelled order's refund is left to the admin's own request this long before the jobs retry it. */
const refundGraceMs = 60_000;
/** A refund that keeps failing is retried (by any instance) at most this often. */
const refundRetryEveryMs = 5 * 60_000;

export interface JobResult {
  checked: number;
  changed: number;
}

/**
 * The checkout's background jobs. Each claims its rows with FOR UPDATE SKIP LOCKED, so several instances share
 * the work without doing it twice; the provider calls happen outside any transaction.
 */
export function createCheckoutJobs(
  deps: OrdersDeps,
  ordersService: OrdersService,
  completion: PaymentCompletion,
  /** Issue 19: the one reminder of an unpaid bank transfer before its hold ends (modules/payment-methods). */
  paymentReminders?: { sendReminders(): Promise<number> },
) {
  const { db, payments, now, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  /** Returns an expired hold's stock and cancels the order, unless another instance got there first. */
  async function releaseHold(orderId: number): Promise<boolean> {
    // Read before the transaction (PGlite): the shop's details for the e-mail of a bank transfer or pickup order.
    const shop = await deps.settings.get();
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.stockState, 'held'),
            inArray(orders.paymentStatus, ['pending', 'failed']),
            lte(orders.holdExpiresAt, now()),
          ),
        )
        .for('update', { skipLocked: true });
      if (!order) return false;
      await releaseHeldOrder(tx, order, {
        cancelReason: 'hold-expired',
        stockReason: 'hold-expired',
        actor: stockActors.holdExpiry,
        by: 'system',
        at: now(),
      });
      // A bank transfer not paid in time, or a pickup not collected: the shopper is told (issue 19).
      await afterNonCardHoldExpired({ mailer: deps.mailer, shopUrl: deps.shopUrl }, tx, order, shop);
      return true;
    });
  }

  /**
   * Unpaid orders whose hold has ended: a payment that succeeded meanwhile completes the order; one still
   * processing is left for its outcome; otherwise the stock goes back and the intent is cancelled.
   */
  async function releaseExpiredHolds(): Promise<JobResult> {
    const due = await db
      .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
      .from(orders)
      .where(
        and(
          eq(orders.stockState, 'held'),
          inArray(orders.paymentStatus, ['pending', 'failed']),
          lte(orders.holdExpiresAt, now()),
        ),
      )
      .orderBy(asc(orders.holdExpiresAt))
      .limit(batchSize * 5);
    const result: JobResult = { checked: due.length, changed: 0 };
    for (const order of due) {
      try {
        if (order.paymentIntentId) {
          const intent = await payments.retrieveIntent(order.paymentIntentId);
          if (intent.status === 'succeeded') {
            const settled = await completion.settle(order.id, intent);
            if (settled.kind === 'paid' && settled.changed) result.changed += 1;
            continue;
          }
          if (intent.status === 'processing') continue;
        }
        if (!(await releaseHold(order.id))) continue;
        result.changed += 1;
        if (order.paymentIntentId) await completion.cancelReleasedIntent(order.id, order.paymentIntentId);
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'could not release an expired hold');
      }
    }
    if (result.changed > 0) deps.mailer.wake();
    return result;
  }

  /**
   * Takes a batch of orders matching `condition` that no other instance is looking at and were not looked at in
   * the last `everyMs`, and stamps them (lastReconciledAt), so each is handled by one instance at a time.
   */
  async function claim(condition: (at: Date) => SQL | undefined, everyMs: number): Promise<OrderRow[]> {
    const at = now();
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            condition(at),
            or(isNull(orders.lastReconciledAt), lte(orders.lastReconciledAt, new Date(at.getTime() - everyMs))),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      return noteOrders(
        tx,
        rows.map((row) => row.id),
        { lastReconciledAt: at },
      );
    });
  }

  /** Unpaid recent orders. */
  const claimUnpaid = () =>
    claim(
      (at) =>
        and(
          inArray(orders.paymentStatus, ['pending', 'failed', 'cancelled']),
          gt(orders.placedAt, new Date(at.getTime() - reconcileWindowMs)),
          // Only a card has an intent to ask the provider about (a bank transfer is recorded by staff).
          eq(orders.paymentMethod, 'card'),
        ),
      reconcileEveryMs,
    );

  /**
   * Asks the provider about every recent unpaid order: an intent that succeeded without a paid order (a lost
   * webhook, a crash after the charge) completes the order, or refunds it when it can no longer be honoured.
   * An order whose intent id was never saved gets it back from the provider (the same idempotency key).
   */
  async function reconcilePayments(): Promise<JobResult> {
    const result: JobResult = { checked: 0, changed: 0 };
    for (let batch = await claimUnpaid(); batch.length > 0; batch = await claimUnpaid()) {
      for (const claimed of batch) {
        result.checked += 1;
        try {
          const order = await ordersService.orderById(claimed.id);
          if (!order) continue;
          if (!order.paymentIntentId && order.paymentStatus === 'cancelled') continue;
          const intent = await ordersService.ensureIntent(order);
          if (intent.status === 'canceled' && order.paymentStatus === 'cancelled') {
            // Nothing can happen to this order any more: stop asking about it.
            await noteOrder(db, order.id, {
              lastReconciledAt: new Date(order.placedAt.getTime() + reconcileWindowMs),
            });
          }
          if (intent.status !== 'succeeded') continue;
          const settled = await completion.settle(order.id, intent);
          if (settled.kind !== 'paid' || settled.changed) result.changed += 1;
        } catch (error) {
          log.error({ err: error, orderId: claimed.id }, 'could not reconcile an order with its payment');
        }
      }
    }
    return result;
  }

  /** Orders an admin cancelled (over refundGraceMs ago) that are still paid: their refund failed. */
  const claimRefundPending = () =>
    claim(
      (at) =>
        and(
          eq(orders.shippingStatus, 'Cancelled'),
          eq(orders.paymentStatus, 'paid'),
          isNotNull(orders.paidAt),
          lte(orders.cancelledAt, new Date(at.getTime() - refundGraceMs)),
        ),
      refundRetryEveryMs,
    );

  /**
   * Retries the refund of orders an admin cancelled whose refund failed (Refund pending on /order-inventory),
   * through the admin's own refund function and idempotency key, so the customer is never left charged and
   * never refunded twice. One that fails again is retried after refundRetryEveryMs.
   */
  async function retryRefunds(): Promise<JobResult> {
    const result: JobResult = { checked: 0, changed: 0 };
    for (let batch = await claimRefundPending(); batch.length > 0; batch = await claimRefundPending()) {
      for (const order of batch) {
        result.checked += 1;
        try {
          await refundCancelledOrder(deps, order);
          result.changed += 1;
        } catch (error) {
          log.error({ err: error, orderId: order.id }, 'could not retry the refund of a cancelled order');
        }
      }
    }
    return result;
  }

  async function runAll() {
    await reconcilePayments();
    await retryRefunds().catch((error: unknown) => log.error({ err: error }, 'could not retry pending refunds'));
    await completion
      .reconcileOtherKinds()
      .catch((error: unknown) => log.error({ err: error }, 'could not reconcile membership payments'));
    if (paymentReminders) {
      await paymentReminders
        .sendReminders()
        .catch((error: unknown) => log.error({ err: error }, 'could not send payment reminders'));
    }
    await releaseExpiredHolds();
    if (payments.name === 'simulator') await payments.settleProcessingIntents();
  }

  return {
    releaseExpiredHolds,
    reconcilePayments,
    retryRefunds,
    /** Every job once, in this process (tests, and the timer). */
    runOnce(): Promise<void> {
      running ??= runAll()
        .catch((error: unknown) => log.error({ err: error }, 'the checkout jobs failed'))
        .finally(() => {
          running = null;
        });
      return running;
    },
    start(intervalMs: number) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => void this.runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type CheckoutJobs = ReturnType<typeof createCheckoutJobs>;
