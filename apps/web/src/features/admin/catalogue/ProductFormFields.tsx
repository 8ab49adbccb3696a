import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';
import { CheckboxField, SelectField, TextAreaField, toOptions } from '../shared/AdminFields';

/** The fields the add form (/product-entry) and the edit dialog share; each form keeps its own image fields. */
type ProductFieldName =
  | 'name'
  | 'description'
  | 'price'
  | 'originalPrice'
  | 'discountPercentage'
  | 'category'
  | 'condition'
  | 'status'
  | 'stock'
  | 'lowStockThreshold'
  | 'isHot'
  | 'isAuction'
  | 'isTopPick'
  | 'isExclusive'
  | 'sku';

/** Where the two forms differ (their bounds live in their own zod schemas, not here). */
const variants = {
  add: {
    priceLabel: 'Price (K)',
    descriptionHint: '10 to 500 characters.',
    categoryPlaceholder: 'Select a category',
    // Typed text such as "1,250.50": the schema reads it.
    price: { placeholder: '0.00' },
    optionalPrice: {},
    discount: {},
    statusOptions: [
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
    legendClass: 'mb-2 text-sm font-medium text-stone-800',
    units: {},
    stockHint: 'Required: how many units you have (0 or more).',
    skuHint: 'Optional: left empty, the shop gives one (BLM-000123).',
  },
  edit: {
    priceLabel: 'Current Price (K)',
    descriptionHint: undefined,
    categoryPlaceholder: undefined,
    price: { type: 'number', step: '0.01', min: '0' },
    optionalPrice: { type: 'number', step: '0.01', min: '0' },
    discount: { type: 'number', step: '1', min: '0', max: '100' },
    // "Sold" is not chosen: it follows the stock (0 on hand), and a restock puts the product back on sale.
    statusOptions: [
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
    legendClass: 'sr-only',
    units: { type: 'number', step: '1', min: '0' },
    stockHint: 'Saved as a change from the figure shown, so units sold meanwhile are not lost.',
    skuHint: 'Unique; the CSV import matches rows by it.',
  },
} as const;

interface ProductFormFieldsProps {
  variant: keyof typeof variants;
  /** The form's `register` (react-hook-form); either form's values hold every field named above. */
  register: (name: ProductFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<ProductFieldName, { message?: string }>>;
  conditions: readonly string[];
  /** The shop's categories, each showing its name and sending its slug (`useCategoryChoices`). */
  categories: readonly { value: string; label: string }[];
  /**
   * Given when the product has options (issue 30): its price, stock and SKU are its variants', so those fields give
   * way to this note.
   */
  variantsNote?: ReactNode;
}

/** Name, description, prices, category, condition, status and the feature checkboxes of a product form. */
export function ProductFormFields({
  variant,
  register,
  errors,
  conditions,
  categories,
  variantsNote,
}: ProductFormFieldsProps) {
  const look = variants[variant];
  return (
    <>
      {variantsNote ? (
        <TextField label="Product Name" error={errors.name?.message} {...register('name')} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <TextField label="Product Name" error={errors.name?.message} {...register('name')} />
          </div>
          <TextField
            label="SKU"
            autoCapitalize="characters"
            hint={look.skuHint}
            error={errors.sku?.message}
            {...register('sku')}
          />
        </div>
      )}
      <TextAreaField
        label="Description"
        rows={4}
        hint={look.descriptionHint}
        error={errors.description?.message}
        {...register('description')}
      />
      {variantsNote && (
        <p className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-stone-800">
          {variantsNote}
        </p>
      )}
      {!variantsNote && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={look.priceLabel}
            inputMode="decimal"
            {...look.price}
            error={errors.price?.message}
            {...register('price')}
          />
          <TextField
            label="Original Price (K, optional)"
            inputMode="decimal"
            {...look.optionalPrice}
            error={errors.originalPrice?.message}
            {...register('originalPrice')}
          />
          <TextField
            label="Discount Percentage (optional)"
            inputMode="numeric"
            {...look.discount}
            error={errors.discountPercentage?.message}
            {...register('discountPercentage')}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Category"
          placeholder={look.categoryPlaceholder}
          options={categories}
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          label="Condition"
          options={toOptions(conditions)}
          error={errors.condition?.message}
          {...register('condition')}
        />
        <SelectField
          label="Status"
          options={look.statusOptions}
          error={errors.status?.message}
          {...register('status')}
        />
      </div>
      {!variantsNote && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Stock on hand"
            inputMode="numeric"
            {...look.units}
            hint={look.stockHint}
            error={errors.stock?.message}
            {...register('stock')}
          />
          <TextField
            label="Low-stock threshold"
            inputMode="numeric"
            {...look.units}
            hint="“Low stock” at or below this many units."
            error={errors.lowStockThreshold?.message}
            {...register('lowStockThreshold')}
          />
        </div>
      )}
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className={look.legendClass}>Features</legend>
        <CheckboxField label="Hot Deal" {...register('isHot')} />
        <CheckboxField label="Auction Item" {...register('isAuction')} />
        <CheckboxField label="Top Pick" {...register('isTopPick')} />
        {/* decisions.md: anyone sees the offer, only active members can buy it. */}
        <CheckboxField label="Exclusive Member" {...register('isExclusive')} />
      </fieldset>
      {!variantsNote && (
        <p className="-mt-2 text-xs text-muted">
          The discount is worked out from the original and current price; typing a discount sets the current price.
        </p>
      )}
    </>
  );
}
