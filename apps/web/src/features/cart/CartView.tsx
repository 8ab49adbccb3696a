import { type CartSummary, formatKina, MAX_UNITS_PER_PRODUCT, memberSavingPercent, showsSaving } from '@bilum/shared';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeftIcon } from '../../components/ui/action-icons';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { ProductImage } from '../../components/ui/product-image';
import { OrderTotals } from '../../components/ui/order-totals';
import { EmptyState } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import type { DeliveryEstimate } from '../../lib/delivery-estimate';
import type { LocalCartItem } from '../../lib/local-cart-item';
import {
  type CartViewLine,
  checkoutItems,
  isSelectable,
  matchesSearch,
  selectedKeys,
  selectionSummary,
  toggleAll,
} from './cart-lines';

export interface CartViewProps {
  title: string;
  backTo: string;
  backLabel: string;
  lines: CartViewLine[];
  /** Whether a line may be ticked (the guest cart also leaves out the membership, which needs an account). */
  canSelect?: (line: CartViewLine) => boolean;
  isMember?: boolean;
  /** The member's discount rate (the server's), for the membership's own saving. */
  discountRate?: number;
  /** Removes one line; resolves true when it is gone (the dialog then closes). */
  onRemove: (line: CartViewLine) => Promise<boolean> | boolean;
  onClear: () => Promise<boolean> | boolean;
  /** The quantity stepper (server cart only). */
  onQuantity?: (line: CartViewLine, quantity: number) => void;
  /** The line whose quantity is being saved. */
  pendingLineKey?: string | null;
  /** Extra words under a line (e.g. "sign in to buy Premium"). */
  lineNote?: (line: CartViewLine) => ReactNode;
  onCheckout: (items: LocalCartItem[]) => void;
  /** Shown above the lines (e.g. a refresh error while the last good cart stays on screen). */
  notice?: ReactNode;
  /** The delivery fee to where the shopper's saved details deliver, when known (issue 27). */
  delivery?: DeliveryEstimate | null;
}

type Confirm = { kind: 'remove'; line: CartViewLine } | { kind: 'clear' } | null;

/** The body of /cart and /guest-cart: search, select-all, the lines, the summary and the confirmations. */
export function CartView(props: CartViewProps) {
  const t = useT();
  const { lines, canSelect = isSelectable } = props;
  const [search, setSearch] = useState('');
  const [unticked, setUnticked] = useState<Set<string>>(() => new Set());
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);

  const selected = useMemo(() => selectedKeys(lines, unticked, canSelect), [lines, unticked, canSelect]);
  const shown = useMemo(() => lines.filter((line) => matchesSearch(line, search)), [lines, search]);
  const summary = useMemo(() => selectionSummary(lines, selected), [lines, selected]);
  const memberSaving = memberSavingPercent(
    { isMember: props.isMember ?? false, discountRate: props.discountRate ?? 0 },
    lines.filter((line) => line.available && selected.has(line.key)),
  );
  const selectable = lines.filter(canSelect);
  // Only goods are delivered: a cart ticked down to the membership has no delivery fee.
  const selectedHasGoods = lines.some((line) => line.available && selected.has(line.key) && !line.isMembership);

  const toggle = (key: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const runConfirmed = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const done = confirm.kind === 'remove' ? await props.onRemove(confirm.line) : await props.onClear();
      if (done) setConfirm(null);
    } finally {
      setBusy(false);
    }
  };

  const checkout = () => {
    const items = checkoutItems(lines, selected);
    if (items.length === 0) {
      toast.error(t('cart.cannotCheckoutTitle'), { description: t('cart.cannotCheckout') });
      return;
    }
    props.onCheckout(items);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          to={props.backTo}
          className="inline-flex items-center gap-1 rounded-md py-1 text-sm font-medium text-stone-600 hover:text-brand-700"
        >
          <ArrowLeftIcon className="size-4" />
          {props.backLabel}
        </Link>
        <h1 className="w-full text-2xl font-bold text-stone-900 sm:text-3xl">{props.title}</h1>
      </div>

      {lines.length === 0 ? (
        <EmptyState title={t('cart.empty')}>
          <p className="text-sm text-stone-600">{t('cart.emptyText')}</p>
          <Button asChild size="lg">
            <Link to="/">{t('cart.startShopping')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <section aria-label={t('cart.itemsLabel')} className="space-y-3">
            {props.notice}
            <CartSearch value={search} onChange={setSearch} />
            <SelectAllBar
              shown={shown}
              selectedCount={selected.size}
              selectableCount={selectable.length}
              canSelect={canSelect}
              selected={selected}
              onToggleAll={() => setUnticked((current) => toggleAll(shown, current, canSelect))}
              onClear={() => setConfirm({ kind: 'clear' })}
            />
            {shown.length === 0 ? (
              <EmptyState title={t('cart.noSearchMatch')}>
                <Button variant="outline" onClick={() => setSearch('')}>
                  {t('cart.clearSearch')}
                </Button>
              </EmptyState>
            ) : (
              <ul className="space-y-3">
                {shown.map((line) => (
                  <CartLineRow
                    key={line.key}
                    line={line}
                    selectable={canSelect(line)}
                    checked={selected.has(line.key)}
                    onToggle={() => toggle(line.key)}
                    onRemove={() => setConfirm({ kind: 'remove', line })}
                    onQuantity={props.onQuantity}
                    pending={props.pendingLineKey === line.key}
                    note={props.lineNote?.(line)}
                  />
                ))}
              </ul>
            )}
          </section>
          <OrderSummary
            summary={summary}
            delivery={selectedHasGoods ? (props.delivery ?? null) : null}
            memberSaving={memberSaving}
            onCheckout={checkout}
          />
        </div>
      )}

      <Dialog
        open={confirm?.kind === 'remove'}
        onOpenChange={(open) => !open && !busy && setConfirm(null)}
        title={t('cart.removeTitle')}
        description={confirm?.kind === 'remove' ? t('cart.removeText', { name: confirm.line.name }) : undefined}
      >
        <DialogButtons busy={busy} label={t('cart.remove')} busyLabel={t('cart.removing')} onConfirm={runConfirmed} />
      </Dialog>
      <Dialog
        open={confirm?.kind === 'clear'}
        onOpenChange={(open) => !open && !busy && setConfirm(null)}
        title={t('cart.clearTitle')}
        description={t('cart.clearText', { count: lines.length })}
      >
        <DialogButtons
          busy={busy}
          label={t('cart.clearCartButton')}
          busyLabel={t('cart.clearing')}
          onConfirm={runConfirmed}
        />
      </Dialog>
    </div>
  );
}

function CartSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('cart.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('cart.search')}
        className="h-11 w-full rounded-lg border border-control bg-white px-3 text-sm"
      />
    </div>
  );
}

function SelectAllBar({
  shown,
  selected,
  selectedCount,
  selectableCount,
  canSelect,
  onToggleAll,
  onClear,
}: {
  shown: CartViewLine[];
  selected: ReadonlySet<string>;
  selectedCount: number;
  selectableCount: number;
  canSelect: (line: CartViewLine) => boolean;
  onToggleAll: () => void;
  onClear: () => void;
}) {
  const t = useT();
  const shownSelectable = shown.filter(canSelect);
  const allShownTicked = shownSelectable.length > 0 && shownSelectable.every((line) => selected.has(line.key));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white px-4 py-3">
      <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={allShownTicked}
          disabled={shownSelectable.length === 0}
          onChange={onToggleAll}
        />
        <span>
          {t('cart.selectAll')} <span className="text-muted">({shownSelectable.length})</span>
        </span>
      </label>
      <div className="flex items-center gap-3">
        <span className="text-sm text-stone-600" aria-live="polite">
          {t('cart.selectedCount', { selected: selectedCount, selectable: selectableCount })}
        </span>
        <Button variant="ghost" size="sm" onClick={onClear} className="text-red-700 hover:bg-red-50">
          {t('cart.clearCart')}
        </Button>
      </div>
    </div>
  );
}

function CartLineRow({
  line,
  selectable,
  checked,
  onToggle,
  onRemove,
  onQuantity,
  pending,
  note,
}: {
  line: CartViewLine;
  selectable: boolean;
  checked: boolean;
  onToggle: () => void;
  onRemove: () => void;
  onQuantity?: (line: CartViewLine, quantity: number) => void;
  pending: boolean;
  note?: ReactNode;
}) {
  const t = useT();
  const struck = line.originalPrice !== null && line.originalPrice > line.unitPrice ? line.originalPrice : null;
  return (
    <li
      className={cn(
        'flex gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:gap-4 sm:p-4',
        !line.available && 'bg-stone-100',
      )}
    >
      <div className="flex items-start pt-1">
        <input
          type="checkbox"
          aria-label={t('cart.selectLine', { name: line.name })}
          className="size-5 accent-brand-600"
          checked={checked}
          disabled={!selectable}
          onChange={onToggle}
        />
      </div>
      <div
        className={cn(
          'relative size-16 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:size-24',
          !line.available && 'opacity-50 grayscale',
        )}
      >
        <ProductImage
          src={line.image}
          alt=""
          width={96}
          height={96}
          sizes="(max-width: 639px) 64px, 96px"
          className="size-full"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className={cn('min-w-0', !line.available && 'opacity-60')}>
            <h2 className="line-clamp-2 text-sm font-semibold text-stone-900 sm:text-base">{line.name}</h2>
            <p className="line-clamp-2 text-xs text-stone-600 sm:text-sm">
              {line.description || t('product.noDescription')}
            </p>
            <p className="mt-1 flex flex-wrap gap-1 text-xs text-muted">
              {line.isMembership ? (
                <span className="rounded bg-brand-100 px-1.5 py-0.5 font-semibold text-brand-800">
                  {t('cart.membership')}
                </span>
              ) : (
                <span>{line.condition}</span>
              )}
              {line.isMemberPrice && (
                <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-800">
                  {t('cart.memberPrice')}
                </span>
              )}
            </p>
          </div>
          <div
            className={cn(
              'flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-0',
              !line.available && 'opacity-60',
            )}
          >
            <span className="font-bold text-stone-900">{formatKina(line.unitPrice)}</span>
            {struck !== null && (
              <s className="text-xs text-muted">
                <span className="sr-only">{t('cart.was')} </span>
                {formatKina(struck)}
              </s>
            )}
          </div>
        </div>
        {!line.available && (
          <p className="text-sm font-extrabold tracking-wide text-red-700">
            {line.reserved ? t('cart.reserved') : t('cart.soldOut')}
          </p>
        )}
        {note}
        <div className="mt-1 flex items-center justify-between gap-2">
          {onQuantity && line.maxQuantity !== null && line.available ? (
            <QuantityStepper line={line} pending={pending} onChange={(quantity) => onQuantity(line, quantity)} />
          ) : (
            <span className="text-sm text-stone-600">{t('cart.qty', { quantity: line.quantity })}</span>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('cart.removeLine', { name: line.name })}
            className="px-2"
          >
            {t('cart.remove')}
          </Button>
        </div>
      </div>
    </li>
  );
}

function QuantityStepper({
  line,
  pending,
  onChange,
}: {
  line: CartViewLine;
  pending: boolean;
  onChange: (quantity: number) => void;
}) {
  const t = useT();
  // The server's top (stock on hand), never above what one order may hold.
  const max = Math.min(line.maxQuantity ?? line.quantity, MAX_UNITS_PER_PRODUCT);
  const stepClass =
    'flex size-9 items-center justify-center text-lg font-semibold text-stone-700 hover:bg-stone-100 disabled:text-stone-400 disabled:hover:bg-transparent';
  return (
    <div className="flex items-center gap-2">
      <div
        role="group"
        aria-label={t('cart.quantityOf', { name: line.name })}
        className="flex items-center rounded-lg border border-control"
      >
        <button
          type="button"
          className={cn(stepClass, 'rounded-l-lg')}
          aria-label={t('cart.decrease', { name: line.name })}
          disabled={pending || line.quantity <= 1}
          onClick={() => onChange(line.quantity - 1)}
        >
          −
        </button>
        <output aria-live="polite" className="min-w-8 text-center text-sm font-semibold">
          {line.quantity}
        </output>
        <button
          type="button"
          className={cn(stepClass, 'rounded-r-lg')}
          aria-label={t('cart.increase', { name: line.name })}
          disabled={pending || line.quantity >= max}
          onClick={() => onChange(line.quantity + 1)}
        >
          +
        </button>
      </div>
      {line.quantity >= max && max > 1 && <span className="text-xs text-muted">{t('cart.max', { max })}</span>}
    </div>
  );
}

function OrderSummary({
  summary,
  delivery,
  memberSaving,
  onCheckout,
}: {
  summary: CartSummary;
  delivery: DeliveryEstimate | null;
  /** The membership's own saving in percent, or null when the member line is not shown. */
  memberSaving: number | null;
  onCheckout: () => void;
}) {
  const t = useT();
  const saving = showsSaving(summary.subtotal, summary.total);
  return (
    <aside
      aria-labelledby="order-summary-heading"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 lg:sticky lg:top-28"
    >
      <h2 id="order-summary-heading" className="text-lg font-bold text-stone-900">
        {t('cart.summary')}
      </h2>
      <OrderTotals
        subtotalLabel={t('cart.subtotal', { count: summary.itemCount })}
        subtotal={summary.subtotal}
        savings={saving ? summary.savings : null}
        shipping={delivery?.shipping ?? summary.shipping}
        shippingNote={delivery ? delivery.note : t('cart.shippingNote')}
        total={summary.total + (delivery?.shipping ?? 0)}
        testIds={{ subtotal: 'summary-subtotal', total: 'summary-total' }}
      />
      {memberSaving !== null && (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          {t('product.memberSaving', { percent: memberSaving })}
        </p>
      )}
      <Button size="lg" className="w-full" onClick={onCheckout}>
        {t('cart.checkOut')}
      </Button>
      <p className="text-center text-xs text-muted">{t('cart.priceNote')}</p>
    </aside>
  );
}
