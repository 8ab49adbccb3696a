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
import { ProductFormFields } from './ProductFormFields';

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
        <TextField label="Image URL" error={errors.image?.message} {...form.register('image')} />
        <ProductFormFields variant="edit" register={form.register} errors={errors} conditions={conditions} />
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
