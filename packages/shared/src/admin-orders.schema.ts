import { z } from 'zod';
import { adminOrderPaymentViews } from './admin-orders';
import { orderPaymentStatuses, shippingStatuses } from './checkout.schema';

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
  /** A Premium membership line: nothing to ship. */
  isMembership: z.boolean(),
});

/** One recorded status change: who, when, from, to. */
export const orderStatusChangeSchema = z.object({
  fromStatus: z.enum(shippingStatuses),
  toStatus: z.enum(shippingStatuses),
  changedBy: z.string(),
  changedAt: z.string(),
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
  notes: z.string().nullable(),
  shippingStatus: z.enum(shippingStatuses),
  paymentStatus: z.enum(orderPaymentStatuses),
  /** Toea. */
  total: z.number().int(),
  cardLast4: z.string(),
  createdAt: z.string(),
  /** When it was paid; null for an unpaid checkout (declined card, abandoned): nothing can be done with it. */
  paidAt: z.string().nullable(),
  /** False when the order holds only a membership: it cannot be dispatched or delivered. */
  needsShipping: z.boolean(),
  /** Stored when the order is dispatched (dispatch date + the delivery days set then); null until then. */
  estimatedDelivery: z.string().nullable(),
  /** Why the shop itself cancelled the order (replaced by a newer checkout, reservation ended, …); null otherwise. */
  cancelNote: z.string().nullable(),
  items: z.array(adminOrderItemSchema),
  history: z.array(orderStatusChangeSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
  payment: z.enum(adminOrderPaymentViews).default('paid'),
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

export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSchema), tiles: orderTilesSchema });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const updateOrderStatusSchema = z.object({ status: z.enum(shippingStatuses) });
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusSchema>;

export const updateOrderStatusResponseSchema = z.object({ order: adminOrderSchema, message: z.string() });
export type UpdateOrderStatusResponse = z.infer<typeof updateOrderStatusResponseSchema>;
