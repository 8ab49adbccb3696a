import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PaymentSettings,
  type PaymentSettingsInput,
  paymentMethodMessages,
  paymentSettingsSchema,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { api, ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';

const settingsKey = ['admin', 'settings', 'payments'] as const;
const fields = [
  'cardEnabled',
  'bankTransferEnabled',
  'pickupEnabled',
  'bankAccountName',
  'bankName',
  'bankBsb',
  'bankAccountNumber',
  'bankTransferHoldHours',
  'pickupDeadlineDays',
  'holdUnitsPerShopper',
  'holdValuePerShopperToea',
  'holdUnitsPerAddress',
  'holdValuePerAddressToea',
  'holdStockSharePercent',
  'unconfirmedHoldMinutes',
] as const;

/*
 * Issue 28: the two value caps are typed in kina; the form keeps kina and the schema (toea) sees them converted,
 * so its messages and bounds stay the one contract.
 */
const kinaFields = ['holdValuePerShopperToea', 'holdValuePerAddressToea'] as const;

function toForm(settings: PaymentSettings): PaymentSettingsInput {
  return {
    ...settings,
    holdValuePerShopperToea: settings.holdValuePerShopperToea / 100,
    holdValuePerAddressToea: settings.holdValuePerAddressToea / 100,
  };
}

const schemaResolver = zodResolver(paymentSettingsSchema);
const kinaResolver: Resolver<PaymentSettingsInput, unknown, PaymentSettings> = (values, context, options) => {
  const inToea = { ...values };
  for (const field of kinaFields) {
    const kina = values[field];
    inToea[field] = typeof kina === 'number' && Number.isFinite(kina) ? Math.round(kina * 100) : kina;
  }
  return schemaResolver(inToea, context, options) as ReturnType<
    Resolver<PaymentSettingsInput, unknown, PaymentSettings>
  >;
};

function usePaymentSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<PaymentSettings>('/admin/settings/payments', { signal }),
  });
}

function useSavePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsInput) =>
      api<{ settings: PaymentSettings; message: string }>('/admin/settings/payments', { method: 'PUT', body }),
    onSuccess: async (answer) => {
      client.setQueryData(settingsKey, answer.settings);
      await client.invalidateQueries({ queryKey: ['payments', 'methods'] });
    },
  });
}

/** /settings, "Payment methods" (issue 19): which ways to pay are on, the bank account, hold and pickup times. */
export function PaymentSettingsSection() {
  const settings = usePaymentSettings();
  const headingId = useId();
  return (
    <section id="payments" aria-labelledby={headingId} className="mt-8 scroll-mt-6">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-stone-900">
        Payment methods
      </h2>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <PaymentSettingsForm key={settings.dataUpdatedAt} defaults={settings.data} />
      )}
    </section>
  );
}

function Toggle({
  label,
  hint,
  ...input
}: { label: string; hint: string } & ReturnType<ReturnType<typeof useForm<PaymentSettingsInput>>['register']>) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-control px-3 py-3 has-checked:border-brand-600 has-checked:bg-brand-50">
      <input type="checkbox" className="mt-1 size-4 accent-brand-600" {...input} />
      <span>
        <span className="block font-semibold text-stone-900">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
}

function PaymentSettingsForm({ defaults }: { defaults: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const form = useForm<PaymentSettingsInput, unknown, PaymentSettings>({
    resolver: kinaResolver,
    defaultValues: toForm(defaults),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (answer) => {
        form.reset(toForm(answer.settings));
        toast.success(paymentMethodMessages.settingsSaved);
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, fields);
        toast.error(
          error instanceof ApiError && error.status === 400
            ? error.message
            : 'Could not save the payment settings. Please try again.',
        );
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <p className="text-sm text-stone-600">
        The ways to pay offered at checkout and on the Premium page. Bank-transfer and pay-at-pickup orders hold their
        items until paid or collected; staff record the payment in the order’s view.
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-stone-800">Offer at checkout</legend>
        <Toggle
          label="Card"
          hint="Paid online through the card provider (test mode is labelled at checkout)."
          {...form.register('cardEnabled')}
        />
        <Toggle
          label="Bank transfer / mobile banking"
          hint="BSP *131#, Kina Bank *525#, MiBank and other wallets, with a payment reference."
          {...form.register('bankTransferEnabled')}
        />
        <Toggle
          label="Pay at pickup"
          hint="Cash or EFTPOS at the counter, only for orders collected at a pickup point."
          {...form.register('pickupEnabled')}
        />
        {errors.cardEnabled?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.cardEnabled.message}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Account name" error={errors.bankAccountName?.message} {...form.register('bankAccountName')} />
        <TextField label="Bank" error={errors.bankName?.message} {...form.register('bankName')} />
        <TextField label="BSB" inputMode="numeric" error={errors.bankBsb?.message} {...form.register('bankBsb')} />
        <TextField
          label="Account number"
          inputMode="numeric"
          error={errors.bankAccountNumber?.message}
          {...form.register('bankAccountNumber')}
        />
        <TextField
          label="Bank transfer hold (hours)"
          type="number"
          min={12}
          max={336}
          step={1}
          inputMode="numeric"
          hint="How long the items are held while the shopper pays. A reminder goes 12 hours before the end."
          error={errors.bankTransferHoldHours?.message}
          {...form.register('bankTransferHoldHours', { valueAsNumber: true })}
        />
        <TextField
          label="Pickup deadline (days)"
          type="number"
          min={1}
          max={30}
          step={1}
          inputMode="numeric"
          hint="How long a pay-at-pickup order waits at the counter."
          error={errors.pickupDeadlineDays?.message}
          {...form.register('pickupDeadlineDays', { valueAsNumber: true })}
        />
      </div>
      <fieldset className="flex flex-col gap-3 border-t border-stone-200 pt-5">
        <legend className="text-base font-bold text-stone-900">Fair holds for pay-later orders</legend>
        <p className="text-sm text-stone-600">
          Unpaid bank-transfer and pay-at-pickup orders keep their items off sale. These limits stop one shopper, or one
          internet address, from holding your stock. Card payments are never limited by them. Many phones in PNG share
          one internet address, so keep the address limits large.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Items per shopper"
            type="number"
            min={1}
            max={1000}
            step={1}
            inputMode="numeric"
            hint="Items one shopper’s unpaid orders may hold at once (by account, or a guest’s e-mail)."
            error={errors.holdUnitsPerShopper?.message}
            {...form.register('holdUnitsPerShopper', { valueAsNumber: true })}
          />
          <TextField
            label="Value per shopper (kina)"
            type="number"
            min={1}
            max={1_000_000}
            step={1}
            inputMode="numeric"
            hint="The most one shopper’s unpaid orders may be worth at once."
            error={errors.holdValuePerShopperToea?.message}
            {...form.register('holdValuePerShopperToea', { valueAsNumber: true })}
          />
          <TextField
            label="Items per internet address"
            type="number"
            min={1}
            max={100_000}
            step={1}
            inputMode="numeric"
            hint="A backstop for guests on one address (a phone network’s shared address counts as one)."
            error={errors.holdUnitsPerAddress?.message}
            {...form.register('holdUnitsPerAddress', { valueAsNumber: true })}
          />
          <TextField
            label="Value per internet address (kina)"
            type="number"
            min={1}
            max={20_000_000}
            step={1}
            inputMode="numeric"
            hint="The same backstop, as the value of the unpaid orders."
            error={errors.holdValuePerAddressToea?.message}
            {...form.register('holdValuePerAddressToea', { valueAsNumber: true })}
          />
          <TextField
            label="Share of a product’s stock (%)"
            type="number"
            min={10}
            max={100}
            step={1}
            inputMode="numeric"
            hint="Unpaid orders may hold at most this share of a product; the rest stays on sale. A last unit can always be reserved."
            error={errors.holdStockSharePercent?.message}
            {...form.register('holdStockSharePercent', { valueAsNumber: true })}
          />
          <TextField
            label="Hold until a guest confirms (minutes)"
            type="number"
            min={5}
            max={60}
            step={1}
            inputMode="numeric"
            hint="A guest confirms the order from the e-mail in this time; the full hold starts then."
            error={errors.unconfirmedHoldMinutes?.message}
            {...form.register('unconfirmedHoldMinutes', { valueAsNumber: true })}
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save payment settings'}
        </Button>
      </div>
    </form>
  );
}
