import {
  defaultInvoiceSettings,
  formatInvoiceNumber,
  gstIncluded,
  type Invoice,
  type InvoiceSettings,
  invoiceMessages,
  type PackingSlip,
} from '@bilum/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { invoiceSettings, orderItems, type OrderRow, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { type Actor, changedFields, recordActivity } from '../audit/audit.service';
import { orderAddress } from '../orders/order-address';
import { orderLineName } from '../orders/order-line-name';

const SETTINGS_ROW_ID = 1;

/** An order line as invoices and packing slips print it: named with its variant, and the variant's SKU. */
interface DocumentLine {
  name: string;
  sku: string | null;
  quantity: number;
  unitPriceToea: number;
}

async function documentLines(executor: DbExecutor, orderId: number): Promise<DocumentLine[]> {
  const rows = await executor
    .select({
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      // The SKU of the variant sold, as it was when the order was placed (issue 30): what the packer picks.
      sku: orderItems.variantSku,
      quantity: orderItems.quantity,
      unitPriceToea: orderItems.unitPriceToea,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.map(({ productName, variantLabel, ...line }) => ({
    ...line,
    name: orderLineName({ productName, variantLabel }),
  }));
}

function deliveryOf(order: OrderRow): Invoice['delivery'] {
  if (order.pickupLocation) return { kind: 'pickup', address: null, pickupPoint: order.pickupLocation };
  const address = orderAddress(order);
  return address
    ? { kind: 'delivery', address, pickupPoint: null }
    : { kind: 'none', address: null, pickupPoint: null };
}

const customerOf = (order: OrderRow) => ({
  name: `${order.firstName} ${order.lastName}`.trim(),
  email: order.email,
  phone: order.phone,
});

/** Whether the order has a tax invoice: it was paid (a number was given) and is paid or was refunded since. */
export function hasInvoice(order: OrderRow): boolean {
  return order.invoiceNumber !== null && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');
}

/**
 * The tax invoice of a paid order (issue 19, decision 013). The seller is the copy taken when the number was
 * given (`orders.invoice_issuer`), so a later change of the settings does not rewrite an invoice already issued.
 * Its total is the order's total (what was charged or received, delivery included); GST is total / 11.
 */
export async function invoiceOf(
  executor: DbExecutor,
  order: OrderRow,
  currentSeller: () => Promise<InvoiceSettings>,
): Promise<Invoice> {
  if (!hasInvoice(order) || order.invoiceNumber === null) throw new AppError('CONFLICT', invoiceMessages.notPaid);
  const lines = await documentLines(executor, order.id);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceToea * line.quantity, 0);
  return {
    orderId: order.id,
    invoiceNumber: formatInvoiceNumber(order.invoiceNumber),
    issuedAt: (order.paidAt ?? order.updatedAt).toISOString(),
    seller: order.invoiceIssuer ?? (await currentSeller()),
    customer: customerOf(order),
    delivery: deliveryOf(order),
    lines: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.unitPriceToea,
      lineTotal: line.unitPriceToea * line.quantity,
    })),
    subtotal,
    savings: order.savingsToea,
    shipping: order.shippingToea,
    discount: order.discountToea,
    discountCode: order.discountCode,
    total: order.totalToea,
    gstIncluded: gstIncluded(order.totalToea),
    paymentStatus: order.paymentStatus === 'refunded' ? 'refunded' : 'paid',
    currency: order.currency,
  };
}

/** The packing slip: what to pack and where it goes, never a price. */
export async function packingSlipOf(executor: DbExecutor, order: OrderRow, shopName: string): Promise<PackingSlip> {
  const lines = await documentLines(executor, order.id);
  return {
    orderId: order.id,
    placedAt: order.placedAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    customer: customerOf(order),
    delivery: deliveryOf(order),
    lines: lines.map(({ name, sku, quantity }) => ({ name, sku, quantity })),
    notes: order.notes && order.notes.trim() !== '' ? order.notes : null,
    shopName,
  };
}

/** The current invoice details (the demo shop's when the row is missing). */
export async function invoiceSettingsIn(executor: DbExecutor): Promise<InvoiceSettings> {
  const [row] = await executor.select().from(invoiceSettings).where(eq(invoiceSettings.id, SETTINGS_ROW_ID));
  return row ? { legalName: row.legalName, tin: row.tin, address: row.address } : defaultInvoiceSettings;
}

/**
 * Tax invoices and packing slips: the invoice settings (one row, id 1, created by the migration with the demo
 * shop's details; recreated with them if it is ever missing) and the documents of an order.
 */
export function createInvoiceService(db: Database) {
  const settings = (executor: DbExecutor = db) => invoiceSettingsIn(executor);

  async function orderRow(orderId: number): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND', invoiceMessages.notFound);
    return order;
  }

  return {
    settings: () => settings(),

    /** Saves the details for invoices issued from now on (issued ones keep theirs), logged as who changed what. */
    async updateSettings(actor: Actor, next: InvoiceSettings): Promise<InvoiceSettings> {
      return (db as Database).transaction(async (tx) => {
        const before = await settings(tx);
        const values = { legalName: next.legalName, tin: next.tin, address: next.address, updatedAt: new Date() };
        const [row] = await tx
          .insert(invoiceSettings)
          .values({ id: SETTINGS_ROW_ID, ...values })
          .onConflictDoUpdate({ target: invoiceSettings.id, set: values })
          .returning();
        if (!row) throw new Error('invoice_settings upsert returned nothing');
        const saved = { legalName: row.legalName, tin: row.tin, address: row.address };
        const changes = changedFields({ ...before }, saved);
        if (changes) {
          await recordActivity(tx, {
            actor,
            action: 'settings.invoice-updated',
            entityType: 'settings',
            entityId: 'invoice',
            summary: `Changed the tax invoice details (${Object.keys(changes.after).join(', ')})`,
            before: changes.before,
            after: changes.after,
          });
        }
        return saved;
      });
    },

    /** The invoice of an order the caller may see (the route checked who owns it). */
    invoice(order: OrderRow): Promise<Invoice> {
      return invoiceOf(db, order, settings);
    },

    async invoiceById(orderId: number): Promise<Invoice> {
      return invoiceOf(db, await orderRow(orderId), settings);
    },

    async packingSlipById(orderId: number): Promise<PackingSlip> {
      const order = await orderRow(orderId);
      return packingSlipOf(db, order, (await settings()).legalName);
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
