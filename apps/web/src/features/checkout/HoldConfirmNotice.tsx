import { formatShopDateTime } from '../../lib/dates';
import { localDate } from '../../components/payment/shop-dates';
import { richText } from '../../components/payment/rich-text';
import { useT } from '../../i18n/react';

/** Issue 28: confirm within the short hold, or the items go back on sale. */
export function HoldConfirmNotice({ confirmBy, email }: { confirmBy: string; email: string }) {
  const t = useT();
  const minutes = Math.max(1, Math.ceil((Date.parse(confirmBy) - Date.now()) / 60_000));
  return (
    <div role="status" className="rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 text-left text-amber-950">
      <p className="font-bold">{t('checkout.hold.confirmWithin', { minutes: Math.min(minutes, 60) })}</p>
      <p className="mt-1 text-sm">
        {richText(t, 'checkout.hold.openEmail', {
          email: <strong className="break-words">{email}</strong>,
          time: <strong>{localDate(t, formatShopDateTime(confirmBy))}</strong>,
        })}
      </p>
    </div>
  );
}
