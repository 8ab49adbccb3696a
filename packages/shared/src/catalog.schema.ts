import { z } from 'zod';
import {
  categorySlugPattern,
  MAX_CATEGORY_SLUG_LENGTH,
  MAX_PRODUCT_PAGE,
  MAX_PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZE,
  priceBands,
  type Product,
  productFeatures,
  type ProductListItem,
  type ProductListPage,
  type ProductListQuery,
  productStatuses,
  sortOrders,
} from './catalog';

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string().describe('the slug of the product’s category (GET /api/categories)'),
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
  options: z
    .array(z.object({ name: z.string(), values: z.array(z.string()) }))
    .optional()
    .describe('GET /api/products/{id} only (issue 30): the options in the owner’s order; [] without options'),
  variants: z
    .array(
      z.object({
        id: z.number().int(),
        values: z.array(z.string()),
        sku: z.string(),
        price: z.number().int().describe('toea'),
        originalPrice: z.number().int().nullable().describe('toea'),
        stock: z.number().int(),
        reserved: z.boolean(),
        image: z.string().nullable(),
      }),
    )
    .optional()
    .describe('GET /api/products/{id} only (issue 30): the variants on sale; one without options'),
});

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const categoryFilterMessage =
  'Category must be "all" or a category’s address (lower-case letters, digits and hyphens).';

export const productListQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  category: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
    z
      .string()
      .max(MAX_CATEGORY_SLUG_LENGTH, categoryFilterMessage)
      .refine((value) => value === 'all' || categorySlugPattern.test(value), categoryFilterMessage)
      .default('all')
      .describe('"all" or a category’s slug (GET /api/categories)'),
  ),
  price: z.preprocess(emptyToUndefined, z.enum(priceBands).optional()),
  feature: z.preprocess(emptyToUndefined, z.enum(productFeatures).default('all')),
  sort: z.preprocess(emptyToUndefined, z.enum(sortOrders).default('default')),
  page: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Page must be a whole number.' })
      .int({ error: 'Page must be a whole number.' })
      .min(1, { error: 'Page must be 1 or more.' })
      .max(MAX_PRODUCT_PAGE, { error: `Page must be at most ${MAX_PRODUCT_PAGE}.` })
      .default(1),
  ),
  pageSize: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Page size must be a whole number.' })
      .int({ error: 'Page size must be a whole number.' })
      .min(1, { error: `Page size must be from 1 to ${MAX_PRODUCT_PAGE_SIZE}.` })
      .max(MAX_PRODUCT_PAGE_SIZE, { error: `Page size must be from 1 to ${MAX_PRODUCT_PAGE_SIZE}.` })
      .default(PRODUCT_PAGE_SIZE),
  ),
});

export const productListItemSchema = productSchema.extend({
  memberPrice: z
    .number()
    .int()
    .nullable()
    .describe('toea: the member price this session pays (signed-in active Premium member), else null'),
  priceFrom: z
    .number()
    .int()
    .nullable()
    .describe(
      'toea: the lowest price of the variants on sale when their prices differ (the card says "from"; equal to price), else null',
    ),
});

/** GET /api/products: one page of the list for the session's shopper. */
export const productListPageSchema = z.object({
  items: z.array(productListItemSchema),
  total: z.number().int().describe('products matching the filters, on all pages'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  didYouMean: z
    .string()
    .nullable()
    .optional()
    .describe('when a search finds nothing: a search text that finds products of the same list ("Did you mean …?")'),
});

// The pure rules' types and the schemas must describe the same data.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const productMatches: Equal<z.infer<typeof productSchema>, Product> = true;
const queryMatches: Equal<z.infer<typeof productListQuerySchema>, ProductListQuery> = true;
const itemMatches: Equal<z.infer<typeof productListItemSchema>, ProductListItem> = true;
const pageMatches: Equal<z.infer<typeof productListPageSchema>, ProductListPage> = true;
void productMatches;
void queryMatches;
void itemMatches;
void pageMatches;
