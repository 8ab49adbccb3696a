import { formatKina } from '@bilum/shared';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { sharedText } from '../payment/shared-texts';

interface OrderTotalsProps {
  subtotalLabel?: string;
  /** toea, at the original prices. */
  subtotal: number;
  /** toea; the line shows only when the caller says it does (above K0.01, `showsSaving`). */
  savings: number | null;
  shipping: number;
  /** Under Shipping: the delivery zone and its days, or why it is free (issue 19). */
  shippingNote?: string | null;
  /** A discount code's discount (issue 30), toea, and the code it came with: a line above the total when above 0. */
  discount?: number;
  discountCode?: string | null;
  total: number;
  className?: string;
  testIds?: { subtotal?: string; total?: string };
}

/** The totals of a cart or an order: subtotal, the saving line when there is one, shipping and the total. */
export function OrderTotals({
  subtotalLabel,
  subtotal,
  savings,
  shipping,
  shippingNote,
  discount = 0,
  discountCode = null,
  total,
  className,
  testIds = {},
}: OrderTotalsProps) {
  const t = useT();
  return (
    <dl className={cn('space-y-2 text-sm', className)}>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{subtotalLabel ?? t('checkout.totals.subtotal')}</dt>
        <dd className="font-medium text-stone-900" data-testid={testIds.subtotal}>
          {formatKina(subtotal)}
        </dd>
      </div>
      {savings !== null && (
        <div className="flex justify-between gap-4 text-emerald-700">
          <dt>{t('checkout.totals.savings')}</dt>
          <dd className="font-medium">−{formatKina(savings)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">
          {t('checkout.totals.shipping')}
          {shippingNote && <span className="block text-xs text-muted">{sharedText(t, shippingNote)}</span>}
        </dt>
        <dd className="font-medium text-stone-900" data-testid="order-shipping">
          {formatKina(shipping)}
        </dd>
      </div>
      {discount > 0 && (
        <div className="flex justify-between gap-4 text-emerald-700">
          <dt>
            {discountCode ? t('checkout.totals.discountCode', { code: discountCode }) : t('checkout.totals.discount')}
          </dt>
          <dd className="font-medium" data-testid="order-discount">
            −{formatKina(discount)}
          </dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
        <dt className="font-bold text-stone-900">{t('checkout.totals.total')}</dt>
        <dd className="font-bold text-stone-900" data-testid={testIds.total}>
          {formatKina(total)}
        </dd>
      </div>
    </dl>
  );
}
