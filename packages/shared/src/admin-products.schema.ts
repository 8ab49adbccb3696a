import { z } from 'zod';
import {
  addProductMessages as add,
  cleanImageUrl,
  editProductMessages as edit,
  isImageLocation,
  parseKinaInput,
} from './admin-products';
import { productCategories, productConditions, productStatuses } from './catalog';

const MAX_PRICE_TOEA = 2_000_000_000; // fits the integer column with room to spare
const MAX_IMAGE_URL = 2000;

/** An image address: spaces and line breaks stripped (decisions "Image URLs"), then required and checked. */
function imageField(required: string) {
  return z
    .string()
    .transform(cleanImageUrl)
    .pipe(
      z
        .string()
        .min(1, required)
        .max(MAX_IMAGE_URL, add.imageFormat)
        .refine(isImageLocation, { message: add.imageFormat }),
    );
}

/** Secondary images: each empty, a URL or a path starting with "/"; empty entries are dropped. */
const secondaryImagesField = z
  .array(
    z
      .string()
      .transform(cleanImageUrl)
      .refine((value) => value === '' || (value.length <= MAX_IMAGE_URL && isImageLocation(value)), {
        message: add.secondaryImage,
      }),
  )
  .max(20)
  .transform((list) => list.filter((value) => value !== ''));

const flags = {
  isHot: z.boolean().default(false),
  isAuction: z.boolean().default(false),
  isTopPick: z.boolean().default(false),
};

/**
 * POST /api/admin/products (the spec's add_product): the add form's rules with prices in toea. The form
 * (`addProductFormSchema`) turns what the admin typed into exactly this.
 */
export const newProductSchema = z.object({
  name: z.string().trim().min(1, add.nameRequired).max(200),
  description: z.string().trim().min(10, add.descriptionShort).max(500, add.descriptionLong),
  price: z.number({ error: add.price }).int().min(1, add.price).max(MAX_PRICE_TOEA).describe('toea'),
  originalPrice: z
    .number({ error: add.originalPrice })
    .int()
    .min(0, add.originalPrice)
    .max(MAX_PRICE_TOEA)
    .nullable()
    .default(null)
    .describe('toea'),
  discountPercentage: z
    .number({ error: add.discount })
    .int(add.discount)
    .min(0, add.discount)
    .max(100, add.discount)
    .default(0),
  image: imageField(add.imageRequired),
  category: z.enum(productCategories, { error: add.category }),
  condition: z.enum(productConditions, { error: add.condition }).default('New'),
  status: z.enum(['active', 'inactive']).default('active'),
  ...flags,
  secondaryImages: secondaryImagesField.default([]),
});
export type NewProductInput = z.input<typeof newProductSchema>;
export type NewProduct = z.output<typeof newProductSchema>;

/**
 * PUT /api/admin/products/{id} (the spec's update_product): the whole edited product. Looser than the add form
 * (section 5 "Product edit"); the bounds left are the ones the data needs (whole toea, discount 0 to 100).
 */
export const productUpdateSchema = z.object({
  name: z.string().trim().min(1, edit.nameRequired).max(200),
  category: z.enum(productCategories, { error: edit.categoryRequired }),
  description: z.string().trim().min(1, edit.descriptionRequired).max(5000),
  price: z.number({ error: edit.priceRequired }).int().min(0, edit.priceRequired).max(MAX_PRICE_TOEA).describe('toea'),
  originalPrice: z
    .number({ error: edit.originalPrice })
    .int()
    .min(0, edit.originalPrice)
    .max(MAX_PRICE_TOEA)
    .nullable()
    .describe('toea'),
  /** Null (cleared) means no discount. */
  discountPercentage: z
    .number({ error: edit.discount })
    .int(edit.discount)
    .min(0, edit.discount)
    .max(100, edit.discount)
    .nullable(),
  image: imageField(edit.imageRequired),
  condition: z.enum(productConditions, { error: edit.conditionRequired }),
  status: z.enum(productStatuses),
  ...flags,
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

// ---- The two forms: what the admin types (strings), turned into the API bodies above. ----

const kinaText = (message: string, min: number) =>
  z.string().refine((value) => {
    const toea = parseKinaInput(value);
    return toea !== null && toea >= min && toea <= MAX_PRICE_TOEA;
  }, message);
const optionalKinaText = (message: string) =>
  z.string().refine((value) => value.trim() === '' || parseKinaInput(value) !== null, message);
const optionalPercentText = (message: string) =>
  z
    .string()
    .refine((value) => value.trim() === '' || (/^\d{1,3}$/.test(value.trim()) && Number(value) <= 100), message);

const optionalToea = (value: string) => (value.trim() === '' ? null : parseKinaInput(value));

/** The /product-entry form. Its output is the `newProductSchema` body (prices in toea, empty images dropped). */
export const addProductFormSchema = z
  .object({
    name: z.string().trim().min(1, add.nameRequired).max(200),
    description: z.string().trim().min(10, add.descriptionShort).max(500, add.descriptionLong),
    price: kinaText(add.price, 1),
    image: imageField(add.imageRequired),
    category: z.enum(productCategories, { error: add.category }),
    originalPrice: optionalKinaText(add.originalPrice),
    discountPercentage: optionalPercentText(add.discount),
    condition: z.enum(productConditions, { error: add.condition }),
    status: z.enum(['active', 'inactive']),
    isHot: z.boolean(),
    isAuction: z.boolean(),
    isTopPick: z.boolean(),
    secondaryImages: z.array(
      z.object({
        url: z
          .string()
          .transform(cleanImageUrl)
          .refine((value) => value === '' || isImageLocation(value), { message: add.secondaryImage }),
      }),
    ),
  })
  .transform((form): NewProduct => ({
    name: form.name,
    description: form.description,
    price: parseKinaInput(form.price) ?? 0,
    originalPrice: optionalToea(form.originalPrice),
    // Empty means 0 for the add form.
    discountPercentage: form.discountPercentage.trim() === '' ? 0 : Number(form.discountPercentage),
    image: form.image,
    category: form.category,
    condition: form.condition,
    status: form.status,
    isHot: form.isHot,
    isAuction: form.isAuction,
    isTopPick: form.isTopPick,
    secondaryImages: form.secondaryImages.map((entry) => entry.url).filter((url) => url !== ''),
  }));
export type AddProductFormValues = z.input<typeof addProductFormSchema>;

/** A fresh add form: secondary images start (and reset to) two empty slots. */
export function emptyAddProductForm(): AddProductFormValues {
  return {
    name: '',
    description: '',
    price: '',
    image: '',
    // The select starts on its "Select a category" placeholder; the rule refuses it.
    category: '' as AddProductFormValues['category'],
    originalPrice: '',
    discountPercentage: '',
    condition: 'New',
    status: 'active',
    isHot: false,
    isAuction: false,
    isTopPick: false,
    secondaryImages: [{ url: '' }, { url: '' }],
  };
}

/** The edit dialog's form: required fields only; cleared optional numbers mean null. */
export const editProductFormSchema = z
  .object({
    name: z.string().trim().min(1, edit.nameRequired).max(200),
    category: z.enum(productCategories, { error: edit.categoryRequired }),
    description: z.string().trim().min(1, edit.descriptionRequired).max(5000),
    price: kinaText(edit.priceRequired, 0),
    originalPrice: optionalKinaText(edit.originalPrice),
    discountPercentage: optionalPercentText(edit.discount),
    image: imageField(edit.imageRequired),
    condition: z.enum(productConditions, { error: edit.conditionRequired }),
    status: z.enum(productStatuses),
    isHot: z.boolean(),
    isAuction: z.boolean(),
    isTopPick: z.boolean(),
  })
  .transform((form): ProductUpdate => ({
    ...form,
    price: parseKinaInput(form.price) ?? 0,
    originalPrice: optionalToea(form.originalPrice),
    discountPercentage: form.discountPercentage.trim() === '' ? null : Number(form.discountPercentage),
  }));
export type EditProductFormValues = z.input<typeof editProductFormSchema>;

/** POST /api/admin/uploads: where the stored picture is served from (a path on this site). */
export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  size: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
