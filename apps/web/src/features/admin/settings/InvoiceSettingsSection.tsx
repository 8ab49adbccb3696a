import { zodResolver } from '@hookform/resolvers/zod';
import { type InvoiceSettings, invoiceMessages, invoiceSettingsSchema } from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FieldFrame, fieldAria, inputClass, TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { api, ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { applyServerIssues } from '../../../lib/form-errors';

const settingsKey = ['admin', 'settings', 'invoice'] as const;
const fields = ['legalName', 'tin', 'address'] as const;

function useInvoiceSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<{ settings: InvoiceSettings }>('/admin/settings/invoice', { signal }),
  });
}

function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettings) =>
      api<{ settings: InvoiceSettings; message: string }>('/admin/settings/invoice', { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, { settings: answer.settings }),
  });
}

/** /settings, "Tax invoice": the legal name, TIN and address every GST tax invoice carries (issue 19). */
export function InvoiceSettingsSection() {
  const settings = useInvoiceSettings();
  const headingId = useId();
  return (
    <section id="tax-invoice" aria-labelledby={headingId} className="mt-8 scroll-mt-6">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-stone-900">
        Tax invoice
      </h2>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <InvoiceSettingsForm key={settings.dataUpdatedAt} defaults={settings.data.settings} />
      )}
    </section>
  );
}

function InvoiceSettingsForm({ defaults }: { defaults: InvoiceSettings }) {
  const save = useSaveInvoiceSettings();
  const addressId = useId();
  const form = useForm<InvoiceSettings>({ resolver: zodResolver(invoiceSettingsSchema), defaultValues: defaults });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (answer) => {
        form.reset(answer.settings);
        toast.success(invoiceMessages.saved);
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, fields);
        toast.error(
          error instanceof ApiError && error.status === 400
            ? error.message
            : 'Could not save the invoice details. Please try again.',
        );
      },
    }),
  );

  const addressHint = 'Printed under the name; one line per row.';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <p className="text-sm text-stone-600">
        Printed on every GST tax invoice issued from now on (the page and the PDF sent with the confirmation e-mail).
        Invoices already issued keep the details they were issued with.
      </p>
      <TextField
        label="Legal name"
        autoComplete="organization"
        error={errors.legalName?.message}
        {...form.register('legalName')}
      />
      <TextField
        label="TIN"
        inputMode="numeric"
        autoComplete="off"
        hint="The IRC Taxpayer Identification Number of the business."
        error={errors.tin?.message}
        {...form.register('tin')}
      />
      <FieldFrame id={addressId} label="Invoice address" error={errors.address?.message} hint={addressHint}>
        <textarea
          rows={3}
          {...form.register('address')}
          {...fieldAria(addressId, errors.address?.message, addressHint)}
          className={cn(inputClass, 'h-auto py-2')}
        />
      </FieldFrame>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save invoice details'}
        </Button>
      </div>
    </form>
  );
}
