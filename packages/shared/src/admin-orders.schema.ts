import { z } from 'zod';
import { adminOrderPaymentViews } from './admin-orders';
import { orderPaymentStatuses, shippingStatuses } from './checkout.schema';
import { paymentMethods } from './payment-methods';

/*
 * Order management (issue 8), admin only:
 *   GET   /api/admin/orders?q=&payment=  -> AdminOrdersResponse: the orders, newest first, and the tiles. `payment`
 *       paid (default), unpaid (declined, abandoned) or all; `q` searches name, e-mail, phone, tracking code, order
 *       number (issue 17). The tiles count the orders of the payment view (not the search), one per status.
 *   PATCH /api/admin/orders/:id    body UpdateOrderStatusInput -> { order: AdminOrder, message }
 *       409 CONFLICT with a sentence when the transition is not allowed (Delivered and Cancelled are final);
 *       cancelling a paid order returns its stock and refunds it through the payment provider.
 */

/** One line of an order (the spec's "Order item"): name and image as they were when it was placed. */
export const adminOrderItemSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productImage: z.string().nullable(),
  quantity: z.number().int(),
  /** Toea, for one unit. */
  unitPrice: z.number().int(),
  /** Toea: the discount code's share of the whole line (issue 30); 0 without a code. */
  discount: z.number().int(),
  /** A Premium membership line: nothing to ship. */
  isMembership: z.boolean(),
});

/** One recorded status change: who, when, from, to. */
export const orderStatusChangeSchema = z.object({
  fromStatus: z.enum(shippingStatuses),
  toStatus: z.enum(shippingStatuses),
  changedBy: z.string(),
  changedAt: z.string(),
  /** Why staff made the change (issue 21: the reason staff give when they cancel); null otherwise. */
  reason: z.string().nullable(),
});

/** The spec's "Order (admin list)", in toea and camelCase. */
export const adminOrderSchema = z.object({
  id: z.number().int(),
  orderType: z.enum(['guest', 'registered']),
  trackingCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  shippingAddress: z.string().nullable(),
  pickupLocation: z.string().nullable(),
  /** The delivery zone snapshotted when the order was placed (issue 19); null for pickup or older orders. */
  deliveryZone: z.string().nullable(),
  notes: z.string().nullable(),
  shippingStatus: z.enum(shippingStatuses),
  paymentStatus: z.enum(orderPaymentStatuses),
  /** How the shopper pays (issue 19). */
  paymentMethod: z.enum(paymentMethods),
  /** Toea: the delivery fee charged (issue 19). */
  shipping: z.number().int(),
  /** The discount code the order was placed with (issue 30); null without one. */
  discountCode: z.string().nullable(),
  /** Toea: all the code took off (its lines' shares and any delivery it made free); `total` is after it. */
  discount: z.number().int(),
  /** Toea. */
  total: z.number().int(),
  cardLast4: z.string(),
  createdAt: z.string(),
  /** When it was paid; null for an unpaid checkout (declined card, abandoned): nothing can be done with it. */
  paidAt: z.string().nullable(),
  /** False when the order holds only a membership: it cannot be dispatched or delivered. */
  needsShipping: z.boolean(),
  /** Stored when the order is dispatched (dispatch date + the order's zone days); null until then and for pickup. */
  estimatedDelivery: z.string().nullable(),
  /** Why the shop itself cancelled the order (replaced by a newer checkout, reservation ended, …); null otherwise. */
  cancelNote: z.string().nullable(),
  /** Issue 27: why the paid order's tax invoice PDF could not be drawn (retrying, or given up); null when fine. */
  invoiceProblem: z.string().nullable(),
  items: z.array(adminOrderItemSchema),
  history: z.array(orderStatusChangeSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** A calendar day in Port Moresby time, YYYY-MM-DD (issue 21 filters and exports). */
export const portMoresbyDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'Enter a real date.');

/** The instant a Port Moresby day starts (UTC+10 all year, no daylight saving). */
export const portMoresbyDayStart = (day: string): Date => new Date(`${day}T00:00:00+10:00`);

/** The admin list's page sizes (issue 21: paged on the server). */
export const adminOrdersPageSizeDefault = 25;
export const adminOrdersPageSizeMax = 100;

/**
 * Issue 21 filters (all optional, combined with AND): shipping `status`, payment `method`, placed `from`/`to` (days in
 * Port Moresby time, both included), delivery `zone` (the zone name snapshotted on the order; `pickup` = orders
 * collected at a pickup point); `page` from 1 and `pageSize` up to 100.
 */
export const adminOrdersQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
    payment: z.enum(adminOrderPaymentViews).default('paid'),
    status: z.enum(shippingStatuses).optional(),
    method: z.enum(paymentMethods).optional(),
    from: portMoresbyDateSchema.optional(),
    to: portMoresbyDateSchema.optional(),
    zone: z.string().trim().min(1).max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(adminOrdersPageSizeMax).default(adminOrdersPageSizeDefault),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** Total Orders and one tile per shipping status: they add up to the total. */
export const orderTilesSchema = z.object({
  totalOrders: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  dispatched: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
});

export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderSchema),
  tiles: orderTilesSchema,
  /** Issue 21: how many orders match the view, search and filters (all pages), and this page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The delivery zones orders were placed with (for the zone filter), by name. */
  zones: z.array(z.string()),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const cancelReasonRequired = 'Please give a reason for cancelling this order.';

/**
 * Issue 21: staff give a reason when they cancel (shown in the order's history and the activity log); the server
 * requires it for a cancellation (not for retrying the refund of an order already cancelled).
 */
export const updateOrderStatusSchema = z.object({
  status: z.enum(shippingStatuses),
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
});
export type UpdateOrderStatusInput = z.input<typeof updateOrderStatusSchema>;

export const updateOrderStatusResponseSchema = z.object({ order: adminOrderSchema, message: z.string() });
export type UpdateOrderStatusResponse = z.infer<typeof updateOrderStatusResponseSchema>;

/*
 * Internal order notes (issue 21, decision 018): staff only, with author and time; never shown to the shopper.
 *   GET  /api/admin/orders/:id/notes          -> { notes: OrderNote[] } (oldest first)
 *   POST /api/admin/orders/:id/notes  { body } -> { note: OrderNote }
 */
export const orderNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;
export const orderNotesResponseSchema = z.object({ notes: z.array(orderNoteSchema) });
export const createOrderNoteSchema = z.object({
  body: z.string().trim().min(1, 'Please write the note.').max(2000, 'Keep a note under 2,000 characters.'),
});
export type CreateOrderNoteInput = z.infer<typeof createOrderNoteSchema>;
export const createOrderNoteResponseSchema = z.object({ note: orderNoteSchema });

/*
 * The shop's order address (issue 21): where "order paid" and "bank transfer placed" alerts go.
 *   GET/PUT /api/admin/settings/orders  { orderEmail: string | null } (null = the shop's contact e-mail)
 */
export const orderAlertSettingsSchema = z.object({
  /** The address staff set; null when the alerts go to the contact e-mail. */
  orderEmail: z.email({ error: 'Please enter a valid e-mail address.' }).max(254).nullable(),
});
export type OrderAlertSettings = z.infer<typeof orderAlertSettingsSchema>;
export const orderAlertSettingsResponseSchema = orderAlertSettingsSchema.extend({
  /** Where the alerts go now (the order address, or the contact e-mail). */
  effectiveEmail: z.string(),
});
export type OrderAlertSettingsResponse = z.infer<typeof orderAlertSettingsResponseSchema>;

/*
 * Partial refunds (issue 21, decision 018), permission orders.refund:
 *   GET  /api/admin/orders/:id/refunds -> OrderRefunds (what was paid, refunded, what is left, each refund)
 *   POST /api/admin/orders/:id/refunds  CreateRefundInput -> { refund, refunds: OrderRefunds, message }
 * Lines (each up to what was bought less what was refunded of it) or an amount in toea; never more than is left.
 * A card is refunded through the provider; a bank transfer or pickup payment is recorded (returned by hand).
 */
export const refundMessages = {
  nothingLeft: 'Nothing is left to refund on this order.',
  tooMuch: (left: string) => `At most ${left} can be refunded.`,
  notPaid: 'Only a paid order, or money received for an order that ended unpaid, can be refunded.',
  endedAmountOnly: 'This order ended unpaid and its items are back in stock: refund the money received as an amount.',
  lineTooMany: (name: string, left: number) => `At most ${left} of ${name} can be refunded.`,
  lineUnknown: 'That product is not on this order.',
  linesOrAmount: 'Choose the lines to refund or enter an amount.',
  restockNeedsLines: 'Stock can only be returned for refunded lines.',
  reasonRequired: 'Please give a reason for the refund.',
  failed: 'The card refund did not go through. Nothing was refunded; please try again.',
  refunded: (amount: string, id: number) => `Refunded ${amount} on order #${id}.`,
} as const;

export const refundLineSchema = z.object({
  productId: z.number().int().positive(),
  /** The line's variant (issue 30); left out, the order's line of that product (a product without options). */
  variantId: z.number().int().positive().optional(),
  quantity: z.number().int().min(1, 'Refund at least one unit.').max(100_000),
});

export const createRefundSchema = z
  .object({
    lines: z.array(refundLineSchema).max(200).optional(),
    /** Toea, for a refund of an amount. */
    amount: z
      .number()
      .int('Enter an amount in toea.')
      .positive('The amount must be above zero.')
      .max(99_999_999)
      .optional(),
    reason: z.string().trim().min(1, refundMessages.reasonRequired).max(500),
    /** Put the refunded units back on the shelf (lines only). */
    restock: z.boolean().default(false),
    /** The form's one key: sending the same refund twice (a double click, a retry) makes it once. */
    requestId: z.uuid().optional(),
  })
  .superRefine((input, ctx) => {
    const hasLines = (input.lines?.length ?? 0) > 0;
    if (hasLines === (input.amount !== undefined)) {
      ctx.addIssue({ code: 'custom', message: refundMessages.linesOrAmount, path: ['amount'] });
    }
    if (input.restock && !hasLines) {
      ctx.addIssue({ code: 'custom', message: refundMessages.restockNeedsLines, path: ['restock'] });
    }
  });
export type CreateRefundInput = z.input<typeof createRefundSchema>;

export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  kind: z.enum(['card', 'recorded']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  lines: z.array(refundLineSchema),
  restocked: z.boolean(),
  by: z.string(),
  at: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderRefundsSchema = z.object({
  /** Toea paid (card: the total once paid; bank transfer / pickup: what was received). */
  paid: z.number().int(),
  /** Toea refunded or being refunded (pending card refunds count). */
  refunded: z.number().int(),
  /** Toea that can still be refunded. */
  refundable: z.number().int(),
  /** Per product and variant: how many units can still be refunded, and what its units were paid. */
  lines: z.array(
    z.object({
      productId: z.number().int(),
      variantId: z.number().int(),
      /** "256 GB / Black"; '' for a product without options (issue 30). */
      variantLabel: z.string(),
      productName: z.string(),
      /** Toea: one unit's price on the order. */
      unitPrice: z.number().int(),
      /** Toea: what all the line's units were paid (the price less a discount code's share, issue 30). */
      paid: z.number().int(),
      /** The units the order holds; a refund of some of them is their share of `paid`. */
      units: z.number().int(),
      refundable: z.number().int(),
    }),
  ),
  refunds: z.array(orderRefundSchema),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

export const createRefundResponseSchema = z.object({
  refund: orderRefundSchema,
  refunds: orderRefundsSchema,
  message: z.string(),
});
