import { z } from 'zod';
import { orderPaymentStatuses, shippingStatuses } from './checkout.schema';
import { paymentMethods } from './payment-methods';
import { orderPaymentInfoSchema } from './payment-methods.schema';

/**
 * GET /api/orders/mine: the signed-in shopper's orders with their items, newest first (the spec's
 * fetch_user_orders for the My Orders popup and get_user_orders_with_items for /order-history). Every order the
 * shopper placed: a card order once it was paid (one whose card was declined or never entered was not placed),
 * and every bank-transfer and pay-at-pickup order from the moment it was placed (issue 27), awaiting payment,
 * part-paid, paid or cancelled.
 */
export const myOrderItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** A path on the shop, or null: show the "No Image" placeholder. */
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('toea'),
  lineTotal: z.number().int().describe('toea'),
  isMembership: z.boolean(),
});

export const myOrderSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  placedAt: z.string(),
  /** The delivery fee charged (issue 19). */
  shipping: z.number().int().describe('toea'),
  /** The discount code the order was placed with and all it took off (issue 30); null and 0 without one. */
  discountCode: z.string().nullable(),
  discount: z.number().int().describe('toea'),
  total: z.number().int().describe('toea'),
  paymentStatus: z.enum(orderPaymentStatuses),
  shippingStatus: z.enum(shippingStatuses),
  /** Last four digits of the card, or 'N/A'. */
  cardLast4: z.string(),
  /** Issue 27: how it is paid, its payment state and, while a bank transfer is awaited, how to pay it. */
  paymentMethod: z.enum(paymentMethods),
  payment: orderPaymentInfoSchema,
  /** What is still to pay while the order awaits its payment (a bank transfer, or at the pickup counter); else 0. */
  amountDue: z.number().int().describe('toea'),
  /** Until when an order awaiting payment is held for the shopper (ISO): pay or collect by then; else null. */
  payBy: z.string().nullable(),
  /** The pickup point's name and address for an order collected at one; null for a delivery. */
  pickupLocation: z.string().nullable(),
  items: z.array(myOrderItemSchema),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersSchema = z.object({ orders: z.array(myOrderSchema) });
export type MyOrders = z.infer<typeof myOrdersSchema>;
