import { checkoutMessages, parseSerialId, type PaymentResult, safeReturnUrl, type ShopSettings } from '@bilum/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { cartItems, type OrderRow, orders, processedPaymentEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { createMembershipService, lockPremiumBuyer, premiumStillBuyable } from '../membership/membership.service';
import type { ConfirmIntentInput, PaymentEvent, PaymentIntent } from '../payments/payment-provider';
import { queueInvoiceDocument } from '../invoices/invoice-documents';
import { replacingOrderId } from './order-holds';
import { assertExpectedTotal, requoteBeforePayment, requoteShopperOrders } from './order-quote';
import { emitEvent, orderEventData } from '../webhooks/webhook-events';
import { queueOrderAlert } from '../backoffice/order-alerts';
import { queueOrderText } from '../texts/texts.service';
import { stockActors } from '../stock/stock.service';
import { StockGoneError, transition } from '../order-lifecycle/order-lifecycle';
import { orderStateOf } from '../order-lifecycle/order-states';
import { type OrdersDeps, type OrdersService, readOrderItems, toCheckoutOrder } from './orders.service';

/** What finishing a payment did to the order. */
export type Settlement =
  | { kind: 'paid'; order: OrderRow; changed: boolean }
  | { kind: 'refunded'; order: OrderRow }
  | { kind: 'unpaid'; order: OrderRow };

const cannotHonour = 'cannot-honour';
/** A Premium order paid when the shopper's Premium had already been bought by another payment. */
const premiumAlreadyActive = 'premium-already-active';

/**
 * The one way an order becomes paid (docs/decisions/005-orders-and-payments.md), used by the confirm and refresh
 * calls, the webhook and the reconciliation. It trusts only an intent retrieved from the provider, and it is
 * idempotent: the order row is locked, and a paid order is left alone, so however many callers race, there is
 * one state change, one confirmation e-mail and one membership year.
 */
/**
 * Another kind of payment on the same provider (the membership page's): the one webhook route hands it the
 * verified events about its intents (told apart by the intent's metadata), and the reconciliation job asks it to
 * catch up on lost ones.
 */
export interface OtherPaymentKind {
  handles(event: PaymentEvent): boolean;
  handleEvent(event: PaymentEvent): Promise<void>;
  reconcile(): Promise<number>;
}

/** How an order was paid: the card's intent, or (issue 19) a payment staff recorded, by its reference. */
export interface PaidWith {
  intentId: string | null;
  cardLast4: string;
  /** Kept with a Premium year the order buys (the intent id, or the bank transfer's payment reference). */
  reference: string;
}

/**
 * Records a payment, in the caller's transaction with the order row locked: the hold becomes a sale, the bought
 * cart lines go, Premium starts, the invoice gets its number (the database trigger), and the work that follows is
 * queued with it. Every way to pay ends here (the card through `settle`, a bank transfer or the counter through
 * modules/payment-methods), so each sends the same e-mails once. Nothing that can fail for reasons of its own runs
 * here (issue 27): the invoice PDF and the confirmation e-mail that carries it are an outbox job
 * (`invoice-document`) run after the commit, so a payment is never refused or undone because a document could not
 * be drawn. The caller wakes the mailer after the commit.
 */
/**
 * Call first in a transaction that may pay `orderId`, before locking it: when the order buys Premium, the shopper's
 * Premium lock is taken first, in the order every Premium payment takes its locks (see `lockPremiumBuyer`).
 */
export async function lockPremiumBuyerOf(tx: Transaction, orderId: number): Promise<void> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (order?.userId == null) return;
  if ((await readOrderItems(tx, orderId)).some((item) => item.isMembership)) await lockPremiumBuyer(tx, order.userId);
}

export async function completeOrderPayment(
  deps: Pick<OrdersDeps, 'mailer' | 'shopUrl'>,
  tx: Transaction,
  order: OrderRow,
  paidWith: PaidWith,
  settings: ShopSettings,
  paidAt: Date,
  extra: Partial<Pick<OrderRow, 'shippingStatus' | 'deliveredAt' | 'dispatchedAt' | 'amountReceivedToea'>> = {},
): Promise<OrderRow> {
  const items = await readOrderItems(tx, order.id);
  // A held order's units left the shelf when it was placed: the log records the sale; a released one's units are
  // taken again, all or none (StockGoneError when they are gone).
  const paid = await transition(tx, order.id, {
    event: order.paymentMethod === 'pickup' ? 'pay-at-counter' : 'pay',
    actor: paidWith.intentId === null ? 'staff' : 'provider',
    at: paidAt,
    set: {
      paymentStatus: 'paid',
      shippingStatus: order.shippingStatus === 'Cancelled' ? 'Pending' : order.shippingStatus,
      paymentIntentId: paidWith.intentId,
      cardLast4: paidWith.cardLast4,
      paidAt,
      cancelledAt: null,
      cancelReason: null,
      // The paid confirmation's, once the document job has queued it (a bank transfer's "how to pay" e-mail was
      // noted here until now); until then the confirmation page says "sending".
      confirmationEmailId: null,
      ...extra,
    },
    stock: { kind: 'sell' },
  });
  // A bank transfer's or pickup's lines left the cart when it was placed (issue 27): a line the shopper added since stays.
  if (paid.source === 'cart' && paid.userId !== null && paid.paymentMethod === 'card') {
    const bought = items.map((item) => item.productId);
    await tx.delete(cartItems).where(and(eq(cartItems.userId, paid.userId), inArray(cartItems.productId, bought)));
  }
  const premium =
    paid.userId !== null && items.some((item) => item.isMembership)
      ? await createMembershipService(tx).activatePremium(paid.userId, { reference: paidWith.reference, paidAt })
      : undefined;
  // A member now: the shopper's other unpaid orders get member prices and free delivery (decision 022).
  if (premium && paid.userId !== null) await requoteShopperOrders(tx, paid.userId, paidAt);
  // The invoice PDF and the confirmation e-mail with it (saying until when Premium is active): drawn after the
  // commit, retried (issue 27).
  await queueInvoiceDocument(deps.mailer.jobs, tx, paid.id, premium);
  // The shop's own "order paid" e-mail to its order address (issue 21, decision 018), in this transaction.
  await queueOrderAlert(deps, tx, { kind: 'paid', order: paid, items, settings });
  // Issue 31: "payment received" as a text, except at the counter, where the shopper pays and collects at once.
  if (paid.paymentMethod !== 'pickup') {
    const shipped = items.some((item) => !item.isMembership);
    await queueOrderText(deps.mailer.jobs, tx, paid, {
      kind: 'payment-received',
      orderId: paid.id,
      amount: paid.amountReceivedToea > 0 ? paid.amountReceivedToea : paid.totalToea,
      next: !shipped ? null : paid.pickupLocation !== null ? 'pickup' : 'delivery',
    });
  }
  // Outgoing webhook (decision 017), in this transaction: every way to pay ends here.
  await emitEvent(tx, 'order.paid', orderEventData(paid, items));
  return paid;
}

export function createPaymentCompletion(
  deps: OrdersDeps,
  ordersService: OrdersService,
  otherKinds: OtherPaymentKind[] = [],
) {
  const { db, payments, mailer, now, log } = deps;

  /** The intent is this order's, for exactly its amount in kina. */
  function intentMatches(order: OrderRow, intent: PaymentIntent): boolean {
    return (
      intent.metadata.orderId === String(order.id) &&
      (order.paymentIntentId === null || order.paymentIntentId === intent.id) &&
      intent.amount === order.totalToea &&
      intent.currency.toLowerCase() === order.currency
    );
  }

  /**
   * Ends an unpaid order whose payment the shop refuses (another amount, Premium already bought, its units gone):
   * a held one releases its units; one already ended only notes why. The charge is refunded after the commit.
   */
  async function refuseOrder(tx: Transaction, order: OrderRow, cancelReason: string): Promise<OrderRow> {
    const at = now();
    const set = {
      paymentStatus: 'cancelled' as const,
      shippingStatus: 'Cancelled' as const,
      cancelReason,
      cancelledAt: order.cancelledAt ?? at,
    };
    if (order.stockState === 'held') {
      return transition(tx, order.id, {
        event: 'release',
        actor: 'provider',
        at,
        set,
        stock: { kind: 'release', reason: 'order-released', actor: stockActors.payment },
      });
    }
    return transition(tx, order.id, { event: 'refuse-late-payment', actor: 'provider', at, set });
  }

  /** Records the card payment: the order becomes paid with the intent (completeOrderPayment). */
  function recordPayment(
    tx: Transaction,
    order: OrderRow,
    intent: PaymentIntent,
    settings: ShopSettings,
  ): Promise<OrderRow> {
    const paidWith = { intentId: intent.id, cardLast4: intent.cardLast4 ?? 'N/A', reference: intent.id };
    return completeOrderPayment(deps, tx, order, paidWith, settings, now());
  }

  /** Refunds a payment the shop cannot honour, in full, once (the provider's idempotency key). */
  async function refund(order: OrderRow, intent: PaymentIntent): Promise<Settlement> {
    await payments.refund({ intentId: intent.id, idempotencyKey: `bilum-order-${order.id}-refund-${intent.id}` });
    const refunded = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      // Another caller recorded it first, or (never) it is not an ended order: left as it is.
      if (!row || orderStateOf(row) !== 'ended-unpaid') return row;
      const at = now();
      return transition(tx, order.id, {
        event: 'return-payment',
        actor: 'provider',
        at,
        set: { paymentStatus: 'refunded', refundedAt: at },
      });
    });
    log.warn({ orderId: order.id, intentId: intent.id }, 'refunded a payment for an order that could not be honoured');
    return { kind: 'refunded', order: refunded ?? order };
  }

  /**
   * Finishes an order with an intent just retrieved from the provider. A succeeded intent for exactly this
   * order's amount marks it paid; one the shop can no longer honour (hold expired and the stock gone, or a
   * mismatch) is cancelled and refunded, never left charged.
   */
  async function settle(orderId: number, intent: PaymentIntent): Promise<Settlement> {
    const current = await ordersService.orderById(orderId);
    if (!current) throw new Error(`no order ${orderId} for intent ${intent.id}`);
    if (intent.status !== 'succeeded') {
      if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
        const failed = await db.transaction(async (tx) => {
          const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
          if (!row || row.paymentStatus !== 'pending' || orderStateOf(row) !== 'awaiting-card') return undefined;
          return transition(tx, orderId, {
            event: 'decline-card',
            actor: 'provider',
            at: now(),
            set: { paymentStatus: 'failed' },
          });
        });
        // Nothing updated: the webhook settled the same failure a moment ago; answer with the order as it is now.
        return { kind: 'unpaid', order: failed ?? (await ordersService.orderById(orderId)) ?? current };
      }
      return { kind: 'unpaid', order: current };
    }
    if (current.paymentStatus === 'refunded') return { kind: 'refunded', order: current };
    if (current.paymentStatus === 'paid' && current.paymentIntentId === intent.id) {
      return { kind: 'paid', order: current, changed: false };
    }
    if (!intentMatches(current, intent)) {
      log.error({ orderId, intentId: intent.id }, 'a succeeded payment does not match its order; refunding it');
      const ownIntent = current.paymentIntentId === null || current.paymentIntentId === intent.id;
      if (current.paymentStatus === 'paid' || !ownIntent) {
        // A second or stray charge: refunded, and the order stays as it was (its own intent can still pay it).
        await payments.refund({ intentId: intent.id, idempotencyKey: `bilum-order-${orderId}-refund-${intent.id}` });
        return current.paymentStatus === 'paid'
          ? { kind: 'paid', order: current, changed: false }
          : { kind: 'unpaid', order: current };
      }
      // The order's own payment for another amount or currency: cancelled, its stock back, the charge refunded.
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (order && (order.stockState === 'held' || orderStateOf(order) === 'ended-unpaid')) {
          await refuseOrder(tx, { ...order, cancelledAt: null }, 'amount-mismatch');
        }
      });
      return refund(current, intent);
    }

    // Read before the transaction: on PGlite a query outside it would wait for the transaction to end.
    const settings = await deps.settings.get();
    const outcome = await db.transaction(async (tx): Promise<Settlement> => {
      await lockPremiumBuyerOf(tx, orderId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw new Error(`order ${orderId} vanished`);
      if (order.paymentStatus === 'paid') return { kind: 'paid', order, changed: false };
      if (order.paymentStatus === 'refunded') return { kind: 'refunded', order };
      // Replaced by a newer attempt of the same checkout (released, its intent cancelled, but the payment got
      // through first, e.g. after 3-D Secure): the shopper buys with the new order, so this payment is refunded
      // whatever the stock, never a second sale (or a second Premium year).
      if (replacingOrderId(order.cancelReason) !== null) return { kind: 'unpaid', order };
      const buysPremium = (await readOrderItems(tx, orderId)).some((item) => item.isMembership);
      if (buysPremium && order.userId !== null && !(await premiumStillBuyable(tx, order.userId, now()))) {
        // Another payment bought this shopper's Premium first: this one is refunded, never a second year.
        return { kind: 'unpaid', order: await refuseOrder(tx, order, premiumAlreadyActive) };
      }
      if (order.stockState === 'held' || order.cancelReason !== cannotHonour) {
        try {
          return { kind: 'paid', order: await recordPayment(tx, order, intent, settings), changed: true };
        } catch (error) {
          // A released order's units were sold meanwhile: the payment cannot be honoured (refunded below).
          if (!(error instanceof StockGoneError)) throw error;
        }
      }
      return { kind: 'unpaid', order: await refuseOrder(tx, order, cannotHonour) };
    });
    if (outcome.kind === 'paid' && outcome.changed) mailer.wake();
    // Outside the transaction: the refund is a provider call.
    if (outcome.kind === 'unpaid') return refund(outcome.order, intent);
    return outcome;
  }

  /** Why an unpaid order can no longer be paid, for the page: replaced by a newer order, or `otherwise`. */
  function cancelledMessage(order: OrderRow, otherwise: string): string {
    const replacedBy = replacingOrderId(order.cancelReason);
    return replacedBy === null ? otherwise : checkoutMessages.orderReplaced(replacedBy);
  }

  /** What the page must do next, from the settlement and the intent. */
  async function result(settlement: Settlement, intent: PaymentIntent): Promise<PaymentResult> {
    const order = await ordersService.checkoutOrder(settlement.order);
    if (settlement.kind === 'paid') return { status: 'succeeded', order };
    if (settlement.kind === 'refunded') {
      const reason = settlement.order.cancelReason;
      const message =
        reason === premiumAlreadyActive
          ? checkoutMessages.refundedPremiumActive
          : replacingOrderId(reason) !== null
            ? checkoutMessages.refundedReplaced
            : checkoutMessages.refundedCannotHonour;
      return { status: 'refunded', order, error: { code: 'order_cancelled', message } };
    }
    switch (intent.status) {
      case 'requires_action':
        return {
          status: 'requires_action',
          order,
          ...(intent.nextActionUrl ? { nextActionUrl: intent.nextActionUrl } : {}),
        };
      case 'processing':
        return { status: 'processing', order };
      case 'canceled':
        return {
          status: 'canceled',
          order,
          error: { code: 'canceled', message: cancelledMessage(settlement.order, checkoutMessages.holdExpired) },
        };
      default: {
        const error = intent.lastPaymentError;
        return {
          status: 'requires_payment_method',
          order,
          ...(error ? { error: { code: error.declineCode ?? error.code, message: error.message } } : {}),
        };
      }
    }
  }

  /** An order that can take a payment now, or the reason it cannot. */
  function assertPayable(order: OrderRow) {
    if (order.paymentStatus === 'refunded') throw new AppError('CONFLICT', checkoutMessages.refundedCannotHonour);
    if (order.paymentStatus === 'cancelled' || order.stockState === 'released') {
      const otherwise =
        order.cancelReason === 'hold-expired' ? checkoutMessages.holdExpired : checkoutMessages.orderCancelled;
      throw new AppError('CONFLICT', cancelledMessage(order, otherwise));
    }
    if (order.holdExpiresAt && order.holdExpiresAt <= now())
      throw new AppError('CONFLICT', checkoutMessages.holdExpired);
  }

  return {
    settle,

    /**
     * Cancels the payment intent of an order whose hold was just released (it expired, or a newer attempt of the
     * checkout replaced the order), after that commit. A payment that got through meanwhile is settled: the order
     * is completed or refunded by the rules above (a replaced order's payment is always refunded). A payment still
     * processing is left to its webhook and the reconciliation, which settle it the same way.
     */
    async cancelReleasedIntent(orderId: number, intentId: string): Promise<void> {
      try {
        await payments.cancelIntent(intentId);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        const intent = await payments.retrieveIntent(intentId);
        if (intent.status === 'succeeded') await settle(orderId, intent);
      }
    },

    /** POST /api/orders/:id/payment: confirm with the provider, then retrieve the intent and settle. */
    async pay(
      placed: OrderRow,
      input: ConfirmIntentInput & { expectedTotalToea?: number | undefined },
    ): Promise<PaymentResult> {
      if (placed.paymentStatus === 'paid')
        return { status: 'succeeded', order: await ordersService.checkoutOrder(placed) };
      assertPayable(placed);
      // Decision 022: priced again before every attempt (membership, prices, delivery); the page must have shown
      // this amount, or nothing is charged and the answer is the new quote (409 PRICE_CHANGED).
      const requote = await requoteBeforePayment(db, placed, now());
      const order = requote?.order ?? placed;
      if (requote) await assertExpectedTotal(db, requote, input.expectedTotalToea, ordersService.checkoutOrder, now());
      if (payments.name === 'simulator' ? !input.card : !input.paymentMethodId) {
        throw new AppError('VALIDATION', checkoutMessages.cardMissing);
      }
      const fallback = order.orderType === 'guest' ? '/guestcheckout' : '/checkout';
      // A path of the shop (the page sends its own absolute address): never another site (issue 16).
      const returnUrl = safeReturnUrl(input.returnUrl, fallback, deps.shopUrl);
      const intent = await ordersService.ensureIntent(order);
      try {
        await payments.confirmIntent(intent.id, {
          card: input.card,
          paymentMethodId: input.paymentMethodId,
          // Absolute, as Stripe requires; the 3-D Secure step comes back to this path of the shop.
          returnUrl: `${deps.shopUrl}${returnUrl}`,
        });
      } catch (error) {
        // Already processing or paid (a double click, another tab): what the provider says now is the answer.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
      const fresh = await payments.retrieveIntent(intent.id);
      return result(await settle(order.id, fresh), fresh);
    },

    /** POST /api/orders/:id/payment/refresh: ask the provider again (after the 3-D Secure redirect). */
    async refresh(order: OrderRow): Promise<PaymentResult> {
      if (order.paymentStatus === 'paid')
        return { status: 'succeeded', order: toCheckoutOrder(order, await readOrderItems(db, order.id)) };
      if (!order.paymentIntentId)
        return { status: 'requires_payment_method', order: await ordersService.checkoutOrder(order) };
      const intent = await payments.retrieveIntent(order.paymentIntentId);
      return result(await settle(order.id, intent), intent);
    },

    /** The other payment kinds' reconciliation (for the checkout jobs); returns how many each completed. */
    reconcileOtherKinds: () => Promise.all(otherKinds.map((kind) => kind.reconcile())),

    /**
     * POST /api/payments/webhook: the signature is checked on the raw body (a forged one is a 400 with nothing
     * changed), each event id is handled once, and the intent is retrieved again before anything is trusted.
     */
    async handleWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<{ duplicate: boolean }> {
      const event = payments.verifyWebhook(rawBody, signature);
      const [seen] = await db
        .select({ id: processedPaymentEvents.eventId })
        .from(processedPaymentEvents)
        .where(eq(processedPaymentEvents.eventId, event.id));
      if (seen) return { duplicate: true };
      // Metadata is the provider's echo of what we sent, but still parsed like any input: "1e20" is no order.
      const orderId = parseSerialId(event.intent?.metadata.orderId);
      if (event.type.startsWith('payment_intent.') && event.intent?.metadata.kind === 'order' && orderId !== null) {
        const order = await ordersService.orderById(orderId);
        if (order) await settle(order.id, await payments.retrieveIntent(event.intent.id));
      } else if (event.type.startsWith('payment_intent.')) {
        for (const kind of otherKinds) if (kind.handles(event)) await kind.handleEvent(event);
      }
      // Recorded after handling: if handling fails, the provider's retry gets another go.
      const recorded = await db
        .insert(processedPaymentEvents)
        .values({ eventId: event.id, type: event.type, processedAt: now() })
        .onConflictDoNothing()
        .returning({ id: processedPaymentEvents.eventId });
      return { duplicate: recorded.length === 0 };
    },
  };
}

export type PaymentCompletion = ReturnType<typeof createPaymentCompletion>;
