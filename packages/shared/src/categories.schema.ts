import { z } from 'zod';
import { categorySlugPattern, MAX_CATEGORY_SLUG_LENGTH } from './catalog';

/** Issue 30: the categories the owner manages (add, rename, reorder, hide; delete only when no product uses one). */
export const MAX_CATEGORY_NAME_LENGTH = 60;
/** More than any shop's menu can show; bounds the reorder list. */
export const MAX_CATEGORIES = 200;

export const categoryMessages = {
  nameRequired: 'Give the category a name.',
  nameTooLong: `A category name has at most ${MAX_CATEGORY_NAME_LENGTH} characters.`,
  slug: 'A category’s address may use only lower-case letters (a-z), digits and single hyphens between them, e.g. "solar-lights".',
  slugTooLong: `A category’s address has at most ${MAX_CATEGORY_SLUG_LENGTH} characters.`,
  slugFromName: 'This name gives no address (it has no letters a-z or digits): give the address as well.',
  slugTaken: (slug: string) => `The address "${slug}" is already used by a category.`,
  slugWasTaken: (slug: string, name: string) =>
    `The address "${slug}" was "${name}"’s before a rename and still leads there: choose another.`,
  nothingToChange: 'Give a new name or a new address.',
  notFound: 'No such category.',
  reorderIds: 'Give every category’s id once, in the new order.',
  reorderStale: 'The categories have changed since this list was loaded: reload and try again.',
  inUse: (name: string, count: number) =>
    `"${name}" has ${count} ${count === 1 ? 'product' : 'products'} (archived ones included), so it cannot be deleted: hide it instead, or move its products to another category first.`,
  slugReserved: 'The address "all" is the page of every product: choose another.',
  /** A product naming a category the shop does not have (the add and edit forms, the CSV import). */
  unknown: (slug: string) => `The shop has no category "${slug}": choose one of its categories.`,
  added: 'Category added.',
  saved: 'Category saved.',
  reordered: 'Categories reordered.',
  hidden: 'Category hidden.',
  shown: 'Category shown.',
  deleted: 'Category deleted.',
} as const;

/**
 * The address's word a name gives: accents dropped ("Kōkō" -> "koko"), letters and digits kept in lower case, every
 * other run of characters a single hyphen ("Solar & Power" -> "solar-power"), cut to the length limit. Empty when
 * the name has no letter a-z or digit.
 */
export function categorySlugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_CATEGORY_SLUG_LENGTH)
    .replace(/-+$/, '');
}

export const categorySlugSchema = z
  .string({ error: categoryMessages.slug })
  .max(MAX_CATEGORY_SLUG_LENGTH, categoryMessages.slugTooLong)
  .regex(categorySlugPattern, categoryMessages.slug)
  .refine((slug) => slug !== 'all', categoryMessages.slugReserved);

export const categoryNameSchema = z
  .string({ error: categoryMessages.nameRequired })
  .trim()
  .min(1, categoryMessages.nameRequired)
  .max(MAX_CATEGORY_NAME_LENGTH, categoryMessages.nameTooLong);

const categoryId = z.number().int().positive().max(2_147_483_647);

export const categoryIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Category id must be a number.' }).int().positive().max(2_147_483_647),
});

/** POST /api/admin/categories: a name, and an address if the one the name gives is not wanted. */
export const addCategorySchema = z.object({
  name: categoryNameSchema,
  slug: categorySlugSchema.optional(),
});
export type AddCategoryInput = z.infer<typeof addCategorySchema>;

/** PATCH /api/admin/categories/:id: a new name, a new address, or both; the old address keeps leading there. */
export const renameCategorySchema = z
  .object({ name: categoryNameSchema.optional(), slug: categorySlugSchema.optional() })
  .refine((value) => value.name !== undefined || value.slug !== undefined, {
    message: categoryMessages.nothingToChange,
  });
export type RenameCategoryInput = z.infer<typeof renameCategorySchema>;

/** PUT /api/admin/categories/order: every category's id once, first to last. */
export const reorderCategoriesSchema = z.object({
  ids: z
    .array(categoryId, { error: categoryMessages.reorderIds })
    .min(1, categoryMessages.reorderIds)
    .max(MAX_CATEGORIES, categoryMessages.reorderIds)
    .refine((ids) => new Set(ids).size === ids.length, { message: categoryMessages.reorderIds }),
});
export type ReorderCategoriesInput = z.infer<typeof reorderCategoriesSchema>;

/** PUT /api/admin/categories/:id/visibility */
export const categoryVisibilitySchema = z.object({
  hidden: z.boolean({ error: 'Say whether the category is hidden.' }),
});

/** A category as the storefront reads it: only visible ones, in the owner's order. */
export const publicCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;
export const publicCategoriesResponseSchema = z.object({ categories: z.array(publicCategorySchema) });

/** A category as the admin manages it: hidden or not, how many products use it, the addresses it had before. */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  hidden: z.boolean(),
  /** Every product in it, archived and hidden ones included: a category with any cannot be deleted. */
  productCount: z.number().int(),
  oldSlugs: z.array(z.string()),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoriesResponseSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoriesResponse = z.infer<typeof adminCategoriesResponseSchema>;
export const adminCategoryResponseSchema = z.object({ category: adminCategorySchema, message: z.string() });
export type AdminCategoryResponse = z.infer<typeof adminCategoryResponseSchema>;

/**
 * The admin's "Add a category" form: what was typed, turned into exactly the POST body. An empty address means
 * "the one the name gives", which then must not be empty.
 */
export const addCategoryFormSchema = z
  .object({
    name: categoryNameSchema,
    slug: z
      .string()
      .trim()
      .transform((slug) => (slug === '' ? undefined : slug))
      .pipe(categorySlugSchema.optional()),
  })
  .superRefine((form, ctx) => {
    const fromName = form.slug === undefined && form.name.trim() !== '' ? categorySlugFromName(form.name) : null;
    if (fromName === '') ctx.addIssue({ code: 'custom', path: ['slug'], message: categoryMessages.slugFromName });
    if (fromName === 'all') ctx.addIssue({ code: 'custom', path: ['slug'], message: categoryMessages.slugReserved });
  });
export type AddCategoryFormValues = z.input<typeof addCategoryFormSchema>;

/** The admin's rename dialog: both fields as they stand; the page sends only what changed. */
export const renameCategoryFormSchema = z.object({
  name: categoryNameSchema,
  slug: z.string().trim().pipe(categorySlugSchema),
});
export type RenameCategoryFormValues = z.input<typeof renameCategoryFormSchema>;

/** Where a slug leads: the category's own address, or the one it has now when `slug` is an old one (a 301). */
export type CategorySlugResolution =
  { kind: 'current' | 'moved'; slug: string; name: string; hidden: boolean } | { kind: 'unknown' };
