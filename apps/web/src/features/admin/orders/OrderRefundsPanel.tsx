import { type AdminOrder, formatKina, nameWithVariant, parseKina, refundMessages } from '@bilum/shared';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputBaseClass, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useCreateRefund, useOrderRefunds } from './orders.api';

type Mode = 'lines' | 'amount';

/**
 * Partial refunds (issue 21, decision 018): of lines (optionally back to stock) or of an amount, with a reason; a
 * card is refunded through the provider, a bank transfer or pickup payment is recorded (returned by hand).
 */
export function OrderRefundsPanel({ order }: { order: AdminOrder }) {
  const refunds = useOrderRefunds(order.id);
  const create = useCreateRefund(order.id);
  const [mode, setMode] = useState<Mode>('lines');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | undefined>();
  const id = `refund-${order.id}`;

  if (refunds.isPending) return <p className="text-sm text-muted">Loading refunds…</p>;
  if (refunds.isError) return <p className="text-sm text-red-800">Could not load the refunds.</p>;
  const state = refunds.data;
  // An order that ended unpaid with nothing received has nothing to refund; with money, only an amount (issue 27).
  if (state.paid === 0 && state.refunds.length === 0) return null;
  const linesOffered = state.lines.length > 0;
  const chosen: Mode = linesOffered ? mode : 'amount';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setError(refundMessages.reasonRequired);
    let body;
    if (chosen === 'lines') {
      // Keyed by variant (issue 30): two variants of one product are two lines.
      const lines = state.lines
        .map((line) => ({
          productId: line.productId,
          variantId: line.variantId,
          quantity: Number(quantities[line.variantId] ?? ''),
        }))
        .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
      if (lines.length === 0) return setError(refundMessages.linesOrAmount);
      body = { lines, restock, reason: reason.trim(), requestId };
    } else {
      const toea = parseKina(amount);
      if (toea === null || toea <= 0) return setError('Enter an amount in kina, e.g. 25.00.');
      body = { amount: toea, reason: reason.trim(), requestId };
    }
    setError(undefined);
    create.mutate(body, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setQuantities({});
        setAmount('');
        setReason('');
        setRequestId(crypto.randomUUID());
      },
      onError: (failure) =>
        setError(failure instanceof ApiError && !failure.isNetwork ? failure.message : refundMessages.failed),
    });
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-muted">
        Refunds
      </h3>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {(
          [
            [order.paymentStatus === 'cancelled' ? 'Received' : 'Paid', state.paid],
            ['Refunded', state.refunded],
            ['Left to refund', state.refundable],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-stone-200 px-3 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold text-stone-900">{formatKina(value)}</dd>
          </div>
        ))}
      </dl>
      {state.refunds.length > 0 && (
        <ol className="flex flex-col gap-1 text-sm text-stone-700">
          {state.refunds.map((refund) => (
            <li key={refund.id} className={refund.status === 'failed' ? 'text-red-800' : undefined}>
              {refund.status === 'failed' && <span className="font-semibold">Failed: </span>}
              {formatDateTime(refund.at)}: {formatKina(refund.amount)}{' '}
              {refund.kind === 'card' ? 'to the card' : 'returned by hand'}
              {refund.status === 'pending' ? ' (pending)' : ''}
              {refund.status === 'failed' ? ' (the card provider refused it; nothing was refunded)' : ''}
              {refund.restocked ? ', units back in stock' : ''} by {refund.by}: {refund.reason}
            </li>
          ))}
        </ol>
      )}
      {state.refundable > 0 && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-md border border-stone-200 p-3">
          {linesOffered && (
            <fieldset className="flex flex-wrap gap-4 text-sm">
              <legend className="sr-only">Refund</legend>
              {(['lines', 'amount'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="h-4 w-4"
                  />
                  {value === 'lines' ? 'Refund items' : 'Refund an amount'}
                </label>
              ))}
            </fieldset>
          )}
          {chosen === 'lines' ? (
            <>
              <ul className="flex flex-col gap-2">
                {state.lines.map((line) => (
                  <li key={line.variantId} className="flex items-center justify-between gap-3 text-sm">
                    <label htmlFor={`${id}-line-${line.variantId}`} className="min-w-0 flex-1 break-words">
                      {nameWithVariant(line.productName, line.variantLabel)} (
                      {formatKina(Math.round(line.paid / line.units))} each, {line.refundable} left)
                    </label>
                    <input
                      id={`${id}-line-${line.variantId}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.refundable}
                      disabled={line.refundable === 0}
                      value={quantities[line.variantId] ?? ''}
                      placeholder="0"
                      onChange={(event) => setQuantities({ ...quantities, [line.variantId]: event.target.value })}
                      className={`${inputBaseClass} w-20 shrink-0`}
                    />
                  </li>
                ))}
              </ul>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={restock}
                  onChange={(event) => setRestock(event.target.checked)}
                  className="h-4 w-4"
                />
                Return the refunded units to stock
              </label>
            </>
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-amount`} className="text-sm font-medium text-stone-700">
                Amount (kina, at most {formatKina(state.refundable)})
              </label>
              <input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                className={`${inputBaseClass} w-full sm:w-48`}
              />
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium text-stone-700">
              Reason for the refund
            </label>
            <input
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              className={inputClass}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" variant="danger" size="sm" disabled={create.isPending}>
              {create.isPending ? 'Refunding…' : 'Refund'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
