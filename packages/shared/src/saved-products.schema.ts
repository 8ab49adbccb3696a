import { z } from 'zod';

const productId = z.coerce.number({ error: 'Product id must be a number.' }).int().positive().max(2_147_483_647);

/** POST /api/saved-products: save a product to the shopper's list (the detail page's favourites button). */
export const saveProductSchema = z.object({ productId });
export const savedProductParamsSchema = z.object({ productId });

export const savedProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: z.string(),
  /** toea; the member price for an active member. */
  price: z.number().int(),
  /** toea; struck through when above `price`. */
  originalPrice: z.number().int().nullable(),
  isMemberPrice: z.boolean(),
  stock: z.number().int(),
  /** Sold out (or no longer sold): shown greyed in My List. */
  available: z.boolean(),
  isExclusive: z.boolean(),
  isMembership: z.boolean(),
  savedAt: z.string(),
});
export type SavedProduct = z.infer<typeof savedProductSchema>;

export const savedProductsSchema = z.object({ items: z.array(savedProductSchema) });
export type SavedProducts = z.infer<typeof savedProductsSchema>;

export const saveProductResponseSchema = z.object({
  alreadySaved: z.boolean(),
  message: z.string(),
  list: savedProductsSchema,
});
