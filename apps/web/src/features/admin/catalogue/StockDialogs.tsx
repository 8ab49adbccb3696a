import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProduct,
  type AdminVariantStock,
  MAX_RESTOCK_NOTE,
  nameWithVariant,
  MAX_STOCK,
  type RestockFormValues,
  restockFormSchema,
  type RestockInput,
  restockReasonLabels,
  restockReasons,
  type StockLevel,
  stockLevelLabels,
  stockMovementLabels,
} from '@bilum/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { FieldFrame, fieldAria, inputClass, TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { applyServerIssues } from '../../../lib/form-errors';
import { useRestockProduct, useStockMovements } from './catalogue.api';

type StockProduct = Pick<AdminProduct, 'id' | 'name' | 'stock' | 'held' | 'sold' | 'stockLevel' | 'isMembership'> &
  Partial<Pick<AdminProduct, 'variantStock'>>;

const levelTones = {
  in: 'bg-green-100 text-green-800',
  low: 'bg-amber-100 text-amber-900',
  out: 'bg-red-100 text-red-800',
} as const;

/** In stock, Low stock or Out of stock, as a coloured badge. */
export function StockLevelBadge({ level, className }: { level: StockLevel; className?: string }) {
  return (
    <span
      className={cn(
        'w-fit rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        levelTones[level],
        className,
      )}
    >
      {stockLevelLabels[level]}
    </span>
  );
}

/** Units on hand, held by unpaid checkouts and sold, with the level badge (In stock, Low stock, Out of stock). */
export function StockFigures({ product, className }: { product: StockProduct; className?: string }) {
  if (product.isMembership) return <span className="text-xs text-muted">Not stock</span>;
  return (
    <span className={cn('flex flex-col gap-1', className)}>
      <StockLevelBadge level={product.stockLevel} />
      <span className="whitespace-nowrap text-xs text-stone-700">
        <strong className="text-sm text-stone-900">{product.stock}</strong> on hand · {product.held} held ·{' '}
        {product.sold} sold
      </span>
    </span>
  );
}

/** What a stock dialog acts on: a product, and for a product with options one of its variants (issue 30). */
interface StockDialogProps {
  product: StockProduct;
  variant?: AdminVariantStock | null;
  onClose: () => void;
}

/**
 * "Restock": adds units to what is on hand (never overwrites what checkouts took meanwhile), with why and a note;
 * for a product with options, to one variant (issue 30).
 */
export function RestockDialog({ product, variant, onClose }: StockDialogProps) {
  const onHand = variant ? variant.stock : product.stock;
  const restock = useRestockProduct();
  const reasonId = useId();
  const noteId = useId();
  const form = useForm<RestockFormValues, unknown, RestockInput>({
    resolver: zodResolver(restockFormSchema),
    // The reason starts on its "Choose a reason" placeholder: the rule refuses it, so a reason is always chosen.
    defaultValues: { quantity: '', reason: '' as RestockFormValues['reason'], note: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    restock.mutate(
      { id: product.id, body: variant ? { ...body, variantId: variant.id } : body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (failure) => {
          if (applyServerIssues(failure, form.setError, ['quantity', 'reason', 'note'])) return;
          const message =
            failure instanceof ApiError && failure.isNetwork
              ? 'Could not restock. Please check your connection.'
              : failure.message;
          form.setError('quantity', { type: 'server', message });
          toast.error('Restock failed', { description: message });
        },
      },
    ),
  );
  const quantity = form.watch('quantity');
  const after = /^\d+$/.test(quantity.trim()) ? onHand + Number(quantity) : null;
  const noteLength = form.watch('note').trim().length;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Restock: ${nameWithVariant(product.name, variant?.label ?? '')}`}
      description={`${onHand} on hand now${variant ? ` (SKU ${variant.sku})` : ''}. The units you add are counted on top of whatever checkouts take meanwhile.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Units to add"
          inputMode="numeric"
          autoFocus
          error={errors.quantity?.message}
          hint={after !== null && after <= MAX_STOCK ? `${after} on hand after restocking.` : undefined}
          {...form.register('quantity')}
        />
        <FieldFrame id={reasonId} label="Reason" error={errors.reason?.message}>
          <select
            {...fieldAria(reasonId, errors.reason?.message, undefined)}
            className={inputClass}
            {...form.register('reason')}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {restockReasons.map((reason) => (
              <option key={reason} value={reason}>
                {restockReasonLabels[reason]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame
          id={noteId}
          label="Note (optional)"
          error={errors.note?.message}
          hint={`The supplier, an invoice number… ${noteLength}/${MAX_RESTOCK_NOTE} characters.`}
        >
          <textarea
            {...fieldAria(noteId, errors.note?.message, true)}
            rows={2}
            className={cn(inputClass, 'h-auto py-2')}
            {...form.register('note')}
          />
        </FieldFrame>
        <DialogButtons busy={restock.isPending} label="Restock" busyLabel="Restocking…" variant="primary" />
      </form>
    </Dialog>
  );
}

const dateTime = new Intl.DateTimeFormat('en-PG', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Stock log": every change of the product's units on hand, newest first, with who or what and before/after; for a
 * product with options, each change names its variant, or the log is one variant's (issue 30).
 */
export function StockLogDialog({ product, variant, onClose }: StockDialogProps) {
  const movements = useStockMovements(product.id, variant?.id);
  const figures = variant ?? product;
  // A variant left out since has lost its values: it is named by its SKU.
  const variantName = (movement: { variantLabel: string; variantSku: string }) =>
    movement.variantLabel || `${movement.variantSku} (no longer sold)`;
  const namesVariants = !variant && (product.variantStock?.length ?? 0) > 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Stock log: ${nameWithVariant(product.name, variant?.label ?? '')}`}
      description={`${figures.stock} on hand · ${figures.held} held · ${figures.sold} sold`}
      className="sm:max-w-2xl"
    >
      {movements.isPending ? (
        <Spinner label="Loading the stock log…" />
      ) : movements.isError ? (
        <ErrorState message={movements.error.message}>
          <Button variant="outline" onClick={() => void movements.refetch()}>
            Try again
          </Button>
        </ErrorState>
      ) : movements.data.movements.length === 0 ? (
        <p className="text-sm text-muted">No stock changes yet.</p>
      ) : (
        <ol className="flex max-h-[60vh] flex-col divide-y divide-stone-100 overflow-y-auto" aria-label="Stock changes">
          {movements.data.movements.map((movement) => (
            <li
              key={movement.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
            >
              <span className="flex flex-col">
                {namesVariants && <span className="text-xs font-semibold text-stone-700">{variantName(movement)}</span>}
                <span className="font-medium text-stone-900">
                  {stockMovementLabels[movement.reason]}
                  {movement.orderId !== null && <span className="text-muted"> · order #{movement.orderId}</span>}
                </span>
                {movement.restockReason !== null && (
                  <span className="text-stone-800">{restockReasonLabels[movement.restockReason]}</span>
                )}
                {movement.note !== null && (
                  <span className="whitespace-pre-wrap break-words text-stone-700">“{movement.note}”</span>
                )}
                <span className="text-xs text-muted">
                  {movement.actor} · <time dateTime={movement.at}>{dateTime.format(new Date(movement.at))}</time>
                </span>
              </span>
              <span className="whitespace-nowrap tabular-nums">
                <span
                  className={cn(
                    'font-semibold',
                    movement.change > 0 ? 'text-green-800' : movement.change < 0 ? 'text-red-800' : 'text-stone-700',
                  )}
                >
                  {movement.change > 0 ? `+${movement.change}` : movement.change}
                </span>{' '}
                <span className="text-stone-700">
                  ({movement.stockBefore} → {movement.stockAfter})
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
