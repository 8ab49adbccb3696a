import type { ShopSettings } from '@bilum/shared';
import { randomBytes } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { type OrderRow, orderItems, products, savedContactDetails, users } from '../../db/schema';
import { queueOrderAlert } from '../backoffice/order-alerts';
import { queueInvoiceDocument } from '../invoices/invoice-documents';
import type { Mailer } from '../mail/mail.service';
import { placeOrderRow, transition } from '../order-lifecycle/order-lifecycle';
import { newTrackingCode, sha256 } from '../orders/order-codes';
import { emitEvent, orderEventData } from '../webhooks/webhook-events';
import { defaultVariant } from '../variants/variant-lookup';

/**
 * Premium bought by card on /membership-payment is a sale like any other (issue 27, decision 024): when the
 * membership record completes its year, the same transaction records a one-line paid order of the membership
 * product, through the order lifecycle (`place`, then the provider's `pay`). The order gets its invoice number (the
 * database trigger), counts in the books, the dashboard and the CSV exports, appears in the shopper's orders, and
 * its tax invoice goes out with the one confirmation e-mail (the `invoice-document` outbox job), worded as a
 * membership. One order per membership record (its idempotency key), so a second completion records nothing.
 */
export async function recordPremiumCardSale(
  deps: { mailer: Pick<Mailer, 'enqueue' | 'jobs'>; shopUrl: string },
  tx: Transaction,
  sale: {
    membershipId: number;
    userId: number;
    amountToea: number;
    intentId: string;
    cardLast4: string | null;
    paidAt: Date;
    endsAt: Date;
    renewal: boolean;
    settings: ShopSettings;
  },
): Promise<OrderRow | undefined> {
  // The membership product, on sale or not (the admin may have archived it since the page was opened).
  const [product] = await tx
    .select({ id: products.id, name: products.name, image: products.image })
    .from(products)
    .where(eq(products.isMembership, true))
    .orderBy(desc(eq(products.status, 'active')), asc(products.id))
    .limit(1);
  const [buyer] = await tx.select().from(users).where(eq(users.id, sale.userId));
  if (!product || !buyer) throw new Error(`membership ${sale.membershipId}: no membership product or buyer`);
  const [saved] = await tx.select().from(savedContactDetails).where(eq(savedContactDetails.userId, sale.userId));
  const [first = '', ...rest] = buyer.fullName.trim().split(/\s+/);
  const key = sha256(`membership-${sale.membershipId}`);
  const order = await placeOrderRow(tx, {
    orderType: 'registered',
    userId: sale.userId,
    source: 'items',
    firstName: saved?.firstName ?? buyer.firstName ?? first,
    lastName: saved?.lastName ?? buyer.lastName ?? (rest.join(' ') || first),
    email: buyer.email,
    phone: saved?.phone ?? buyer.phone ?? '',
    subtotalToea: sale.amountToea,
    savingsToea: 0,
    shippingToea: 0,
    totalToea: sale.amountToea,
    trackingCode: newTrackingCode(),
    idempotencyKeyHash: key,
    requestHash: key,
    // Nobody holds a checkout token for it: the shopper opens it from their account (or the e-mail's link).
    checkoutTokenHash: sha256(randomBytes(32).toString('hex')),
    holdExpiresAt: null,
    paymentMethod: 'card',
    placedAt: sale.paidAt,
    updatedAt: sale.paidAt,
  });
  // Recorded already (never: the membership record completes once).
  if (!order) return undefined;
  const variant = await defaultVariant(tx, product.id);
  const [item] = await tx
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId: product.id,
      variantId: variant.id,
      variantSku: variant.sku,
      productName: product.name,
      productImage: product.image,
      quantity: 1,
      unitPriceToea: sale.amountToea,
      originalPriceToea: sale.amountToea,
      isMembership: true,
    })
    .returning();
  const paid = await transition(tx, order.id, {
    event: 'pay',
    actor: 'provider',
    at: sale.paidAt,
    set: {
      paymentStatus: 'paid',
      paymentIntentId: sale.intentId,
      cardLast4: sale.cardLast4 ?? 'N/A',
      paidAt: sale.paidAt,
    },
    stock: { kind: 'sell' },
  });
  const items = item ? [item] : [];
  await queueInvoiceDocument(deps.mailer.jobs, tx, paid.id, { endsAt: sale.endsAt, renewal: sale.renewal });
  await queueOrderAlert(deps, tx, { kind: 'paid', order: paid, items, settings: sale.settings });
  await emitEvent(tx, 'order.paid', orderEventData(paid, items));
  return paid;
}
