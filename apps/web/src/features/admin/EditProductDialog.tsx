import { zodResolver } from '@hookform/resolvers/zod';
import {
  addFormConditions,
  displayedProductStatus,
  type EditProductFormValues,
  editProductFormSchema,
  inventoryMessages,
  type Product,
  type ProductUpdate,
  toKinaDecimal,
} from '@bilum/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { ProductImage } from '../../components/ui/product-image';
import { ApiError } from '../../lib/api-client';
import { applyServerIssues } from '../../lib/form-errors';
import { useUpdateProduct } from './admin.api';
import { categoryOptions, CheckboxField, SelectField, TextAreaField, toOptions } from './AdminFields';

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'sold', label: 'Sold' },
] as const;

function formValues(product: Product): EditProductFormValues {
  return {
    name: product.name,
    category: product.category,
    description: product.description,
    price: toKinaDecimal(product.price),
    originalPrice: product.originalPrice === null ? '' : toKinaDecimal(product.originalPrice),
    discountPercentage: product.discountPercentage ? String(product.discountPercentage) : '',
    image: product.image ?? '',
    condition: product.condition as EditProductFormValues['condition'],
    status: displayedProductStatus(product.status),
    isHot: product.isHot,
    isAuction: product.isAuction,
    isTopPick: product.isTopPick,
  };
}

const editFields = [
  'name',
  'category',
  'description',
  'price',
  'originalPrice',
  'discountPercentage',
  'image',
  'condition',
  'status',
] as const;

/** "Edit Product: {name}": every field, an image preview, looser bounds than the add form. */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const update = useUpdateProduct();
  const form = useForm<EditProductFormValues, unknown, ProductUpdate>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: formValues(product),
  });
  const { errors } = form.formState;
  const image = form.watch('image');
  // A product saved with "Used" (the rule's reading) keeps it on offer.
  const conditions = addFormConditions.includes(product.condition as never)
    ? addFormConditions
    : [...addFormConditions, product.condition];

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      { id: product.id, body },
      {
        onSuccess: (answer) => {
          toast.success(inventoryMessages.updated, { description: answer.message });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.isNetwork) {
            toast.error(inventoryMessages.updateNetworkTitle, { description: inventoryMessages.updateNetworkText });
            return;
          }
          applyServerIssues(error, form.setError, editFields);
          toast.error(inventoryMessages.updateFailed, {
            description: error instanceof ApiError && error.message ? error.message : inventoryMessages.updateUnknown,
          });
        },
      },
    ),
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={inventoryMessages.editTitle(product.name)}
      className="sm:max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <ProductImage
          key={image}
          src={image}
          alt={`${product.name} preview`}
          width={160}
          height={160}
          className="mx-auto size-40 rounded-lg"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Product Name" error={errors.name?.message} {...form.register('name')} />
          <SelectField
            label="Category"
            options={categoryOptions}
            error={errors.category?.message}
            {...form.register('category')}
          />
        </div>
        <TextAreaField
          label="Description"
          rows={4}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Current Price (K)"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            error={errors.price?.message}
            {...form.register('price')}
          />
          <TextField
            label="Original Price (K, optional)"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            error={errors.originalPrice?.message}
            {...form.register('originalPrice')}
          />
          <TextField
            label="Discount Percentage (optional)"
            type="number"
            step="1"
            min="0"
            max="100"
            inputMode="numeric"
            error={errors.discountPercentage?.message}
            {...form.register('discountPercentage')}
          />
        </div>
        <TextField label="Image URL" error={errors.image?.message} {...form.register('image')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Condition"
            options={toOptions(conditions)}
            error={errors.condition?.message}
            {...form.register('condition')}
          />
          <SelectField
            label="Status"
            options={statusOptions}
            error={errors.status?.message}
            {...form.register('status')}
          />
        </div>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="sr-only">Features</legend>
          <CheckboxField label="Hot Deal" {...form.register('isHot')} />
          <CheckboxField label="Auction Item" {...form.register('isAuction')} />
          <CheckboxField label="Top Pick" {...form.register('isTopPick')} />
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
