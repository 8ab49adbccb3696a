import { zodResolver } from '@hookform/resolvers/zod';
import {
  addFormConditions,
  type AdminProduct,
  discountPercentFor,
  type EditedProduct,
  type EditProductFormValues,
  editProductFormSchema,
  formatKina,
  inventoryMessages,
  productUpdateBody,
  type ProductVariantsInput,
  toKinaDecimal,
  variantMessages,
} from '@bilum/shared';
import { type FormEvent, useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { ProductImage } from '../../../components/ui/product-image';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { useProductVariants, useSaveProductVariants, useUpdateProduct } from './catalogue.api';
import { useCategoryChoices } from './categories.api';
import { GalleryFields } from './GalleryFields';
import { ImageUploadButton, remotePictureHint } from './ImageUploadButton';
import { useDiscountFromPrices } from './discount-sync';
import { ProductFormFields } from './ProductFormFields';
import { ActivityList } from '../shared/ActivityList';
import {
  buildVariantsBody,
  cheapestPrice,
  draftFromAnswer,
  draftSignature,
  emptyVariantDraft,
  noVariantErrors,
  placeIssues,
  singleVariantBody,
  type VariantDraft,
  type VariantErrors,
} from './variant-editor';
import { VariantEditor } from './VariantEditor';

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

/** The add page's options whose save failed (issue 30): shown as typed, with what the server refused, to save again. */
export interface PendingVariants {
  draft: VariantDraft;
  errors: VariantErrors;
  message: string;
}

/** The options as loaded (or handed over), and the signature of what the server has: saved only when changed. */
interface VariantState {
  draft: VariantDraft;
  saved: string;
  /** The server's product has options: its own price, stock and SKU are its variants'. */
  hadOptions: boolean;
}

const editResolver = zodResolver(editProductFormSchema);

/** A failed save's words: the network's, else the server's message. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : inventoryMessages.updateUnknown;

/**
 * "Edit Product: {name}": every field, an image preview, looser bounds than the add form, and the product's options
 * and variants (issue 30): with options, its own price, stock and SKU are its variants'.
 */
export function EditProductDialog({
  product: opened,
  onClose,
  pendingVariants,
}: {
  product: AdminProduct;
  onClose: () => void;
  pendingVariants?: PendingVariants;
}) {
  // The product as last saved: after a save whose variants failed, the next one sends its new version and stock.
  const [product, setProduct] = useState(opened);
  const update = useUpdateProduct();
  const saveVariants = useSaveProductVariants();
  const loaded = useProductVariants(product.id, !pendingVariants);
  const [variants, setVariants] = useState<VariantState | null>(() =>
    pendingVariants
      ? { draft: pendingVariants.draft, saved: draftSignature(emptyVariantDraft(), noDefaults), hadOptions: false }
      : null,
  );
  const [variantErrors, setVariantErrors] = useState<VariantErrors>(() => pendingVariants?.errors ?? noVariantErrors());
  const [notice, setNotice] = useState<string | null>(pendingVariants?.message ?? null);
  // Read once, when the dialog opens: later reads (after a save) must not replace what the owner is typing.
  if (variants === null && loaded.data) {
    const draft = draftFromAnswer(loaded.data);
    setVariants({ draft, saved: draftSignature(draft, noDefaults), hadOptions: loaded.data.options.length > 0 });
  }
  const hasOptions = (variants?.draft.options.length ?? 0) > 0;
  // With options the hidden price, stock and SKU fields are checked as the product has them (see the note).
  const withOptions = useRef(false);
  withOptions.current = hasOptions;
  const shown = useRef(product);
  shown.current = product;
  const resolver: Resolver<EditProductFormValues, unknown, EditedProduct> = (values, context, options) =>
    editResolver(
      withOptions.current
        ? {
            ...values,
            price: toKinaDecimal(shown.current.price),
            originalPrice: shown.current.originalPrice === null ? '' : toKinaDecimal(shown.current.originalPrice),
            discountPercentage: '',
            stock: String(shown.current.stock),
            sku: shown.current.sku,
          }
        : values,
      context,
      options,
    );

  const form = useForm<EditProductFormValues, unknown, EditedProduct>({
    resolver,
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
  const [price, originalPrice, lowStockThreshold] = form.watch(['price', 'originalPrice', 'lowStockThreshold']);
  const defaults = { price, originalPrice, lowStockThreshold };
  const cheapest = variants && hasOptions ? cheapestPrice(variants.draft, defaults) : null;
  const saving = update.isPending || saveVariants.isPending;

  /** The product's own save (the version and stock it showed), then its options when they changed. */
  async function save(edited: EditedProduct, variantBody: ProductVariantsInput | null, sentKeys: string[]) {
    setNotice(null);
    const body = productUpdateBody(edited, product);
    // The server keeps a product with options' stock per variant: the variants' save sets it.
    if (variants?.hadOptions) body.stockChange = 0;
    let saved: AdminProduct;
    try {
      saved = (await update.mutateAsync({ id: product.id, body })).product;
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) {
        toast.error(inventoryMessages.updateNetworkTitle, { description: inventoryMessages.updateNetworkText });
        return;
      }
      applyServerIssues(error, form.setError, editFields);
      toast.error(inventoryMessages.updateFailed, { description: failureText(error) });
      return;
    }
    setProduct(saved);
    if (variantBody) {
      try {
        await saveVariants.mutateAsync({ id: product.id, body: variantBody });
      } catch (error) {
        const issues = error instanceof ApiError ? error.issues : [];
        if (variantBody.options?.length) {
          setVariantErrors(placeIssues(issues, sentKeys, variants?.draft ?? emptyVariantDraft()));
        } else {
          // The one variant of a product whose options were taken away: its figures are the form's own.
          for (const issue of issues) {
            const field = issue.path.split('.').at(-1);
            const name = editFields.find((each) => each === field);
            if (name) form.setError(name, { type: 'server', message: issue.message });
          }
        }
        const message = `${variantMessages.notSaved} ${failureText(error)}`;
        setNotice(message);
        toast.error(inventoryMessages.updateFailed, { description: message });
        return;
      }
    }
    toast.success(inventoryMessages.updated, {
      description: variantBody ? `Product updated. ${variantMessages.saved}` : 'Product updated.',
    });
    onClose();
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    let variantBody: ProductVariantsInput | null = null;
    let sentKeys: string[] = [];
    const changed = variants !== null && draftSignature(variants.draft, defaults) !== variants.saved;
    if (variants && hasOptions && changed) {
      const built = buildVariantsBody(variants.draft, defaults);
      setVariantErrors(built.errors);
      if (!built.body) {
        event.preventDefault();
        void form.trigger();
        toast.error(inventoryMessages.updateFailed, { description: variantMessages.checkRows });
        return;
      }
      variantBody = built.body;
      sentKeys = built.sentKeys;
    }
    const optionsTakenAway = variants?.hadOptions === true && !hasOptions;
    void form.handleSubmit((edited) =>
      save(
        edited,
        optionsTakenAway
          ? singleVariantBody({
              sku: edited.sku,
              price: edited.price,
              originalPrice: edited.originalPrice,
              stock: edited.stock,
              lowStockThreshold: edited.lowStockThreshold ?? product.lowStockThreshold,
            })
          : variantBody,
        sentKeys,
      ),
    )(event);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={inventoryMessages.editTitle(product.name)}
      className={hasOptions ? 'sm:max-w-2xl lg:max-w-4xl' : 'sm:max-w-2xl'}
    >
      {notice && (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {notice}
        </p>
      )}
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
          variantsNote={hasOptions ? variantsNote(cheapest, product.stock) : undefined}
        />
        <VariantEditor
          draft={variants?.draft ?? emptyVariantDraft()}
          onChange={(draft) => setVariants((state) => (state ? { ...state, draft } : state))}
          errors={variantErrors}
          onErrorsChange={setVariantErrors}
          defaults={defaults}
          locked={product.isMembership ? variantMessages.membershipNoOptions : undefined}
          status={variants ? 'ready' : loaded.isError ? 'error' : 'loading'}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
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

/** Defaults no saved row needs: every loaded combination has its row. */
const noDefaults = { price: '', originalPrice: '', lowStockThreshold: '' };

/** In place of the price, stock and SKU fields of a product with options. */
export function variantsNote(cheapest: number | null, stock?: number) {
  return (
    <>
      <strong className="font-semibold">Price, stock and SKU are set for each variant</strong> under Options and
      variants below. The product shows the cheapest variant’s price
      {cheapest === null ? '' : ` (${formatKina(cheapest)})`} and the sum of their stock
      {stock === undefined ? '' : ` (${stock} on hand now)`}.
    </>
  );
}
