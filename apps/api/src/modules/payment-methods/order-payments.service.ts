import {
  type AdminOrderPayment,
  amountOutstanding,
  amountOverpaid,
  amountOwed,
  type CounterPaymentMethod,
  counterPaymentLabels,
  formatKina,
  orderPaymentState,
  orderPaymentStateLabels,
  parseIsoDate,
  paymentMethodMessages as messages,
  paymentReminderHoursBefore,
  type RecordPaymentInput,
  type ShopSettings,
} from '@bilum/shared';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { noteOrder, transition } from '../order-lifecycle/order-lifecycle';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { type OrderRow, orderPayments, orders, orderStatusHistory } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { type Actor, recordActivity } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { completeOrderPayment, lockPremiumBuyerOf } from '../orders/payment-completion';
import { readOrderItems } from '../orders/orders.service';
import { requoteUnpaidOrder } from '../orders/order-quote';
import type { SettingsService } from '../settings/settings.service';
import { readPaymentSettings } from './payment-settings';
import { paymentReminderEmail } from './payment-methods.emails';
import { queuePaymentReminderText } from './payment-methods.texts';
import { iso } from './payment-placement';
import { succeededRefundsToea } from '../backoffice/refund-sums';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

function recorder(actor: Actor): { userId: number | null; name: string } {
  if (actor.kind === 'staff') return { userId: actor.userId, name: actor.name };
  if (actor.kind === 'api-key') return { userId: null, name: actor.name };
  if (actor.kind === 'shopper') return { userId: actor.userId, name: actor.email ?? 'Shopper' };
  return { userId: null, name: actor.name ?? 'System' };
}

/** A PNG calendar day (UTC+10) as YYYY-MM-DD. */
const pngDay = (at: Date) => new Date(at.getTime() + 10 * HOUR_MS).toISOString().slice(0, 10);

/**
 * Payments staff record by hand (issue 19): a bank transfer's money arriving (several add up), and a pickup order
 * paid at the counter. Each is one transaction with the order row locked: the payment row, the order's received
 * amount, and, once the total is reached, the same completion as a card (completeOrderPayment: sold, one
 * confirmation e-mail, Premium) and the activity entry.
 */
export function createOrderPaymentsService(deps: {
  db: Database;
  mailer: Mailer;
  settings: SettingsService;
  shopUrl: string;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { db, mailer, now } = deps;

  async function view(executor: DbExecutor, order: OrderRow): Promise<AdminOrderPayment> {
    const rows = await executor
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id))
      .orderBy(asc(orderPayments.id));
    // Issue 27: refunds give an over-payment back, so an over-payment refunded is no longer "refund due".
    const refunded = await succeededRefundsToea(executor, order.id);
    const state = orderPaymentState({
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      total: order.totalToea,
      amountReceived: order.amountReceivedToea,
      refunded,
    });
    const open = order.paymentStatus === 'pending' && order.stockState === 'held';
    const sums = { total: order.totalToea, amountReceived: order.amountReceivedToea, refunded };
    return {
      orderId: order.id,
      method: order.paymentMethod,
      state,
      stateLabel: orderPaymentStateLabels[state],
      reference: order.paymentReference,
      total: order.totalToea,
      amountReceived: order.amountReceivedToea,
      // Nothing is still to pay once the order is paid or has ended unpaid (issue 27: then its money is owed back).
      outstanding: open ? amountOutstanding(sums) : 0,
      // What is owed back: an over-payment, or a part-payment of an order that ended unpaid (issue 27).
      overpaid: amountOwed({ ...sums, paymentStatus: order.paymentStatus }),
      holdExpiresAt: open ? iso(order.holdExpiresAt) : null,
      awaitingConfirmation: open && order.holdConfirmTokenHash !== null,
      canRecordPayment: order.paymentMethod === 'bank-transfer' && open,
      canMarkCollected: order.paymentMethod === 'pickup' && open,
      payments: rows.map((row) => ({
        id: row.id,
        amount: row.amountToea,
        method: row.method,
        bankReference: row.bankReference,
        receivedOn: row.receivedOn,
        recordedBy: row.recordedByName,
        recordedAt: row.recordedAt.toISOString(),
      })),
    };
  }

  /**
   * The order, locked and priced again first (decision 022): what staff record against is the current quote
   * (member prices and free delivery for a shopper who joined Premium since, a lowered price), never a stale total.
   */
  async function lockedOrder(tx: Transaction, id: number): Promise<OrderRow> {
    await lockPremiumBuyerOf(tx, id);
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound('Order not found.');
    return (await requoteUnpaidOrder(tx, id, 'system', now()))?.order ?? order;
  }

  const isOpen = (order: OrderRow) => order.paymentStatus === 'pending' && order.stockState === 'held';

  /**
   * One payment staff record (a bank transfer's money, a pickup paid at the counter), in one transaction: the
   * order locked and still awaiting `method`, the payment row, then `settle` (the order's new state and the
   * activity entry). The e-mails it queued go out after the commit.
   */
  async function recordStaffPayment<T>(
    actor: Actor,
    id: number,
    method: { expected: 'bank-transfer' | 'pickup'; otherwise: string },
    at: Date,
    payment: (
      order: OrderRow,
    ) => Pick<typeof orderPayments.$inferInsert, 'method' | 'amountToea' | 'bankReference' | 'receivedOn'>,
    settle: (tx: Transaction, order: OrderRow, who: ReturnType<typeof recorder>, shop: ShopSettings) => Promise<T>,
  ): Promise<T> {
    const shop = await deps.settings.get();
    const answer = await db.transaction(async (tx) => {
      const order = await lockedOrder(tx, id);
      if (order.paymentMethod !== method.expected) throw new AppError('CONFLICT', method.otherwise);
      if (!isOpen(order)) throw new AppError('CONFLICT', messages.notAwaiting);
      const who = recorder(actor);
      await tx.insert(orderPayments).values({
        orderId: order.id,
        ...payment(order),
        recordedByUserId: who.userId,
        recordedByName: who.name,
        recordedAt: at,
      });
      return settle(tx, order, who, shop);
    });
    mailer.wake();
    return answer;
  }

  /** Paid in full by a way staff record: the same completion as a card's (sold, one confirmation, Premium). */
  const completeRecorded = (
    tx: Transaction,
    order: OrderRow,
    reference: string,
    shop: ShopSettings,
    at: Date,
    set: Parameters<typeof completeOrderPayment>[6],
  ) =>
    completeOrderPayment(
      { mailer, shopUrl: deps.shopUrl },
      tx,
      order,
      { intentId: null, cardLast4: 'N/A', reference },
      shop,
      at,
      set,
    );

  return {
    /** GET /api/admin/orders/:id/payments */
    async adminPayment(id: number): Promise<AdminOrderPayment> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) throw notFound('Order not found.');
      return view(db, order);
    },

    /** POST /api/admin/orders/:id/payments: money received for a bank-transfer order. */
    async recordPayment(actor: Actor, id: number, input: Required<RecordPaymentInput>) {
      const receivedOn = parseIsoDate(input.receivedOn);
      const at = now();
      // Not in the future (a day of slack for the bank's and PNG's calendars), nor before the order was possible.
      if (!receivedOn || input.receivedOn > pngDay(new Date(at.getTime() + DAY_MS))) {
        throw new AppError('VALIDATION', messages.receivedOnInvalid, undefined, [
          { path: 'receivedOn', message: messages.receivedOnInvalid },
        ]);
      }
      return recordStaffPayment(
        actor,
        id,
        { expected: 'bank-transfer', otherwise: messages.notBankTransfer },
        at,
        () => ({
          method: 'bank-transfer',
          amountToea: input.amount,
          bankReference: input.bankReference,
          receivedOn: input.receivedOn,
        }),
        async (tx, order, _who, shop) => {
          const received = order.amountReceivedToea + input.amount;
          if (received > 2_147_483_647) throw new AppError('VALIDATION', messages.amountTooLarge);
          let updated: OrderRow;
          if (received >= order.totalToea) {
            updated = await completeRecorded(tx, order, order.paymentReference ?? `order-${order.id}`, shop, at, {
              amountReceivedToea: received,
            });
          } else {
            updated = await transition(tx, order.id, {
              event: 'receive-part',
              actor: 'staff',
              at,
              set: { amountReceivedToea: received },
            });
          }
          const sums = { total: order.totalToea, amountReceived: received };
          const state = orderPaymentState({
            paymentMethod: updated.paymentMethod,
            paymentStatus: updated.paymentStatus,
            ...sums,
          });
          const outcome =
            state === 'part-paid'
              ? `part-paid, ${formatKina(amountOutstanding(sums))} still due`
              : state === 'over-paid'
                ? `paid; over-paid: refund ${formatKina(amountOverpaid(sums))}`
                : 'paid in full';
          await recordActivity(tx, {
            actor,
            action: 'order.payment-recorded',
            entityType: 'order',
            entityId: order.id,
            summary: `Recorded ${formatKina(input.amount)} received on ${input.receivedOn} (bank ref ${input.bankReference}): ${outcome}`,
            before: { amountReceived: order.amountReceivedToea, paymentStatus: order.paymentStatus },
            after: { amountReceived: received, paymentStatus: updated.paymentStatus },
          });
          return {
            payment: await view(tx, updated),
            message: messages.recorded(state, amountOutstanding(sums), amountOverpaid(sums)),
          };
        },
      );
    },

    /** POST /api/admin/orders/:id/collected: a pickup order paid at the counter and handed over. */
    async markCollected(actor: Actor, id: number, method: CounterPaymentMethod) {
      const at = now();
      return recordStaffPayment(
        actor,
        id,
        { expected: 'pickup', otherwise: messages.notPickup },
        at,
        (order) => ({ method, amountToea: order.totalToea, bankReference: null, receivedOn: pngDay(at) }),
        async (tx, order, who, shop) => {
          const updated = await completeRecorded(tx, order, `order-${order.id}-counter`, shop, at, {
            amountReceivedToea: order.totalToea,
            shippingStatus: 'Delivered',
            dispatchedAt: at,
            deliveredAt: at,
          });
          await tx.insert(orderStatusHistory).values({
            orderId: order.id,
            fromStatus: order.shippingStatus,
            toStatus: 'Delivered',
            changedByUserId: who.userId,
            changedByName: who.name,
            changedAt: at,
          });
          await recordActivity(tx, {
            actor,
            action: 'order.paid-and-collected',
            entityType: 'order',
            entityId: order.id,
            summary: `Paid and collected: ${formatKina(order.totalToea)} by ${counterPaymentLabels[method]}`,
            before: { paymentStatus: order.paymentStatus, shippingStatus: order.shippingStatus },
            after: { paymentStatus: 'paid', shippingStatus: 'Delivered', method },
          });
          return { payment: await view(tx, updated), message: messages.collected };
        },
      );
    },

    /**
     * The checkout jobs' reminder: each unpaid bank transfer whose hold ends within paymentReminderHoursBefore
     * gets one e-mail. Rows are claimed FOR UPDATE SKIP LOCKED and stamped in the same transaction, so however many
     * instances run it, each order is reminded once.
     */
    async sendReminders(): Promise<number> {
      const at = now();
      const shop = await deps.settings.get();
      const sent = await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.paymentMethod, 'bank-transfer'),
              eq(orders.stockState, 'held'),
              eq(orders.paymentStatus, 'pending'),
              isNull(orders.reminderSentAt),
              // Issue 28: an order still to be confirmed is not reminded to pay (its hold is the short one).
              isNull(orders.holdConfirmTokenHash),
              gt(orders.holdExpiresAt, at),
              lte(orders.holdExpiresAt, new Date(at.getTime() + paymentReminderHoursBefore * HOUR_MS)),
            ),
          )
          .orderBy(asc(orders.holdExpiresAt))
          .limit(50)
          .for('update', { skipLocked: true });
        if (due.length === 0) return 0;
        const payment = await readPaymentSettings(tx);
        for (const order of due) {
          const items = await readOrderItems(tx, order.id);
          await mailer.enqueue(
            tx,
            paymentReminderEmail({ order, items, payment, settings: shop, shopUrl: deps.shopUrl }),
          );
          // Issue 31: the reminder as a text too.
          await queuePaymentReminderText(mailer, tx, order, payment);
          await noteOrder(tx, order.id, { reminderSentAt: at });
          await recordActivity(tx, {
            actor: { kind: 'system', name: 'payment reminder' },
            action: 'order.payment-reminder-sent',
            entityType: 'order',
            entityId: order.id,
            summary: `Payment reminder e-mailed (hold ends ${order.holdExpiresAt?.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
          });
        }
        return due.length;
      });
      if (sent > 0) mailer.wake();
      return sent;
    },
  };
}

export type OrderPaymentsService = ReturnType<typeof createOrderPaymentsService>;
