import { formatKina } from '@bilum/shared/money';
import type { BankTransferInstructions } from '@bilum/shared/payment-methods.schema';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatShopDeadline } from '../../lib/dates';

/** Copies a value to the clipboard and says so. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${label} copied.`, { duration: 2000 });
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy. Please select the text and copy it.');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`Copy ${label}`}
      className="rounded-md border border-stone-300 bg-white px-2.5 py-1 text-xs font-semibold text-stone-700 hover:bg-stone-100"
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/**
 * Exactly what to do to pay by bank transfer: the confirmation, tracking and order history pages. Issue 27: the
 * payment reference first and largest, and said not to be the tracking code, so a shopper in the *131# menu
 * quotes the right one.
 */
export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  // Unique per use: the order history shows one for each transfer awaited (issue 27).
  const headingId = useId();
  const rows: [string, string, boolean][] = [
    ['Amount to pay', formatKina(instructions.amountDue), false],
    ['Account name', instructions.accountName, false],
    ['Bank', instructions.bankName, false],
    ['BSB', instructions.bsb, true],
    ['Account number', instructions.accountNumber, true],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-left text-stone-900 sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold">
        How to pay
      </h2>
      <div className="mt-3 rounded-xl border-2 border-amber-400 bg-white px-4 py-3" data-testid="payment-reference-box">
        <p className="text-xs font-semibold tracking-wide text-stone-700 uppercase">Payment reference</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p
            className="font-mono text-2xl font-extrabold tracking-wider whitespace-nowrap sm:text-3xl"
            data-testid="payment-reference"
          >
            {instructions.reference}
          </p>
          <CopyButton value={instructions.reference} label="Payment reference" />
        </div>
        <p className="mt-1 text-sm">
          Quote it when you pay <strong>{formatKina(instructions.amountDue)}</strong>, so we can match your payment. It
          is not your tracking code.
        </p>
      </div>
      {instructions.holdExpiresAt && (
        <p className="mt-3 text-sm">
          {instructions.membership ? (
            <>
              Please pay by <strong>{formatShopDeadline(instructions.holdExpiresAt)}</strong> (Port Moresby time): your
              Premium membership starts as soon as the payment reaches us.
            </>
          ) : (
            <>
              We hold your items until <strong>{formatShopDeadline(instructions.holdExpiresAt)}</strong> (Port Moresby
              time).
            </>
          )}
        </p>
      )}
      <dl className="mt-3 grid gap-2 text-sm">
        {rows.map(([label, value, copy]) => (
          <div key={label} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white px-3 py-2">
            <dt className="text-stone-700">{label}</dt>
            <dd className="flex items-center gap-2 font-semibold">
              <span>{value}</span>
              {copy && <CopyButton value={value} label={label} />}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold">Paying from your phone</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {instructions.mobileBanking.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </section>
  );
}
