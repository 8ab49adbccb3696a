import { useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../../i18n/react';

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
