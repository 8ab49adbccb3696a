import { formatKina } from '@bilum/shared';
import { cn } from '../../lib/cn';

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
  subtotalLabel = 'Subtotal',
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
  return (
    <dl className={cn('space-y-2 text-sm', className)}>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{subtotalLabel}</dt>
        <dd className="font-medium text-stone-900" data-testid={testIds.subtotal}>
          {formatKina(subtotal)}
        </dd>
      </div>
      {savings !== null && (
        <div className="flex justify-between gap-4 text-emerald-700">
          <dt>Savings</dt>
          <dd className="font-medium">−{formatKina(savings)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">
          Shipping
          {shippingNote && <span className="block text-xs text-muted">{shippingNote}</span>}
        </dt>
        <dd className="font-medium text-stone-900" data-testid="order-shipping">
          {formatKina(shipping)}
        </dd>
      </div>
      {discount > 0 && (
        <div className="flex justify-between gap-4 text-emerald-700">
          <dt>Discount{discountCode ? ` (${discountCode})` : ''}</dt>
          <dd className="font-medium" data-testid="order-discount">
            −{formatKina(discount)}
          </dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
        <dt className="font-bold text-stone-900">Total</dt>
        <dd className="font-bold text-stone-900" data-testid={testIds.total}>
          {formatKina(total)}
        </dd>
      </div>
    </dl>
  );
}
