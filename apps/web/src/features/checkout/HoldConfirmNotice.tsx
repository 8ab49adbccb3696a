import { checkoutMessages } from '@bilum/shared/checkout';
import { formatShopDateTime } from '../../lib/dates';

/** Issue 28: confirm within the short hold, or the items go back on sale. */
export function HoldConfirmNotice({ confirmBy, email }: { confirmBy: string; email: string }) {
  const minutes = Math.max(1, Math.ceil((Date.parse(confirmBy) - Date.now()) / 60_000));
  return (
    <div role="status" className="rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 text-left text-amber-950">
      <p className="font-bold">{checkoutMessages.confirmWithin(Math.min(minutes, 60))}</p>
      <p className="mt-1 text-sm">
        Open the e-mail sent to <strong className="break-words">{email}</strong> and press its confirmation link by{' '}
        <strong>{formatShopDateTime(confirmBy)}</strong>. Then we hold your items for the full time.
      </p>
    </div>
  );
}
