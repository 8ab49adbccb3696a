import { zodResolver } from '@hookform/resolvers/zod';
import {
  addFormConditions,
  type AdminProduct,
  discountPercentFor,
  type EditedProduct,
  type EditProductFormValues,
  editProductFormSchema,
  inventoryMessages,
  productUpdateBody,
  toKinaDecimal,
} from '@bilum/shared';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { ProductImage } from '../../../components/ui/product-image';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { useUpdateProduct } from './catalogue.api';
import { useCategoryChoices } from './categories.api';
import { GalleryFields } from './GalleryFields';
import { ImageUploadButton, remotePictureHint } from './ImageUploadButton';
import { useDiscountFromPrices } from './discount-sync';
import { ProductFormFields } from './ProductFormFields';
import { ActivityList } from '../shared/ActivityList';

function formValues(product: AdminProduct): EditProductFormValues {
  return {
    name: product.name,
    category: product.category,
    description: product.description,
    price: toKinaDecimal(product.price),
    originalPrice: product.originalPrice === null ? '' : toKinaDecimal(product.originalPrice),
    // Worked out from the prices, as every badge shows it.
    discountPercentage: discountPercentFor(product.originalPrice, product.price)
      ? String(discountPercentFor(product.originalPrice, product.price))
      : '',
    image: product.image ?? '',
    condition: product.condition as EditProductFormValues['condition'],
    // "Sold" follows the stock; the admin chooses only between on sale and hidden.
    status: product.status === 'inactive' ? 'inactive' : 'active',
    stock: String(product.stock),
    lowStockThreshold: String(product.lowStockThreshold),
    isHot: product.isHot,
    isAuction: product.isAuction,
    isTopPick: product.isTopPick,
    isExclusive: product.isExclusive,
    sku: product.sku,
    secondaryImages: product.galleryImages.map((url) => ({ url })),
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
  'stock',
  'lowStockThreshold',
  'sku',
] as const;

/** "Edit Product: {name}": every field, an image preview, looser bounds than the add form. */
export function EditProductDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const update = useUpdateProduct();
  const form = useForm<EditProductFormValues, unknown, EditedProduct>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: formValues(product),
  });
  useDiscountFromPrices(form);
  const { errors } = form.formState;
  const image = form.watch('image');
  const gallery = useFieldArray({ control: form.control, name: 'secondaryImages' });
  const galleryUrls = form.watch('secondaryImages');
  const categories = useCategoryChoices(product.category);
  // A product saved with "Used" (the rule's reading) keeps it on offer.
  const conditions = addFormConditions.includes(product.condition as never)
    ? addFormConditions
    : [...addFormConditions, product.condition];

  // The version and stock the dialog opened with: an edit of a product changed meanwhile is refused, and the
  // stock is sent as a change from the figure shown.
  const onSubmit = form.handleSubmit((edited) =>
    update.mutate(
      { id: product.id, body: productUpdateBody(edited, product) },
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
        <TextField
          label="Image URL"
          hint={remotePictureHint}
          error={errors.image?.message}
          {...form.register('image')}
        />
        <ImageUploadButton
          label="Upload new main image"
          onUploaded={(url) => form.setValue('image', url, { shouldValidate: true, shouldDirty: true })}
        />
        <GalleryFields
          rows={gallery.fields.map((field, index) => ({ id: field.id, url: galleryUrls[index]?.url ?? '' }))}
          register={(index) => form.register(`secondaryImages.${index}.url` as const)}
          errors={errors.secondaryImages}
          onAppend={(url) => gallery.append({ url })}
          onRemove={gallery.remove}
          onMove={gallery.move}
        />
        <ProductFormFields
          variant="edit"
          register={form.register}
          errors={errors}
          conditions={conditions}
          categories={categories}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      {/* Who changed this product and what (issue 21: the activity log). */}
      <div className="border-t border-stone-200 pt-4">
        <ActivityList entityType="product" entityId={product.id} title="Change history" />
      </div>
    </Dialog>
  );
}
