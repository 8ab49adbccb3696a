import { z } from 'zod';
import {
  addProductMessages as add,
  cleanImageUrl,
  editProductMessages as edit,
  isImageLocation,
  parseKinaInput,
} from './admin-products';
import { catalogAdminMessages, normaliseSku } from './admin-catalog';
import { DEFAULT_LOW_STOCK_THRESHOLD, MAX_STOCK, stockMessages } from './admin-stock';
import { lowStockThresholdField, stockOnHandField } from './admin-stock.schema';
import { categorySlugPattern, MAX_CATEGORY_SLUG_LENGTH, productConditions, storedProductStatuses } from './catalog';

const MAX_PRICE_TOEA = 2_000_000_000; // fits the integer column with room to spare
const MAX_IMAGE_URL = 2000;

/** An image address: spaces and line breaks stripped (decisions "Image URLs"), then required and checked. */
/**
 * A category's slug (issue 30): the shop's categories are the owner's, so the form checks its shape and the API
 * checks that the shop has it (`categoryMessages.unknown`).
 */
function categoryField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(MAX_CATEGORY_SLUG_LENGTH, message)
    .regex(categorySlugPattern, message);
}

export function imageField(required: string) {
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
  /** decisions.md "Exclusive Member offers": anyone sees it, only active members can buy it. */
  isExclusive: z.boolean().default(false),
};

/** A SKU (issue 18): trimmed, upper case, letters and digits with - _ . between. */
export const skuField = z
  .string()
  .max(100, catalogAdminMessages.skuFormat)
  .transform((value, context) => {
    const sku = normaliseSku(value);
    if (sku === null) context.addIssue({ code: 'custom', message: catalogAdminMessages.skuFormat });
    return sku ?? '';
  });
/** A form's SKU text: empty means "let the shop give one" when adding. */
const optionalSkuText = z.string().refine((value) => value.trim() === '' || normaliseSku(value) !== null, {
  message: catalogAdminMessages.skuFormat,
});

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
    .nullable()
    .default(null)
    .describe('whole percent; null: worked out from the prices; another figure sets the price from the original'),
  image: imageField(add.imageRequired),
  category: categoryField(add.category),
  condition: z.enum(productConditions, { error: add.condition }).default('New'),
  status: z.enum(storedProductStatuses).default('active'),
  /** Left out, the shop gives one (BLM-000123). */
  sku: skuField.optional(),
  /** Units on hand (issue 18): required, no default — a product added without saying how many it has is refused. */
  stock: stockOnHandField,
  lowStockThreshold: lowStockThresholdField.default(DEFAULT_LOW_STOCK_THRESHOLD),
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
  category: categoryField(edit.categoryRequired),
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
  /** "Sold" is not set by hand: it follows the stock. */
  status: z.enum(storedProductStatuses, { error: stockMessages.statusSoldDerived }),
  /** Left out, it stays as it is. */
  sku: skuField.optional(),
  /** The version the admin edited (from the inventory): an edit of an older one is refused (409). */
  version: z.number().int().min(1).max(2_147_483_647),
  /**
   * Units to add (or take, negative) relative to what is on hand when saved: checkouts meanwhile lose nothing.
   * The edit dialog sends the figure typed minus the figure it showed.
   */
  stockChange: z
    .number({ error: stockMessages.stockRange })
    .int(stockMessages.stockRange)
    .min(-MAX_STOCK, stockMessages.stockRange)
    .max(MAX_STOCK, stockMessages.stockRange)
    .default(0),
  /** Left out, it stays as it is. */
  lowStockThreshold: lowStockThresholdField.optional(),
  ...flags,
  /** The gallery in its order (issue 18); left out, it stays as it is. */
  secondaryImages: secondaryImagesField.optional(),
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

/** The forms' gallery: one row per picture, in order; empty rows are dropped when saving. */
const secondaryImageRows = z
  .array(
    z.object({
      url: z
        .string()
        .transform(cleanImageUrl)
        .refine((value) => value === '' || (value.length <= MAX_IMAGE_URL && isImageLocation(value)), {
          message: add.secondaryImage,
        }),
    }),
  )
  .max(20, 'A product can have at most 20 secondary images.');
const galleryUrls = (rows: { url: string }[]) => rows.map((entry) => entry.url).filter((url) => url !== '');

const optionalToea = (value: string) => (value.trim() === '' ? null : parseKinaInput(value));

/** A whole number typed in a form (units on hand, a threshold), 0 to MAX_STOCK. */
const unitsText = (message: string) =>
  z.string().refine((value) => /^\d{1,7}$/.test(value.trim()) && Number(value) <= MAX_STOCK, message);

/** The /product-entry form. Its output is the `newProductSchema` body (prices in toea, empty images dropped). */
export const addProductFormSchema = z
  .object({
    name: z.string().trim().min(1, add.nameRequired).max(200),
    description: z.string().trim().min(10, add.descriptionShort).max(500, add.descriptionLong),
    price: kinaText(add.price, 1),
    image: imageField(add.imageRequired),
    category: categoryField(add.category),
    originalPrice: optionalKinaText(add.originalPrice),
    discountPercentage: optionalPercentText(add.discount),
    condition: z.enum(productConditions, { error: add.condition }),
    status: z.enum(storedProductStatuses),
    stock: unitsText(stockMessages.stockRequired),
    lowStockThreshold: unitsText(stockMessages.threshold),
    sku: optionalSkuText,
    isHot: z.boolean(),
    isAuction: z.boolean(),
    isTopPick: z.boolean(),
    isExclusive: z.boolean(),
    secondaryImages: secondaryImageRows,
  })
  .transform((form): NewProduct => ({
    name: form.name,
    description: form.description,
    price: parseKinaInput(form.price) ?? 0,
    originalPrice: optionalToea(form.originalPrice),
    // Empty: worked out from the prices (0 without an original price), as the spec's "empty means 0" intends.
    discountPercentage: form.discountPercentage.trim() === '' ? null : Number(form.discountPercentage),
    image: form.image,
    category: form.category,
    condition: form.condition,
    status: form.status,
    stock: Number(form.stock),
    lowStockThreshold: Number(form.lowStockThreshold),
    isHot: form.isHot,
    isAuction: form.isAuction,
    isTopPick: form.isTopPick,
    isExclusive: form.isExclusive,
    ...(form.sku.trim() === '' ? {} : { sku: normaliseSku(form.sku) ?? '' }),
    secondaryImages: galleryUrls(form.secondaryImages),
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
    category: '',
    originalPrice: '',
    discountPercentage: '',
    condition: 'New',
    status: 'active',
    // Required (issue 18): the admin types how many are on hand.
    stock: '',
    lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
    isHot: false,
    isAuction: false,
    isTopPick: false,
    isExclusive: false,
    sku: '',
    secondaryImages: [{ url: '' }, { url: '' }],
  };
}

/** The edit dialog's output: the update body but for the version and the stock change, which need the product. */
export type EditedProduct = Omit<ProductUpdate, 'version' | 'stockChange'> & { stock: number };

/** The PUT body from the dialog's output and the product as the dialog showed it (its version and stock). */
export function productUpdateBody(edited: EditedProduct, shown: { version: number; stock: number }): ProductUpdate {
  const { stock, ...rest } = edited;
  return { ...rest, version: shown.version, stockChange: stock - shown.stock };
}

/** The edit dialog's form: required fields only; cleared optional numbers mean null. */
export const editProductFormSchema = z
  .object({
    name: z.string().trim().min(1, edit.nameRequired).max(200),
    category: categoryField(edit.categoryRequired),
    description: z.string().trim().min(1, edit.descriptionRequired).max(5000),
    price: kinaText(edit.priceRequired, 0),
    originalPrice: optionalKinaText(edit.originalPrice),
    discountPercentage: optionalPercentText(edit.discount),
    image: imageField(edit.imageRequired),
    condition: z.enum(productConditions, { error: edit.conditionRequired }),
    status: z.enum(storedProductStatuses, { error: stockMessages.statusSoldDerived }),
    /** The figure on hand the admin wants; the dialog sends it as a change from the figure it showed. */
    stock: unitsText(stockMessages.stockRange),
    lowStockThreshold: unitsText(stockMessages.threshold),
    sku: skuField,
    isHot: z.boolean(),
    isAuction: z.boolean(),
    isTopPick: z.boolean(),
    isExclusive: z.boolean(),
    secondaryImages: secondaryImageRows,
  })
  .transform((form): EditedProduct => ({
    ...form,
    stock: Number(form.stock),
    lowStockThreshold: Number(form.lowStockThreshold),
    secondaryImages: galleryUrls(form.secondaryImages),
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

/** POST /api/admin/uploads/from-url: a picture on another site, fetched once by the shop and stored. */
export const imageFromUrlSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Please enter the picture’s address.')
    .max(MAX_IMAGE_URL)
    .refine((value) => /^https?:\/\//i.test(value), 'Please enter an https:// address.'),
});
