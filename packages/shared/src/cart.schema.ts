import { z } from 'zod';

const id = z.number().int().positive().max(2_147_483_647);
const quantity = z
  .number({ error: 'Quantity must be a whole number.' })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be at least 1.')
  .max(10_000, 'Quantity is too large.');

/**
 * POST /api/cart/items. Only a product id and a quantity: any price, discount or member flag the browser sends
 * is stripped (zod objects drop unknown keys) and the server prices the line itself.
 */
export const addCartItemSchema = z.object({
  productId: id,
  /** The variant chosen on the product page (issue 30); left out, the product's first (its one, without options). */
  variantId: id.optional(),
  quantity: quantity.default(1),
});
export type AddCartItemInput = z.infer<typeof addCartItemSchema>;

/** PATCH /api/cart/items/:id (the quantity stepper). */
export const updateCartItemSchema = z.object({ quantity });
export type UpdateCartItemInput = z.infer<typeof updateCartItemSchema>;

export const cartItemIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Cart item id must be a number.' }).int().positive().max(2_147_483_647),
});

/** POST /api/cart/merge: the guest cart kept in the browser, joined to the server cart at sign-in. */
export const mergeCartSchema = z.object({
  items: z
    .array(z.object({ productId: id, variantId: id.optional(), quantity: quantity.default(1) }))
    .max(100, 'A cart can merge at most 100 items.'),
});
export type MergeCartInput = z.infer<typeof mergeCartSchema>;

export const cartLineSchema = z.object({
  cartItemId: z.number().int(),
  productId: z.number().int(),
  /** The variant in the cart (issue 30) and its values ("256 GB / Black"; '' for a product without options). */
  variantId: z.number().int(),
  variantLabel: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: z.string(),
  condition: z.string(),
  isMembership: z.boolean(),
  /** 'reserved': no stock on hand, every unit held by other shoppers' unpaid checkouts ("Reserved"). */
  status: z.enum(['available', 'sold', 'reserved']),
  quantity: z.number().int(),
  /** The stepper's top: the stock on hand, at most MAX_UNITS_PER_PRODUCT (1 for the membership product). */
  maxQuantity: z.number().int(),
  unitPrice: z.number().int().describe('toea; the member price when it applies'),
  originalPrice: z.number().int().nullable().describe('toea; struck through when above the unit price'),
  isMemberPrice: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSummarySchema = z.object({
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  savings: z.number().int(),
  shipping: z.number().int(),
  /** toea off by a discount code (issue 30): 0 without one; `total` is after it. */
  discount: z.number().int(),
  total: z.number().int(),
});

export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  isMember: z.boolean(),
  discountRate: z.number(),
  summary: cartSummarySchema,
});
export type Cart = z.infer<typeof cartSchema>;

export const addCartItemResponseSchema = z.object({
  alreadyInCart: z.boolean(),
  message: z.string(),
  cart: cartSchema,
});
export type AddCartItemResponse = z.infer<typeof addCartItemResponseSchema>;

export const mergeCartResponseSchema = z.object({
  merged: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  skipped: z.array(
    z.object({
      productId: z.number().int(),
      reason: z.enum(['not-found', 'invalid', 'sold-out', 'members-only']),
    }),
  ),
  cart: cartSchema,
});
export type MergeCartResponse = z.infer<typeof mergeCartResponseSchema>;
