import { cartSummary, formatKina, memberSavingPercent, showsSaving } from '@bilum/shared';
import type { CheckoutOrder, CheckoutQuote } from '@bilum/shared/checkout.schema';
import { deliveryMessages } from '@bilum/shared/delivery';
import { Button } from '../../components/ui/button';
import { OrderTotals } from '../../components/ui/order-totals';
import { ProductImage } from '../../components/ui/product-image';
import { useT } from '../../i18n/react';
import { type CheckoutLineRef, checkoutLineKey } from '../../lib/checkout-handoff';
import { shippingNote } from '../../lib/delivery-estimate';
import { handedOverName, type UnavailableLine } from './checkout-quote';

export interface SummaryLine {
  key: string;
  name: string;
  image: string | null;
  quantity: number;
  lineTotal: number;
  /** The membership product is never at a member price. */
  isMembership: boolean;
}

export interface SummaryTotals {
  subtotal: number;
  total: number;
  shipping: number;
  /** What the delivery fee is for (issue 19): the zone and its days, or why it is free. */
  shippingNote?: string | null;
  /** A discount code's discount (issue 30), taken off before the total, and its code. */
  discount?: number;
  discountCode?: string | null;
}

/** The order's lines and totals as the server priced them. */
export function orderSummaryData(order: CheckoutOrder): { lines: SummaryLine[]; totals: SummaryTotals } {
  return {
    lines: order.lines.map((line) => ({
      key: `${line.productId}:${line.variantId}`,
      name: line.name,
      image: line.image,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      isMembership: line.isMembership,
    })),
    totals: { ...order.summary, shippingNote: shippingNote(order.delivery), discountCode: order.discountCode },
  };
}

/** Before the order is made: the available lines and the totals as the server prices them now (the quote). */
export function quoteSummaryData(quote: CheckoutQuote): { lines: SummaryLine[]; totals: SummaryTotals } {
  return {
    lines: quote.lines
      .filter((line) => line.status === 'available')
      .map((line) => ({
        key: `${line.productId}:${line.variantId}`,
        name: line.name,
        image: line.image,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
        isMembership: line.isMembership,
      })),
    totals: {
      ...quote.summary,
      discountCode: quote.discountCode?.refusal === null ? quote.discountCode.code : null,
      shippingNote:
        quote.delivery.zone === null && quote.delivery.freeBecause === null
          ? deliveryMessages.chooseProvince
          : shippingNote(quote.delivery),
    },
  };
}

/** Before the server has priced the order: the prices the shopper last saw, marked as a preview. */
export function previewSummaryData(lines: readonly CheckoutLineRef[]): { lines: SummaryLine[]; totals: SummaryTotals } {
  const summary = cartSummary(
    lines.map((line) => ({
      unitPrice: line.previewPrice,
      originalPrice: line.previewOriginalPrice,
      quantity: line.quantity,
      available: true,
    })),
  );
  return {
    lines: lines.map((line) => ({
      key: checkoutLineKey(line),
      name: handedOverName(line) || `Product ${line.productId}`,
      image: line.image,
      quantity: line.quantity,
      lineTotal: line.previewPrice * line.quantity,
      isMembership: line.isMembership,
    })),
    totals: summary,
  };
}

/** A line's thumbnail; a line left out of the order is dimmed. */
function LineImage({ src, dimmed = false }: { src: string | null; dimmed?: boolean }) {
  return (
    <ProductImage
      src={src}
      alt=""
      width={56}
      height={56}
      className={`size-14 shrink-0 rounded-lg border border-stone-200 text-[10px]${dimmed ? ' opacity-50 grayscale' : ''}`}
    />
  );
}

interface OrderSummaryProps {
  lines: SummaryLine[];
  totals: SummaryTotals;
  /** True until the server's order answer: the prices are the ones the shopper last saw. */
  preview?: boolean;
  title?: string;
  /**
   * The shopper's membership (the server session's): only an active member sees "You save N% as a valued
   * member!", with the membership's own saving. Guests pass nothing.
   */
  membership?: { isMember: boolean; discountRate: number };
  /** Lines the server will not sell now: greyed with "SOLD OUT!", outside the totals, with Remove. */
  unavailable?: readonly UnavailableLine[];
  onRemoveUnavailable?: (line: UnavailableLine) => void;
}

/**
 * The order summary of both checkouts: each line (image, name, quantity, line subtotal), the subtotal at the
 * original prices, the saving (only above K0.01), shipping and the total at the current prices, and for a member
 * the membership's own saving.
 */
export function OrderSummary({
  lines,
  totals,
  preview = false,
  title,
  membership = { isMember: false, discountRate: 0 },
  unavailable = [],
  onRemoveUnavailable,
}: OrderSummaryProps) {
  const t = useT();
  // The saving is on the goods: the delivery fee is not part of it, nor a discount code's line (shown on its own).
  const goods = totals.total - totals.shipping + (totals.discount ?? 0);
  const saving = showsSaving(totals.subtotal, goods);
  // For a member the server prices every line but the membership at the member price.
  const memberSaving = memberSavingPercent(
    membership,
    lines.map((line) => ({ unitPrice: line.lineTotal, quantity: 1, isMemberPrice: !line.isMembership })),
  );
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs"
    >
      <h2 id="order-summary-title" className="text-lg font-bold text-stone-900">
        {title ?? t('checkout.orderSummary')}
      </h2>
      <ul className="mt-4 divide-y divide-stone-100">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-3 py-3">
            <LineImage src={line.image} />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-stone-900">{line.name}</p>
              <p className="text-xs text-muted">{t('checkout.quantity', { quantity: line.quantity })}</p>
            </div>
            <p className="text-sm font-semibold text-stone-900">{formatKina(line.lineTotal)}</p>
          </li>
        ))}
        {unavailable.map((line) => (
          <li key={`unavailable-${checkoutLineKey(line)}`} className="flex items-center gap-3 py-3">
            <LineImage src={line.image} dimmed />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-muted">{line.name}</p>
              <p className="text-sm font-extrabold tracking-wide text-red-700">
                {t(line.label === 'Reserved' ? 'checkout.line.reserved' : 'checkout.line.soldOut')}
              </p>
              <p className="text-xs text-muted">{t('checkout.line.notIncluded')}</p>
            </div>
            {onRemoveUnavailable && (
              <Button
                variant="ghost"
                size="sm"
                className="px-2"
                aria-label={t('checkout.line.removeNamed', { name: line.name })}
                onClick={() => onRemoveUnavailable(line)}
              >
                {t('checkout.line.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <OrderTotals
        className="mt-2 border-t border-stone-200 pt-4"
        subtotal={totals.subtotal}
        savings={saving ? totals.subtotal - goods : null}
        shipping={totals.shipping}
        shippingNote={
          // An active member's delivery is free (the perk, decision 012): say so rather than the zone.
          membership.isMember && totals.shipping === 0 && totals.shippingNote !== deliveryMessages.pickupFree
            ? deliveryMessages.memberFree
            : totals.shippingNote
        }
        discount={totals.discount}
        discountCode={totals.discountCode}
        total={totals.total}
        testIds={{ total: 'order-total' }}
      />
      {memberSaving !== null && (
        <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          {t('checkout.memberSaving', { percent: memberSaving })}
        </p>
      )}
      {preview && <p className="mt-3 text-xs text-muted">{t('checkout.pricesConfirmed')}</p>}
    </section>
  );
}
