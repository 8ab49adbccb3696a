import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../components/ui/form-field';
import { categoryOptions, CheckboxField, SelectField, TextAreaField, toOptions } from './AdminFields';

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
  | 'isHot'
  | 'isAuction'
  | 'isTopPick';

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
  },
  edit: {
    priceLabel: 'Current Price (K)',
    descriptionHint: undefined,
    categoryPlaceholder: undefined,
    price: { type: 'number', step: '0.01', min: '0' },
    optionalPrice: { type: 'number', step: '0.01', min: '0' },
    discount: { type: 'number', step: '1', min: '0', max: '100' },
    statusOptions: [
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
      { value: 'sold', label: 'Sold' },
    ],
    legendClass: 'sr-only',
  },
} as const;

interface ProductFormFieldsProps {
  variant: keyof typeof variants;
  /** The form's `register` (react-hook-form); either form's values hold every field named above. */
  register: (name: ProductFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<ProductFieldName, { message?: string }>>;
  conditions: readonly string[];
}

/** Name, description, prices, category, condition, status and the feature checkboxes of a product form. */
export function ProductFormFields({ variant, register, errors, conditions }: ProductFormFieldsProps) {
  const look = variants[variant];
  return (
    <>
      <TextField label="Product Name" error={errors.name?.message} {...register('name')} />
      <TextAreaField
        label="Description"
        rows={4}
        hint={look.descriptionHint}
        error={errors.description?.message}
        {...register('description')}
      />
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
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Category"
          placeholder={look.categoryPlaceholder}
          options={categoryOptions}
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
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className={look.legendClass}>Features</legend>
        <CheckboxField label="Hot Deal" {...register('isHot')} />
        <CheckboxField label="Auction Item" {...register('isAuction')} />
        <CheckboxField label="Top Pick" {...register('isTopPick')} />
      </fieldset>
    </>
  );
}
