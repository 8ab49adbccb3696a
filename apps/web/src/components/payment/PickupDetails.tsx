import { formatKina } from '@bilum/shared/money';
import type { PickupInfo } from '@bilum/shared/payment-methods.schema';
import { useId } from 'react';
import { useT } from '../../i18n/react';
import { formatShopDateTime } from '../../lib/dates';
import { localDate } from './shop-dates';

/**
 * Issue 27: a pickup order's amount to pay at the counter, the place (name, address, opening hours) and the
 * collect-by time, in that order: the confirmation, tracking and order history pages.
 */
export function PickupDetails({ pickup, title }: { pickup: PickupInfo; title?: string }) {
  const t = useT();
  const headingId = useId();
  const due = pickup.amountToPay > 0;
  // Amber while the shopper has something to do (pay, collect by a time); plain once it is done.
  const waiting = due || pickup.collectBy !== null;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border p-4 text-left text-stone-900 sm:p-5 ${
        waiting ? 'border-amber-300 bg-amber-50' : 'border-stone-200 bg-stone-50'
      }`}
    >
      <h2 id={headingId} className="text-lg font-bold">
        {title ?? t('payment.pickup.collectYourOrder')}
      </h2>
      <dl className="mt-3 grid gap-2 text-sm">
        {due && (
          <div className="rounded-lg bg-white px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-stone-700 uppercase">
              {t('payment.pickup.toPay')}
            </dt>
            <dd className="text-2xl font-extrabold" data-testid="pickup-amount">
              {formatKina(pickup.amountToPay)}
            </dd>
            <dd className="text-stone-700">{t('payment.pickup.cashOrEftpos')}</dd>
          </div>
        )}
        <div className="rounded-lg bg-white px-3 py-2">
          <dt className="text-xs font-semibold tracking-wide text-stone-700 uppercase">{t('payment.pickup.at')}</dt>
          <dd className="font-semibold break-words" data-testid="pickup-place">
            {pickup.name}
          </dd>
          {pickup.address && <dd className="break-words">{pickup.address}</dd>}
          {pickup.openingHours && (
            <dd className="text-stone-700">{t('payment.pickup.open', { hours: pickup.openingHours })}</dd>
          )}
        </div>
        {pickup.collectBy && (
          <div className="rounded-lg bg-white px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-stone-700 uppercase">
              {t('payment.pickup.collectBy')}
            </dt>
            <dd className="font-semibold" data-testid="pickup-collect-by">
              {localDate(t, formatShopDateTime(pickup.collectBy))}
            </dd>
            <dd className="text-stone-700">{t('payment.pickup.cancelledIfNot')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
