import {
  type AdminOrderPayment,
  type AdminOrderPaymentAnswer,
  type CounterPaymentMethod,
  counterPaymentLabels,
  formatKina,
  parseKina,
  paymentMethodLabels,
  paymentMethodMessages,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { api, ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { adminKeys } from '../shared/admin.api';

const paymentKey = (orderId: number) => [...adminKeys.orders, orderId, 'payment'] as const;

function useOrderPayment(orderId: number) {
  return useQuery({
    queryKey: paymentKey(orderId),
    queryFn: ({ signal }) => api<AdminOrderPayment>(`/admin/orders/${orderId}/payments`, { signal }),
  });
}

function usePaymentAction(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { path: 'payments' | 'collected'; body: object }) =>
      api<AdminOrderPaymentAnswer>(`/admin/orders/${orderId}/${action.path}`, { method: 'POST', body: action.body }),
    onSuccess: async (answer) => {
      // Here, not in the form: the form goes away once the order is paid (it is no longer awaiting payment).
      toast.success(answer.message);
      client.setQueryData(paymentKey(orderId), answer.payment);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.orders }),
        client.invalidateQueries({ queryKey: adminKeys.activity }),
      ]);
    },
  });
}

/** Today in Port Moresby as YYYY-MM-DD (the date field's default). */
const todayInPng = () => new Date(Date.now() + 10 * 60 * 60_000).toISOString().slice(0, 10);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * The order's payment in its admin view (issue 19): how it is paid, its reference, what has been received, the
 * payments staff recorded, and "Record payment" (bank transfer) or "Paid and collected" (pay at pickup).
 */
export function OrderPaymentPanel({ orderId }: { orderId: number }) {
  const payment = useOrderPayment(orderId);
  if (payment.isPending) return <Spinner label="Loading the payment…" />;
  if (payment.isError) return <ErrorState message={payment.error.message} onRetry={() => void payment.refetch()} />;
  const p = payment.data;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[7.5rem_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
        <Row label="Method">{paymentMethodLabels[p.method]}</Row>
        <Row label="State">
          <span className="font-semibold" data-testid="payment-state">
            {p.stateLabel}
          </span>
        </Row>
        {p.reference && (
          <Row label="Reference">
            <span className="font-mono">{p.reference}</span>
          </Row>
        )}
        {p.method !== 'card' && <Row label="Received">{formatKina(p.amountReceived)}</Row>}
        {p.outstanding > 0 && p.method !== 'card' && <Row label="Still to pay">{formatKina(p.outstanding)}</Row>}
        {p.overpaid > 0 && (
          <Row label={p.state === 'not-completed-refund-due' ? 'Owed back' : 'Over-paid'}>
            <span className="font-semibold text-red-800">Refund {formatKina(p.overpaid)}</span>
          </Row>
        )}
        {p.holdExpiresAt && (
          <Row label="Held until">
            {formatDateTime(p.holdExpiresAt)}
            {p.awaitingConfirmation && (
              <span className="block text-muted" data-testid="awaiting-confirmation">
                Not confirmed yet: the guest has until then to confirm from the e-mail, or the items go back on sale.
              </span>
            )}
          </Row>
        )}
      </dl>
      {p.payments.length > 0 && (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 text-sm">
          {p.payments.map((row) => (
            <li key={row.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>
                <span className="font-semibold">{formatKina(row.amount)}</span>{' '}
                {row.method === 'bank-transfer' ? `ref ${row.bankReference ?? ''}` : counterPaymentLabels[row.method]},
                received {row.receivedOn}
              </span>
              <span className="text-muted">
                by {row.recordedBy}, {formatDateTime(row.recordedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {p.canRecordPayment && <RecordPaymentForm orderId={orderId} outstanding={p.outstanding} />}
      {p.canMarkCollected && <CollectedForm orderId={orderId} total={p.total} />}
    </div>
  );
}

function RecordPaymentForm({ orderId, outstanding }: { orderId: number; outstanding: number }) {
  const action = usePaymentAction(orderId);
  const [amount, setAmount] = useState('');
  const [bankReference, setBankReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(todayInPng);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const toea = parseKina(amount);
    const found: Record<string, string> = {};
    if (toea === null || toea <= 0) found.amount = paymentMethodMessages.amountPositive;
    if (bankReference.trim() === '') found.bankReference = paymentMethodMessages.bankReferenceRequired;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)) found.receivedOn = paymentMethodMessages.receivedOnInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0 || toea === null) return;
    action.mutate(
      { path: 'payments', body: { amount: toea, bankReference, receivedOn } },
      {
        onSuccess: () => {
          setAmount('');
          setBankReference('');
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fromServer: Record<string, string> = {};
            for (const issue of error.issues) fromServer[issue.path] = issue.message;
            setErrors(fromServer);
          }
          toast.error(error instanceof ApiError ? error.message : 'Could not record the payment. Please try again.');
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
    >
      <h4 className="font-semibold text-stone-900">Mark as paid</h4>
      <p className="text-sm text-stone-600">
        Record money that reached the bank account for this order ({formatKina(outstanding)} still to pay). Part
        payments add up.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Amount received (K)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
        <TextField
          label="Bank's reference"
          autoComplete="off"
          value={bankReference}
          onChange={(event) => setBankReference(event.target.value)}
          error={errors.bankReference}
        />
        <TextField
          label="Date received"
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
          error={errors.receivedOn}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? 'Recording…' : 'Record payment'}
        </Button>
      </div>
    </form>
  );
}

function CollectedForm({ orderId, total }: { orderId: number; total: number }) {
  const action = usePaymentAction(orderId);
  const [method, setMethod] = useState<CounterPaymentMethod>('cash');
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      { path: 'collected', body: { method } },
      {
        onError: (error) =>
          toast.error(error instanceof ApiError ? error.message : 'Could not record the collection. Please try again.'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <fieldset>
        <legend className="font-semibold text-stone-900">Paid at the counter ({formatKina(total)})</legend>
        <div className="mt-2 flex gap-2">
          {(Object.keys(counterPaymentLabels) as CounterPaymentMethod[]).map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-control bg-white px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="size-4 accent-brand-600"
              />
              {counterPaymentLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? 'Saving…' : 'Paid and collected'}
        </Button>
      </div>
    </form>
  );
}
