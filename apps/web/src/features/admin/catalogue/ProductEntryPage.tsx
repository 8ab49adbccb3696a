import { zodResolver } from '@hookform/resolvers/zod';
import {
  addFormConditions,
  addProductMessages as messages,
  catalogAdminMessages,
  type AddProductFormValues,
  addProductFormSchema,
  emptyAddProductForm,
  type AdminProduct,
  type NewProduct,
  toKinaDecimal,
  variantMessages,
} from '@bilum/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { ProductImage } from '../../../components/ui/product-image';
import { ApiError } from '../../../lib/api-client';
import { useCategories } from '../../../lib/categories';
import { applyServerIssues } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddProduct, useSaveProductVariants } from './catalogue.api';
import { useCategoryChoices } from './categories.api';
import { useDiscountFromPrices } from './discount-sync';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { GalleryFields } from './GalleryFields';
import { ImageUploadButton, remotePictureHint } from './ImageUploadButton';
import { ProductFormFields } from './ProductFormFields';
import { EditProductDialog, type PendingVariants, variantsNote } from './EditProductDialog';
import {
  buildVariantsBody,
  cheapestPrice,
  emptyVariantDraft,
  noVariantErrors,
  placeIssues,
  type VariantDraft,
  type VariantErrors,
} from './variant-editor';
import { VariantEditor } from './VariantEditor';

/** Spec: the success message goes after 3 s. */
const SUCCESS_MESSAGE_MS = 3000;

const footerLinks = [
  { to: '/', label: 'Home' },
  { to: '/product-entry', label: 'Product Entry' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/settings', label: 'Settings' },
];

const formFields = [
  'name',
  'description',
  'price',
  'image',
  'category',
  'originalPrice',
  'discountPercentage',
  'condition',
  'status',
  'stock',
  'lowStockThreshold',
] as const;

/** The add call's failure in the spec's words (section 8 "Add product"). */
function addFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return messages.network;
    if (error.status >= 500) return messages.unexpected;
    return error.message || messages.failed;
  }
  return messages.network;
}

const addResolver = zodResolver(addProductFormSchema);

/**
 * /product-entry, "Add New Product": the spec's every field and rule; the form resets after a success. With options
 * (issue 30) the product is added first, then its variants are saved; if that second save fails, the product's edit
 * dialog opens on them as typed, so nothing is lost.
 */
export default function ProductEntryPage() {
  useDocumentTitle('Add New Product');
  const add = useAddProduct();
  const saveVariants = useSaveProductVariants();
  const [draft, setDraft] = useState<VariantDraft>(emptyVariantDraft);
  const [variantErrors, setVariantErrors] = useState<VariantErrors>(noVariantErrors);
  /** The product added whose variants were not saved: its edit dialog, on them. */
  const [pending, setPending] = useState<{ product: AdminProduct; variants: PendingVariants } | null>(null);
  const categories = useCategoryChoices();
  // The storefront's category pages: the visible categories only (a hidden one's page is not found).
  const shopCategories = useCategories().categories;
  const navigate = useNavigate();
  /** The product just added: its message sits by the Add button, where the admin is looking, with a link to it. */
  const [added, setAdded] = useState<{ id: number; name: string } | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // With options the product's own price, stock and SKU are its variants' (their fields hidden): it is added with
  // the cheapest variant's price and nothing on hand, and the variants' save sets the rest.
  const variantPrice = useRef<number | null>(null);
  const resolver: Resolver<AddProductFormValues, unknown, NewProduct> = (values, context, options) =>
    addResolver(
      variantPrice.current === null
        ? values
        : {
            ...values,
            price: toKinaDecimal(variantPrice.current),
            originalPrice: '',
            discountPercentage: '',
            stock: '0',
            sku: '',
          },
      context,
      options,
    );
  const form = useForm<AddProductFormValues, unknown, NewProduct>({
    resolver,
    defaultValues: emptyAddProductForm(),
  });
  const secondary = useFieldArray({ control: form.control, name: 'secondaryImages' });
  useDiscountFromPrices(form);
  // isDirty is read while rendering so react-hook-form keeps it up to date (its form state is subscribed by use).
  const { errors, isDirty } = form.formState;
  const image = form.watch('image');
  const [price, originalPrice, lowStockThreshold] = form.watch(['price', 'originalPrice', 'lowStockThreshold']);
  const defaults = { price, originalPrice, lowStockThreshold };
  const hasOptions = draft.options.length > 0;
  const cheapest = hasOptions ? cheapestPrice(draft, defaults) : null;
  // Read by the resolver: the product's price when it has options (1 toea stands in until a row has one).
  variantPrice.current = hasOptions ? (cheapest ?? 1) : null;

  /** Spec: the message goes after 3 s; focusing its link pauses that (WCAG 2.2.1). */
  const hideAddedLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(null), SUCCESS_MESSAGE_MS);
  };
  const keepAdded = () => clearTimeout(timer.current);

  /** Cancel returns to the inventory, asking first when something was typed. */
  const cancel = () => {
    if (isDirty || hasOptions) setConfirmingCancel(true);
    else void navigate('/product-inventory');
  };

  const secondaryUrls = form.watch('secondaryImages');

  /** An uploaded secondary picture goes into the first empty slot, or a new one (an empty one when asked). */
  function putSecondaryImage(url: string) {
    const empty = form.getValues('secondaryImages').findIndex((entry) => entry.url.trim() === '');
    if (url !== '' && empty >= 0) form.setValue(`secondaryImages.${empty}.url`, url, { shouldDirty: true });
    else secondary.append({ url });
  }

  const failed = (error: unknown) => {
    applyServerIssues(error, form.setError, formFields);
    const message = addFailure(error);
    setFailure(message);
    toast.error(message);
  };

  const succeeded = (product: { id: number; name: string }) => {
    form.reset(emptyAddProductForm());
    setDraft(emptyVariantDraft());
    setVariantErrors(noVariantErrors());
    setAdded({ id: product.id, name: product.name });
    hideAddedLater();
  };

  /** The product, then (with options) its variants: a second save that fails opens the product's edit dialog. */
  async function addProduct(body: NewProduct) {
    setFailure(null);
    const built = hasOptions ? buildVariantsBody(draft, defaults) : null;
    let product: AdminProduct;
    try {
      product = (await add.mutateAsync(body)).product;
    } catch (error) {
      failed(error);
      return;
    }
    if (!built?.body) {
      succeeded(product);
      return;
    }
    try {
      await saveVariants.mutateAsync({ id: product.id, body: built.body });
      succeeded(product);
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      const detail = error instanceof ApiError && !error.isNetwork ? error.message : messages.network;
      const message = `${variantMessages.addedWithoutVariants} ${detail}`;
      setPending({
        product,
        variants: { draft, errors: placeIssues(issues, built.sentKeys, draft), message },
      });
      toast.error(variantMessages.addedWithoutVariants, { description: detail });
      form.reset(emptyAddProductForm());
      setDraft(emptyVariantDraft());
      setVariantErrors(noVariantErrors());
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (hasOptions) {
      // The options first: nothing is added while a row is wrong.
      const built = buildVariantsBody(draft, defaults);
      setVariantErrors(built.errors);
      if (!built.body) {
        event.preventDefault();
        void form.trigger();
        setFailure(variantMessages.checkRows);
        toast.error(variantMessages.checkRows);
        return;
      }
    }
    void form.handleSubmit(addProduct)(event);
  };

  const saving = add.isPending || saveVariants.isPending;

  return (
    <>
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <AdminPageHeader title="Add New Product" back={{ to: '/product-inventory', label: 'Product Inventory' }} />

        {failure && (
          <p
            role="alert"
            className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800"
          >
            {failure}
          </p>
        )}

        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
        >
          <ProductFormFields
            variant="add"
            register={form.register}
            errors={errors}
            conditions={addFormConditions}
            categories={categories}
            variantsNote={hasOptions ? variantsNote(cheapest) : undefined}
          />

          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <TextField
                label="Main Image URL"
                placeholder="https://… or /images/…"
                hint={remotePictureHint}
                error={errors.image?.message}
                {...form.register('image')}
              />
            </div>
            <ProductImage
              key={image}
              src={image}
              alt="Main image preview"
              width={88}
              height={88}
              className="size-22 shrink-0 rounded-lg"
            />
          </div>
          <ImageUploadButton
            label="Upload main image"
            onUploaded={(url) => form.setValue('image', url, { shouldValidate: true, shouldDirty: true })}
          />

          <GalleryFields
            rows={secondary.fields.map((field, index) => ({ id: field.id, url: secondaryUrls[index]?.url ?? '' }))}
            register={(index) => form.register(`secondaryImages.${index}.url` as const)}
            errors={errors.secondaryImages}
            onAppend={putSecondaryImage}
            onRemove={secondary.remove}
            onMove={secondary.move}
          />

          <VariantEditor
            draft={draft}
            onChange={setDraft}
            errors={variantErrors}
            onErrorsChange={setVariantErrors}
            defaults={defaults}
          />

          <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Adding…' : 'Add Product'}
            </Button>
          </div>
          {/* Below the button the admin just pressed: seen at once, and nothing moves under the pointer. */}
          <div role="status" className="empty:hidden">
            {added && (
              <p
                className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-800"
                onFocus={keepAdded}
                onBlur={hideAddedLater}
              >
                {messages.added}{' '}
                <Link to={`/item/${added.id}`} className="underline underline-offset-2">
                  {catalogAdminMessages.viewAdded}
                  <span className="sr-only">: {added.name}</span>
                </Link>
              </p>
            )}
          </div>
        </form>
      </div>
      <AdminFooter
        links={[
          ...footerLinks,
          ...shopCategories.map((category) => ({ to: `/category/${category.slug}`, label: category.name })),
        ]}
      />
      {pending && (
        <EditProductDialog
          product={pending.product}
          pendingVariants={pending.variants}
          onClose={() => setPending(null)}
        />
      )}
      {confirmingCancel && (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirmingCancel(false)}
          title={catalogAdminMessages.discardTitle}
          description={catalogAdminMessages.discardText}
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmingCancel(false)}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={() => void navigate('/product-inventory')}>
              Discard
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
