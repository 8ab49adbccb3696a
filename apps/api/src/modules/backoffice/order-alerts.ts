import { formatKina, type OrderAlertSettingsResponse, paymentMethodLabels, type ShopSettings } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { backofficeSettings, type OrderItemRow, type OrderRow } from '../../db/schema';
import type { Mailer, OutgoingEmail } from '../mail/mail.service';
import { orderAddress } from '../orders/order-address';
import { orderLinesText, orderTotalsText } from '../orders/order-emails';
import { pngDateTime } from '../payment-methods/payment-methods.emails';

/**
 * The shop's own alerts about orders (issue 21, decision 018): an e-mail to the shop's order address (a setting;
 * the contact e-mail when none is set) when an order is paid, and when a bank-transfer order is placed. Queued
 * through the outbox in the transaction that pays or places the order, so it is sent once, or not at all. Issue 27:
 * a pay-at-pickup order alerts the shop too, so the counter gets it ready before the shopper comes.
 */
export type OrderAlertKind = 'paid' | 'bank-transfer-placed' | 'pickup-placed';

const SETTINGS_ROW_ID = 1;

/** The order address staff set (null = the contact e-mail). */
export async function readOrderEmail(db: DbExecutor): Promise<string | null> {
  const [row] = await db
    .select({ orderEmail: backofficeSettings.orderEmail })
    .from(backofficeSettings)
    .where(eq(backofficeSettings.id, SETTINGS_ROW_ID));
  return row?.orderEmail ?? null;
}

/** Saves the order address; returns the one before. */
export async function writeOrderEmail(db: DbExecutor, orderEmail: string | null, at: Date): Promise<string | null> {
  const before = await readOrderEmail(db);
  await db
    .insert(backofficeSettings)
    .values({ id: SETTINGS_ROW_ID, orderEmail, updatedAt: at })
    .onConflictDoUpdate({ target: backofficeSettings.id, set: { orderEmail, updatedAt: at } });
  return before;
}

export async function orderAlertSettings(db: DbExecutor, shop: ShopSettings): Promise<OrderAlertSettingsResponse> {
  const orderEmail = await readOrderEmail(db);
  return { orderEmail, effectiveEmail: orderEmail ?? shop.contactEmail };
}

export function orderAlertEmail(input: {
  kind: OrderAlertKind;
  to: string;
  order: OrderRow;
  items: OrderItemRow[];
  shopUrl: string;
}): OutgoingEmail {
  const { kind, order, items } = input;
  const name = `${order.firstName} ${order.lastName}`.trim();
  const collectBy = order.holdExpiresAt ? pngDateTime(order.holdExpiresAt) : null;
  const subject =
    kind === 'paid'
      ? `Order #${order.id} paid: ${formatKina(order.totalToea)} (${name})`
      : kind === 'pickup-placed'
        ? `New pay-at-pickup order #${order.id}: ${formatKina(order.totalToea)} to collect${collectBy ? ` by ${collectBy}` : ''} (${name})`
        : `New bank-transfer order #${order.id} awaiting payment: ${formatKina(order.totalToea)} (${name})`;
  const where = order.pickupLocation
    ? `Pickup at: ${order.pickupLocation}`
    : `Delivery to: ${orderAddress(order) ?? '-'}`;
  const text = [
    kind === 'paid'
      ? `Order #${order.id} has been paid (${paymentMethodLabels[order.paymentMethod]}).`
      : kind === 'pickup-placed'
        ? `Order #${order.id} will be paid at the counter when it is collected${collectBy ? `, by ${collectBy} (Port Moresby time)` : ''}. ` +
          'Get it ready, and record the payment when the shopper collects it.'
        : `Order #${order.id} was placed to pay by bank transfer${order.paymentReference ? ` (reference ${order.paymentReference})` : ''}. ` +
          'Record the payment when it arrives.',
    `Customer: ${name}, ${order.email}, ${order.phone}`,
    where,
    orderLinesText(items),
    orderTotalsText(order, 'Total'),
    `Open the orders: ${input.shopUrl}/order-inventory`,
  ].join('\n\n');
  return { to: input.to, subject, text };
}

/** Queues the shop's alert about an order, in the caller's transaction (the caller wakes the mailer). */
export async function queueOrderAlert(
  deps: { mailer: Pick<Mailer, 'enqueue'>; shopUrl: string },
  tx: DbExecutor,
  input: { kind: OrderAlertKind; order: OrderRow; items: OrderItemRow[]; settings: ShopSettings },
): Promise<void> {
  const to = (await readOrderEmail(tx)) ?? input.settings.contactEmail;
  await deps.mailer.enqueue(tx, orderAlertEmail({ ...input, to, shopUrl: deps.shopUrl }));
}
