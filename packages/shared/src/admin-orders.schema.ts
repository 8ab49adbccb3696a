import { z } from 'zod';
import { orderPaymentStatuses, shippingStatuses } from './checkout.schema';

/*
 * Order management (issue 8), admin only:
 *   GET   /api/admin/orders        -> AdminOrdersResponse: every order that was paid, newest first
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
  items: z.array(adminOrderItemSchema),
  history: z.array(orderStatusChangeSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSchema) });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const updateOrderStatusSchema = z.object({ status: z.enum(shippingStatuses) });
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusSchema>;

export const updateOrderStatusResponseSchema = z.object({ order: adminOrderSchema, message: z.string() });
export type UpdateOrderStatusResponse = z.infer<typeof updateOrderStatusResponseSchema>;
