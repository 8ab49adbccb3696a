import { zodResolver } from '@hookform/resolvers/zod';
import {
  addFormConditions,
  addProductMessages as messages,
  type AddProductFormValues,
  addProductFormSchema,
  emptyAddProductForm,
  type NewProduct,
  productCategories,
} from '@bilum/shared';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ProductImage } from '../../components/ui/product-image';
import { ApiError } from '../../lib/api-client';
import { applyServerIssues } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAddProduct } from './admin.api';
import { AdminFooter, AdminPageHeader } from './AdminFooter';
import { ImageUploadButton } from './ImageUploadButton';
import { ProductFormFields } from './ProductFormFields';

/** Spec: the success message goes after 3 s. */
const SUCCESS_MESSAGE_MS = 3000;

const footerLinks = [
  { to: '/', label: 'Home' },
  { to: '/product-entry', label: 'Product Entry' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/settings', label: 'Settings' },
  ...productCategories.map((category) => ({
    to: `/category/${category}`,
    label: category.charAt(0).toUpperCase() + category.slice(1),
  })),
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

/** /product-entry, "Add New Product": the spec's every field and rule; the form resets after a success. */
export default function ProductEntryPage() {
  useDocumentTitle('Add New Product');
  const add = useAddProduct();
  const [added, setAdded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm<AddProductFormValues, unknown, NewProduct>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyAddProductForm(),
  });
  const secondary = useFieldArray({ control: form.control, name: 'secondaryImages' });
  const { errors } = form.formState;
  const image = form.watch('image');

  /** An uploaded secondary picture goes into the first empty slot, or a new one. */
  function putSecondaryImage(url: string) {
    const empty = form.getValues('secondaryImages').findIndex((entry) => entry.url.trim() === '');
    if (empty >= 0) form.setValue(`secondaryImages.${empty}.url`, url, { shouldDirty: true });
    else secondary.append({ url });
  }

  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    add.mutate(body, {
      onSuccess: () => {
        form.reset(emptyAddProductForm());
        setAdded(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setAdded(false), SUCCESS_MESSAGE_MS);
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, formFields);
        const message = addFailure(error);
        setFailure(message);
        toast.error(message);
      },
    });
  });

  return (
    <>
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <AdminPageHeader title="Add New Product" back={{ to: '/product-inventory', label: 'Product Inventory' }} />

        {added && (
          <p
            role="status"
            className="mb-4 rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-800"
          >
            {messages.added}
          </p>
        )}
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
          <ProductFormFields variant="add" register={form.register} errors={errors} conditions={addFormConditions} />

          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <TextField
                label="Main Image URL"
                placeholder="https://… or /images/…"
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

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium text-stone-800">Secondary images (optional)</legend>
            {secondary.fields.map((field, index) => (
              <div key={field.id} className="flex items-end gap-2">
                <div className="flex-1">
                  <TextField
                    label={`Secondary image ${index + 1}`}
                    placeholder="https://… or /images/…"
                    error={errors.secondaryImages?.[index]?.url?.message}
                    {...form.register(`secondaryImages.${index}.url` as const)}
                  />
                </div>
                <Button
                  variant="ghost"
                  onClick={() => secondary.remove(index)}
                  aria-label={`Remove secondary image ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" size="sm" onClick={() => secondary.append({ url: '' })}>
                Add another image
              </Button>
              <ImageUploadButton label="Upload secondary image" onUploaded={putSecondaryImage} />
            </div>
          </fieldset>

          <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to="/dashboard">Cancel</Link>
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add Product'}
            </Button>
          </div>
        </form>
      </div>
      <AdminFooter links={footerLinks} />
    </>
  );
}
