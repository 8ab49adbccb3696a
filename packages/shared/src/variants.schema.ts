import { z } from 'zod';
import { addProductMessages as add } from './admin-products';
import { imageField, skuField } from './admin-products.schema';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './admin-stock';
import { lowStockThresholdField, stockOnHandField } from './admin-stock.schema';
import { MAX_STORED_TOEA } from './money';
import {
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  valuesKey,
  variantLabel,
  variantMessages as m,
} from './variants';

// Issue 30 (decision 042): a product's options and variants as the admin's add and edit forms send them.

const optionSchema = z.object({
  name: z.string({ error: m.optionName }).trim().min(1, m.optionName).max(MAX_OPTION_NAME_LENGTH, m.optionName),
  values: z
    .array(z.string({ error: m.value }).trim().min(1, m.value).max(MAX_OPTION_VALUE_LENGTH, m.value), {
      error: m.value,
    })
    .max(MAX_OPTION_VALUES, m.tooManyValues),
});

const toea = (message: string) => z.number({ error: message }).int(message).max(MAX_STORED_TOEA, message);

/** One variant: its values (one per option, in the options' order) and what it sells at and has on hand. */
export const variantInputSchema = z.object({
  /** The variant's id when editing one that exists; left out for a new combination. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  values: z.array(z.string().trim(), { error: m.valuesOfOptions }),
  /** Left out, the shop gives one (BLM-000123). */
  sku: skuField.optional(),
  price: toea(add.price).min(1, add.price).describe('toea'),
  originalPrice: toea(add.originalPrice).min(0, add.originalPrice).nullable().default(null).describe('toea'),
  stock: stockOnHandField,
  /**
   * The units the form showed for this variant when it opened. Given, `stock − stockShown` is added to what is on
   * hand when saved (as the product's edit dialog does), so units sold meanwhile are not lost; left out, `stock` is
   * set as it is.
   */
  stockShown: stockOnHandField.optional(),
  lowStockThreshold: lowStockThresholdField.default(DEFAULT_LOW_STOCK_THRESHOLD),
  /** The variant's own picture, or null for the product's. */
  image: imageField(add.imageRequired).nullable().default(null),
});
export type VariantInput = z.input<typeof variantInputSchema>;

/**
 * A product's options and variants: no options and one variant is a product as the shop always had them. Every
 * variant takes a value of each option; no combination or SKU twice.
 */
export const productVariantsSchema = z
  .object({
    options: z.array(optionSchema).max(MAX_PRODUCT_OPTIONS, m.tooManyOptions).default([]),
    variants: z.array(variantInputSchema).min(1, m.noVariants).max(MAX_PRODUCT_VARIANTS, m.tooManyVariants),
  })
  .superRefine(({ options, variants }, ctx) => {
    const names = new Set<string>();
    options.forEach((option, index) => {
      const name = option.name.toLowerCase();
      if (names.has(name)) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'name'], message: m.optionNameTwice(option.name) });
      }
      names.add(name);
      if (option.values.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'values'], message: m.noValues(option.name) });
      }
      const seen = new Set<string>();
      option.values.forEach((value, at) => {
        if (seen.has(value.toLowerCase())) {
          ctx.addIssue({
            code: 'custom',
            path: ['options', index, 'values', at],
            message: m.valueTwice(option.name, value),
          });
        }
        seen.add(value.toLowerCase());
      });
    });
    const combinations = new Set<string>();
    const skus = new Set<string>();
    variants.forEach((variant, index) => {
      if (variant.values.length !== options.length) {
        ctx.addIssue({ code: 'custom', path: ['variants', index, 'values'], message: m.valuesOfOptions });
        return;
      }
      variant.values.forEach((value, at) => {
        const option = options[at]!;
        if (!option.values.includes(value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', index, 'values', at],
            message: m.unknownValue(option.name, value),
          });
        }
      });
      const key = valuesKey(variant.values);
      if (combinations.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'values'],
          message: m.combinationTwice(variantLabel(variant.values)),
        });
      }
      combinations.add(key);
      if (variant.sku) {
        if (skus.has(variant.sku)) {
          ctx.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: m.skuTwice(variant.sku) });
        }
        skus.add(variant.sku);
      }
    });
  });
export type ProductVariantsInput = z.input<typeof productVariantsSchema>;
export type ProductVariants = z.output<typeof productVariantsSchema>;

/** GET and PUT /api/admin/products/{id}/variants: an option as the owner entered it. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });

/** A live variant as the admin's forms show it (issue 30), in the owner's order. */
export const adminVariantSchema = z.object({
  id: z.number().int(),
  values: z.array(z.string()).describe('one value of each option, in the options’ order; [] without options'),
  sku: z.string(),
  price: z.number().int().describe('toea'),
  originalPrice: z.number().int().nullable().describe('toea'),
  stock: z.number().int().describe('units on hand'),
  lowStockThreshold: z.number().int(),
  image: z.string().nullable().describe('the variant’s own picture; null shows the product’s'),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** A product's options and live variants (GET and PUT /api/admin/products/{id}/variants). */
export const adminProductVariantsSchema = z.object({
  options: z.array(productOptionSchema),
  variants: z.array(adminVariantSchema),
});
export type AdminProductVariants = z.infer<typeof adminProductVariantsSchema>;
