import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminDiscountCode,
  type DiscountCodeFormValues,
  discountCodeFormSchema,
  type DiscountCodeValues,
  discountKindLabels,
  toKinaDecimal,
  toPortMoresbyTime,
} from '@bilum/shared';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { FieldsetFrame, TextField } from '../../../components/ui/form-field';
import { optionsFrom, RadioList } from '../../../components/ui/radio-list';
import { applyServerIssues } from '../../../lib/form-errors';
import { useAdminCategories } from '../catalogue/categories.api';
import { useSaveDiscountCode } from './discount-codes.api';

const formFields = [
  'code',
  'kind',
  'value',
  'minSpend',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerShopper',
  'categories',
  'productIds',
] as const;

/** What the form shows for a code (empty for a new one): kina for amounts, Port Moresby time for dates. */
function formValuesOf(code: AdminDiscountCode | null): DiscountCodeFormValues {
  const local = (iso: string | null) => (iso ? toPortMoresbyTime(new Date(iso)) : '');
  const count = (value: number | null) => (value === null ? '' : String(value));
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    value:
      !code || code.kind === 'free-delivery'
        ? ''
        : code.kind === 'fixed'
          ? toKinaDecimal(code.value)
          : String(code.value),
    minSpend: code && code.minSpend > 0 ? toKinaDecimal(code.minSpend) : '',
    startsAt: local(code?.startsAt ?? null),
    endsAt: local(code?.endsAt ?? null),
    maxUses: count(code?.maxUses ?? null),
    maxUsesPerShopper: count(code?.maxUsesPerShopper ?? null),
    categories: code?.categories ?? [],
    productIds: code?.productIds.join(', ') ?? '',
    active: code?.active ?? true,
  };
}

/**
 * Add or edit a discount code: what it gives, from when to when (Port Moresby time), how many times, on what. The
 * letters of a code an order has used stay (the server says so if they are changed).
 */
export function DiscountCodeDialog({ code, onClose }: { code: AdminDiscountCode | null; onClose: () => void }) {
  const save = useSaveDiscountCode();
  const categories = useAdminCategories();
  const form = useForm<DiscountCodeFormValues, unknown, DiscountCodeValues>({
    resolver: zodResolver(discountCodeFormSchema),
    defaultValues: formValuesOf(code),
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { id: code?.id ?? null, body },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (error) => {
          if (!applyServerIssues(error, form.setError, formFields)) toast.error(error.message);
        },
      },
    ),
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={code ? `Edit ${code.code}` : 'Add a discount code'}
      description="Shoppers type the code at checkout; the shop checks it and works out the discount."
      className="max-w-xl"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Code"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          autoFocus
          placeholder="WANTOK10"
          className="font-mono uppercase"
          hint="Letters, digits and hyphens; shoppers may type it in any case."
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioList
              legend="What it gives"
              name="discount-kind"
              options={optionsFrom(discountKindLabels)}
              value={field.value}
              onChange={field.onChange}
              className="[&>div]:grid-cols-1 sm:[&>div]:grid-cols-3"
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {kind !== 'free-delivery' && (
            <TextField
              label={kind === 'percent' ? 'Percentage (%)' : 'Amount (K)'}
              inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={kind === 'percent' ? 'e.g. 10' : 'e.g. 20.00'}
              error={errors.value?.message}
              {...form.register('value')}
            />
          )}
          <TextField
            label="Minimum spend (K, optional)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="No minimum"
            hint="On the products the code applies to, before the code."
            error={errors.minSpend?.message}
            {...form.register('minSpend')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            type="datetime-local"
            label="Starts (optional)"
            hint="Port Moresby time."
            error={errors.startsAt?.message}
            {...form.register('startsAt')}
          />
          <TextField
            type="datetime-local"
            label="Ends (optional)"
            hint="Port Moresby time; the code stops at this minute."
            error={errors.endsAt?.message}
            {...form.register('endsAt')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Uses in all (optional)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
            error={errors.maxUses?.message}
            {...form.register('maxUses')}
          />
          <TextField
            label="Uses per shopper (optional)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
            hint="By account or e-mail address."
            error={errors.maxUsesPerShopper?.message}
            {...form.register('maxUsesPerShopper')}
          />
        </div>
        <FieldsetFrame
          legend="Only these categories (optional)"
          hint="None ticked, and no products below: the code applies to everything but the membership."
          error={errors.categories?.message}
        >
          <div className="flex flex-wrap gap-2">
            {(categories.data?.categories ?? []).map((category) => (
              <label
                key={category.id}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-control px-3 text-sm text-stone-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-focus"
              >
                <input
                  type="checkbox"
                  value={category.slug}
                  className="size-4 accent-brand-600"
                  {...form.register('categories')}
                />
                {category.name}
                {category.hidden && <span className="text-xs text-muted">(hidden)</span>}
              </label>
            ))}
          </div>
        </FieldsetFrame>
        <TextField
          label="Only these products (optional)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 12, 40"
          hint="Product numbers from the Product Inventory, separated by commas."
          error={errors.productIds?.message}
          {...form.register('productIds')}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="size-4 accent-brand-600" {...form.register('active')} />
          Active: shoppers can use it (untick to pause it)
        </label>
        <DialogButtons busy={save.isPending} label={code ? 'Save' : 'Add code'} busyLabel="Saving…" variant="primary" />
      </form>
    </Dialog>
  );
}
