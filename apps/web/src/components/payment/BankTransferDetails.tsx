import { formatKina } from '@bilum/shared/money';
import type { BankTransferInstructions } from '@bilum/shared/payment-methods.schema';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { formatShopDeadline } from '../../lib/dates';
import { localDate } from './shop-dates';
import { richText } from './rich-text';
import { sharedText } from './shared-texts';

/** Copies a value to the clipboard and says so. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('payment.copy.done', { label }), { duration: 2000 });
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t('payment.copy.failed'));
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={t('payment.copy.label', { label })}
      className="rounded-md border border-stone-300 bg-white px-2.5 py-1 text-xs font-semibold text-stone-700 hover:bg-stone-100"
    >
      {copied ? t('payment.copy.copied') : t('payment.copy.button')}
    </button>
  );
}

/**
 * Exactly what to do to pay by bank transfer: the confirmation, tracking and order history pages. Issue 27: the
 * payment reference first and largest, and said not to be the tracking code, so a shopper in the *131# menu
 * quotes the right one.
 */
export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  const t = useT();
  // Unique per use: the order history shows one for each transfer awaited (issue 27).
  const headingId = useId();
  const rows: [MessageId, string, boolean][] = [
    ['payment.bank.amountToPay', formatKina(instructions.amountDue), false],
    ['payment.bank.accountName', instructions.accountName, false],
    ['payment.bank.bank', instructions.bankName, false],
    ['payment.bank.bsb', instructions.bsb, true],
    ['payment.bank.accountNumber', instructions.accountNumber, true],
  ];
  const deadline = instructions.holdExpiresAt ? (
    <strong>{localDate(t, formatShopDeadline(instructions.holdExpiresAt))}</strong>
  ) : null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-left text-stone-900 sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {t('payment.bank.howToPay')}
      </h2>
      <div className="mt-3 rounded-xl border-2 border-amber-400 bg-white px-4 py-3" data-testid="payment-reference-box">
        <p className="text-xs font-semibold tracking-wide text-stone-700 uppercase">{t('payment.bank.reference')}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p
            className="font-mono text-2xl font-extrabold tracking-wider whitespace-nowrap sm:text-3xl"
            data-testid="payment-reference"
          >
            {instructions.reference}
          </p>
          <CopyButton value={instructions.reference} label={t('payment.bank.reference')} />
        </div>
        <p className="mt-1 text-sm">
          {richText(t, 'payment.bank.quoteReference', {
            amount: <strong>{formatKina(instructions.amountDue)}</strong>,
          })}
        </p>
      </div>
      {deadline && (
        <p className="mt-3 text-sm">
          {instructions.membership
            ? richText(t, 'payment.bank.payByMembership', { deadline })
            : richText(t, 'payment.bank.holdUntil', { deadline })}
        </p>
      )}
      <dl className="mt-3 grid gap-2 text-sm">
        {rows.map(([label, value, copy]) => (
          <div key={label} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white px-3 py-2">
            <dt className="text-stone-700">{t(label)}</dt>
            <dd className="flex items-center gap-2 font-semibold">
              <span>{value}</span>
              {copy && <CopyButton value={value} label={t(label)} />}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold">{t('payment.bank.fromPhone')}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {instructions.mobileBanking.map((step) => (
          <li key={step}>{sharedText(t, step)}</li>
        ))}
      </ul>
    </section>
  );
}
