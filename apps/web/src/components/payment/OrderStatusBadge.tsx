import type { ShopperOrderStatus, ShopperOrderStatusKind, ShopperStatusTone } from '@bilum/shared/order-status';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { sharedText } from './shared-texts';

/** Badge colours of the shopper's order status (WCAG AA text on each tint). */
export const statusToneClasses: Record<ShopperStatusTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  blue: 'bg-sky-100 text-sky-800 ring-sky-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  grey: 'bg-stone-100 text-stone-700 ring-stone-200',
};

/** The words of each status (`shopperStatusLabels` in English); part-paid's carry its amounts (shared-texts.ts). */
export const statusLabelKeys: Record<Exclude<ShopperOrderStatusKind, 'part-paid'>, MessageId> = {
  'awaiting-payment': 'track.status.awaitingPayment',
  'pay-at-pickup': 'track.status.payAtPickup',
  'payment-not-completed': 'track.status.paymentNotCompleted',
  pending: 'track.status.pending',
  processing: 'track.status.processing',
  'ready-for-pickup': 'track.status.readyForPickup',
  collected: 'track.status.collected',
  dispatched: 'track.status.dispatched',
  delivered: 'track.status.delivered',
  cancelled: 'track.status.cancelled',
  refunded: 'track.status.refunded',
  'premium-active': 'track.status.premiumActive',
};

/**
 * Issue 27: what the shopper is told an order is ("Part-paid: K100.00 of K179.00 received", "Ready for pickup",
 * "Collected"), from the server's `shopperOrderStatus`: tracking, the order history and My Orders.
 */
export function OrderStatusBadge({ status, className }: { status: ShopperOrderStatus; className?: string }) {
  const t = useT();
  return (
    <span
      data-tone={status.tone}
      data-testid="order-status"
      className={cn(
        // rounded-2xl, not a pill: a long status ("Part-paid: K100.00 of K179.00 received") may wrap on a phone.
        'inline-flex rounded-2xl px-3 py-1 text-sm font-semibold ring-1',
        statusToneClasses[status.tone],
        className,
      )}
    >
      {status.kind === 'part-paid' ? sharedText(t, status.label) : t(statusLabelKeys[status.kind])}
    </span>
  );
}
