import { z } from 'zod';
import {
  categoryFilterValues,
  priceBands,
  type Product,
  productCategories,
  productFeatures,
  type ProductListQuery,
  productStatuses,
  sortOrders,
} from './catalog';

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.enum(productCategories),
  price: z.number().int().describe('toea'),
  originalPrice: z.number().int().nullable().describe('toea'),
  discountPercentage: z.number().int(),
  condition: z.string(),
  status: z.enum(productStatuses),
  stock: z.number().int(),
  isHot: z.boolean(),
  isAuction: z.boolean(),
  isTopPick: z.boolean(),
  isExclusive: z.boolean(),
  isMembership: z.boolean(),
  image: z.string().nullable(),
  galleryImages: z.array(z.string()),
  reserved: z.boolean().describe('no stock on hand, every unit held by unpaid checkouts: shown "Reserved"'),
  reservedUntil: z.string().nullable().describe('while reserved: when the first hold ends (ISO time)'),
});

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const productListQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  category: z.preprocess(emptyToUndefined, z.enum(categoryFilterValues).default('all')),
  price: z.preprocess(emptyToUndefined, z.enum(priceBands).optional()),
  feature: z.preprocess(emptyToUndefined, z.enum(productFeatures).default('all')),
  sort: z.preprocess(emptyToUndefined, z.enum(sortOrders).default('default')),
});

// The pure rules' types and the schemas must describe the same data.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const productMatches: Equal<z.infer<typeof productSchema>, Product> = true;
const queryMatches: Equal<z.infer<typeof productListQuerySchema>, ProductListQuery> = true;
void productMatches;
void queryMatches;
