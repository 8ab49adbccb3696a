import { z } from 'zod';
import { type InvoiceSettings, invoiceMessages } from './invoice';

/** GET/PUT /api/admin/settings/invoice: the business details every tax invoice carries. */
export const invoiceSettingsSchema = z.object({
  legalName: z.string().trim().min(1, invoiceMessages.legalName).max(120, 'At most 120 characters.'),
  tin: z
    .string()
    .trim()
    .min(1, invoiceMessages.tin)
    .max(20, 'At most 20 characters.')
    .regex(/^[0-9][0-9 -]*$/, invoiceMessages.tin),
  address: z.string().trim().min(1, invoiceMessages.address).max(300, 'At most 300 characters.'),
});

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const settingsMatch: Equal<z.infer<typeof invoiceSettingsSchema>, InvoiceSettings> = true;
void settingsMatch;

export const invoiceSettingsAnswerSchema = z.object({
  settings: invoiceSettingsSchema,
  message: z.string().optional(),
});

const documentLineSchema = z.object({
  name: z.string(),
  /** The product's SKU when it has one (packing slips). */
  sku: z.string().nullable(),
  quantity: z.number().int(),
});

const toea = () => z.number().int().describe('toea');

const deliverySchema = z.object({
  /** 'pickup': collected at `pickupPoint`; 'delivery': sent to `address`; 'none': nothing to send (membership only). */
  kind: z.enum(['delivery', 'pickup', 'none']),
  address: z.string().nullable(),
  pickupPoint: z.string().nullable(),
});

/** The GST tax invoice of a paid order (the printable page; the PDF says the same). */
export const invoiceSchema = z.object({
  orderId: z.number().int(),
  /** "INV-000123". */
  invoiceNumber: z.string(),
  /** When the order was paid (ISO). */
  issuedAt: z.string(),
  seller: invoiceSettingsSchema,
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  delivery: deliverySchema,
  lines: z.array(documentLineSchema.extend({ unitPrice: toea(), lineTotal: toea() })),
  subtotal: toea(),
  /** Member and sale savings already taken off the lines (shown for information). */
  savings: toea(),
  /** The delivery fee. */
  shipping: toea(),
  /** A discount code's discount (issue 30), taken off before the total, and the code; 0 and null without one. */
  discount: toea(),
  discountCode: z.string().nullable(),
  /** What the shopper paid, GST included: the order's total (after a discount code: GST is on what was paid). */
  total: toea(),
  /** total / 11 rounded to the toea (`gstIncluded`). */
  gstIncluded: toea(),
  paymentStatus: z.enum(['paid', 'refunded']),
  currency: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** What the packer needs, and no prices. */
export const packingSlipSchema = z.object({
  orderId: z.number().int(),
  placedAt: z.string(),
  paidAt: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  delivery: deliverySchema,
  lines: z.array(documentLineSchema),
  notes: z.string().nullable(),
  shopName: z.string(),
});
export type PackingSlip = z.infer<typeof packingSlipSchema>;
