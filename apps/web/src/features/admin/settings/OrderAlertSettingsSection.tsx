import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useOrderAlertSettings, useSaveOrderAlertSettings } from './settings.api';

/**
 * /settings, "Order e-mails" (issue 21, decision 018): the shop's order address, which is told when an order is
 * paid and when a bank-transfer order is placed. Empty = the contact e-mail.
 */
export function OrderAlertSettingsSection() {
  const settings = useOrderAlertSettings();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-stone-900">
        Order e-mails
      </h2>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <OrderAlertForm
          key={settings.dataUpdatedAt}
          orderEmail={settings.data.orderEmail ?? ''}
          effectiveEmail={settings.data.effectiveEmail}
        />
      )}
    </section>
  );
}

function OrderAlertForm({ orderEmail, effectiveEmail }: { orderEmail: string; effectiveEmail: string }) {
  const save = useSaveOrderAlertSettings();
  const [value, setValue] = useState(orderEmail);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
      setError('Please enter a valid e-mail address.');
      return;
    }
    setError(undefined);
    save.mutate(
      { orderEmail: trimmed === '' ? null : trimmed },
      {
        onSuccess: () => toast.success('Order e-mail address saved.'),
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.status === 400
              ? failure.message
              : 'Could not save the order e-mail address. Please try again.',
          ),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <p className="text-sm text-stone-600">
        The shop is e-mailed when an order is paid and when a bank-transfer order is placed. They go to{' '}
        <strong className="break-all">{effectiveEmail}</strong> now.
      </p>
      <TextField
        label="Order e-mail address"
        type="email"
        autoComplete="email"
        hint="Leave empty to use the contact e-mail."
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save order e-mail'}
        </Button>
      </div>
    </form>
  );
}
