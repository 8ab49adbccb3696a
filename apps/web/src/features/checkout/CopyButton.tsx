import { useState } from 'react';
import { toast } from 'sonner';

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
