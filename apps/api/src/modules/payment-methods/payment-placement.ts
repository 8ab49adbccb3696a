import {
  amountOutstanding,
  checkoutHoldMinutes,
  formatKina,
  mobileBankingSteps,
  type OrderPaymentInfo,
  orderPaymentState,
  orderPaymentStateLabels,
  type PaymentMethod,
  paymentMethodMessages as messages,
  type PaymentSettings,
  type PickupInfo,
  type ShopSettings,
  shopperOrderStatus,
} from '@bilum/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../../db/client';
import { type OrderItemRow, orderItems, type OrderRow, pickupPoints } from '../../db/schema';
import { AppError } from '../../errors';
import { type Actor, recordActivity } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { noteOrder } from '../order-lifecycle/order-lifecycle';
import { isMembershipOnly } from '../orders/order-emails';
import { assignPaymentReference } from './payment-references';
import { readPaymentSettings } from './payment-settings';
import { bankTransferPlacedEmail, holdEndedEmail, pickupConfirmedEmail } from './payment-methods.emails';
import { queueBankTransferText } from './payment-methods.texts';
import { queueOrderAlert } from '../backoffice/order-alerts';
import { succeededRefundsToea } from '../backoffice/refund-sums';

/*
 * How a bank-transfer or pay-at-pickup order is placed, ends and is shown (issue 19). Used by orders.service.ts
 * (placing) and checkout-jobs.ts (hold expiry); imports nothing of theirs.
 */

const readOrderItems = (tx: DbExecutor, orderId: number): Promise<OrderItemRow[]> =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Until when an order placed now holds its stock: 15 minutes for a card, the settings' time for the others. */
export function holdEndFor(method: PaymentMethod, payment: PaymentSettings, placedAt: Date): Date {
  const ms =
    method === 'bank-transfer'
      ? payment.bankTransferHoldHours * HOUR_MS
      : method === 'pickup'
        ? payment.pickupDeadlineDays * DAY_MS
        : checkoutHoldMinutes * 60_000;
  return new Date(placedAt.getTime() + ms);
}

/** The long hold in words, for the confirmation e-mail: "48 hours", "3 days". */
export function longHoldText(method: PaymentMethod, payment: PaymentSettings): string {
  if (method === 'pickup') return `${payment.pickupDeadlineDays} day${payment.pickupDeadlineDays === 1 ? '' : 's'}`;
  return `${payment.bankTransferHoldHours} hours`;
}

/**
 * Refuses a way to pay the shop has turned off, pay at pickup for an order that is not collected at a pickup
 * point, and pay at pickup for the membership alone (nothing to collect).
 */
export function assertMethodAllowed(
  method: PaymentMethod,
  payment: PaymentSettings,
  order: { pickup: boolean; membershipOnly: boolean },
): void {
  const on =
    method === 'card'
      ? payment.cardEnabled
      : method === 'bank-transfer'
        ? payment.bankTransferEnabled && payment.bankAccountNumber !== ''
        : payment.pickupEnabled;
  if (!on)
    throw new AppError('VALIDATION', messages.methodOff, undefined, [
      { path: 'paymentMethod', message: messages.methodOff },
    ]);
  if (method === 'pickup' && order.membershipOnly) {
    throw new AppError('VALIDATION', messages.premiumNoPickup, undefined, [
      { path: 'paymentMethod', message: messages.premiumNoPickup },
    ]);
  }
  if (method === 'pickup' && !order.pickup) {
    throw new AppError('VALIDATION', messages.pickupNeedsPickup, undefined, [
      { path: 'paymentMethod', message: messages.pickupNeedsPickup },
    ]);
  }
}

export interface PaymentMethodsDeps {
  mailer: Mailer;
  shopUrl: string;
}

/**
 * Issue 28 (decision 029): a guest confirmed a bank-transfer or pickup order from its e-mail. In the confirming
 * transaction, the e-mail a signed-in shopper gets at once: how to pay (or what to pay at the counter) and until
 * when the items are now held.
 */
export async function queueHoldConfirmedEmail(
  deps: PaymentMethodsDeps,
  tx: Transaction,
  order: OrderRow,
  shop: ShopSettings,
): Promise<void> {
  const payment = await readPaymentSettings(tx);
  const items = await readOrderItems(tx, order.id);
  const pickup = order.paymentMethod === 'pickup' ? await orderPickupInfo(tx, order) : null;
  const input = { order, items, payment, settings: shop, shopUrl: deps.shopUrl, pickup, confirm: null };
  await deps.mailer.enqueue(
    tx,
    order.paymentMethod === 'pickup' ? pickupConfirmedEmail(input) : bankTransferPlacedEmail(input),
  );
  // Issue 31: how to pay as a text too, now that the order is confirmed.
  if (order.paymentMethod === 'bank-transfer') await queueBankTransferText(deps.mailer, tx, order, payment);
}

/**
 * Inside the order's transaction, right after it is placed with a bank transfer or pay at pickup: the reference,
 * the e-mail (what to do, or "pay at the counter") and the activity entry, all or nothing with the order.
 */
export async function afterNonCardOrderPlaced(
  deps: PaymentMethodsDeps,
  tx: Transaction,
  order: OrderRow,
  shop: ShopSettings,
  actor: Actor,
  /** Issue 28: a guest's order to confirm from the e-mail: the single-use token (only its hash is stored). */
  confirmToken: string | null = null,
): Promise<OrderRow> {
  const payment = await readPaymentSettings(tx);
  let placed = order;
  if (order.paymentMethod === 'bank-transfer') {
    placed = { ...order, paymentReference: await assignPaymentReference(tx, order.id) };
  }
  const items = await readOrderItems(tx, order.id);
  const pickup = placed.paymentMethod === 'pickup' ? await orderPickupInfo(tx, placed) : null;
  const confirm = confirmToken
    ? {
        link: holdConfirmLink(deps.shopUrl, order.id, confirmToken),
        minutes: payment.unconfirmedHoldMinutes,
        longHold: longHoldText(placed.paymentMethod, payment),
      }
    : null;
  const input = { order: placed, items, payment, settings: shop, shopUrl: deps.shopUrl, pickup, confirm };
  const email = placed.paymentMethod === 'pickup' ? pickupConfirmedEmail(input) : bankTransferPlacedEmail(input);
  const emailId = await deps.mailer.enqueue(tx, email);
  // Issue 31: how to pay as a text too; a guest's order still to be confirmed gets it once confirmed.
  if (placed.paymentMethod === 'bank-transfer' && !confirm) {
    await queueBankTransferText(deps.mailer, tx, placed, payment);
  }
  // The shop's own "bank transfer placed" / "pay at pickup placed" e-mail to its order address (issue 21,
  // decision 018; pickup since issue 27, so the counter gets the order ready).
  await queueOrderAlert(deps, tx, {
    kind: placed.paymentMethod === 'pickup' ? 'pickup-placed' : 'bank-transfer-placed',
    order: placed,
    items,
    settings: shop,
  });
  const updated = await noteOrder(tx, order.id, { confirmationEmailId: emailId });
  await recordActivity(tx, {
    actor,
    action: placed.paymentMethod === 'pickup' ? 'order.placed-pay-at-pickup' : 'order.placed-bank-transfer',
    entityType: 'order',
    entityId: order.id,
    summary: `${
      placed.paymentMethod === 'pickup'
        ? `Placed to pay at pickup (${formatKina(order.totalToea)}), to collect by ${order.holdExpiresAt?.toISOString().slice(0, 10)}`
        : `Placed with bank transfer, ref ${placed.paymentReference}, ${formatKina(order.totalToea)} due; stock held until ${order.holdExpiresAt?.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    }${confirm ? ' (until confirmed from the e-mail)' : ''}`,
    after: { paymentMethod: placed.paymentMethod, paymentReference: placed.paymentReference },
  });
  return updated ?? placed;
}

/**
 * In the hold-expiry job's transaction, after `releaseHeldOrder`: a bank-transfer or pickup order's shopper is
 * told, and the step is logged. (A card order's 15-minute hold ends without an e-mail, as before.)
 */
export async function afterNonCardHoldExpired(
  deps: PaymentMethodsDeps,
  tx: Transaction,
  order: OrderRow,
  shop: ShopSettings,
): Promise<void> {
  if (order.paymentMethod === 'card') return;
  const items = await tx
    .select({ isMembership: orderItems.isMembership })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  await deps.mailer.enqueue(
    tx,
    holdEndedEmail({ order, settings: shop, shopUrl: deps.shopUrl, membership: isMembershipOnly(items) }),
  );
  await recordActivity(tx, {
    actor: { kind: 'system', name: 'hold expiry' },
    action: 'order.hold-expired',
    entityType: 'order',
    entityId: order.id,
    summary:
      order.holdConfirmTokenHash !== null
        ? 'Not confirmed from the e-mail in time: cancelled, stock released, customer e-mailed'
        : order.paymentMethod === 'pickup'
          ? 'Not collected by the pickup deadline: cancelled, stock released, customer e-mailed'
          : `Not paid in time${order.amountReceivedToea > 0 ? ` (${formatKina(order.amountReceivedToea)} received, to return)` : ''}: cancelled, stock released, customer e-mailed`,
    before: { paymentStatus: order.paymentStatus, stockState: order.stockState },
    after: { paymentStatus: 'cancelled', stockState: 'released' },
  });
}

/**
 * The link in a guest's e-mail that confirms the order (issue 28): the token rides in the fragment, so it never
 * reaches a server log or a proxy; the page posts it to /api/orders/:id/confirm-hold.
 */
export function holdConfirmLink(shopUrl: string, orderId: number, token: string): string {
  return `${shopUrl}/confirm-order/${orderId}#${token}`;
}

/** The shopper's view of an order's payment (confirmation page, tracking): what to do while it is awaited. */
export async function orderPaymentInfo(db: DbExecutor, order: OrderRow): Promise<OrderPaymentInfo> {
  const state = orderPaymentState({
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    total: order.totalToea,
    amountReceived: order.amountReceivedToea,
    // Issue 27: an over-payment refunded is no longer "refund due".
    refunded: order.paymentStatus === 'paid' ? await succeededRefundsToea(db, order.id) : 0,
  });
  const open = order.paymentStatus === 'pending' && order.stockState === 'held';
  // Only the Premium membership (decision 024): worded as a membership, never as goods held or shipped.
  const membership = isMembershipOnly(
    await db.select({ isMembership: orderItems.isMembership }).from(orderItems).where(eq(orderItems.orderId, order.id)),
  );
  let bankTransfer: OrderPaymentInfo['bankTransfer'] = null;
  if (order.paymentMethod === 'bank-transfer' && open) {
    const payment = await readPaymentSettings(db);
    bankTransfer = {
      accountName: payment.bankAccountName,
      bankName: payment.bankName,
      bsb: payment.bankBsb,
      accountNumber: payment.bankAccountNumber,
      amountDue: amountOutstanding({ total: order.totalToea, amountReceived: order.amountReceivedToea }),
      reference: order.paymentReference ?? '',
      holdExpiresAt: iso(order.holdExpiresAt),
      mobileBanking: [...mobileBankingSteps],
      membership,
    };
  }
  const collectBy = order.paymentMethod === 'pickup' && open ? iso(order.holdExpiresAt) : null;
  return {
    method: order.paymentMethod,
    state,
    stateLabel: orderPaymentStateLabels[state],
    reference: order.paymentReference,
    amountReceived: order.amountReceivedToea,
    bankTransfer,
    collectBy,
    pickup: await orderPickupInfo(db, order, collectBy),
    status: shopperOrderStatus({
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      shippingStatus: order.shippingStatus,
      total: order.totalToea,
      amountReceived: order.amountReceivedToea,
      pickup: order.pickupLocation !== null,
      membershipOnly: membership,
    }),
    confirmBy: open && order.holdConfirmTokenHash !== null ? iso(order.holdExpiresAt) : null,
  };
}

/**
 * Issue 27: where a pickup order is collected (the point's name and address as placed, its opening hours as now
 * configured), by when (the hold's end while it waits unpaid at the counter) and what is still to pay there.
 */
export async function orderPickupInfo(
  db: DbExecutor,
  order: OrderRow,
  collectBy: string | null = order.paymentMethod === 'pickup' &&
  order.paymentStatus === 'pending' &&
  order.stockState === 'held'
    ? iso(order.holdExpiresAt)
    : null,
): Promise<PickupInfo | null> {
  if (order.pickupLocation === null) return null;
  const [point] =
    order.pickupPointId === null
      ? []
      : await db
          .select({ openingHours: pickupPoints.openingHours })
          .from(pickupPoints)
          .where(eq(pickupPoints.id, order.pickupPointId));
  const payAtCounter = order.paymentMethod === 'pickup' && order.paymentStatus === 'pending';
  return {
    name: order.pickupPointName ?? order.pickupLocation,
    address: order.pickupPointName === null ? null : order.pickupPointAddress,
    openingHours: point?.openingHours ?? null,
    collectBy,
    amountToPay: payAtCounter
      ? amountOutstanding({ total: order.totalToea, amountReceived: order.amountReceivedToea })
      : 0,
  };
}
