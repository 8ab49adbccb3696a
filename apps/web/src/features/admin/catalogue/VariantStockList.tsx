import { type AdminProduct, type AdminVariantStock, nameWithVariant } from '@bilum/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { StockLevelBadge } from './StockDialogs';

interface VariantStockListProps {
  product: AdminProduct;
  onRestock: (product: AdminProduct, variant: AdminVariantStock) => void;
  onStockLog: (product: AdminProduct, variant: AdminVariantStock) => void;
  className?: string;
}

/**
 * The variants of a product with options under it in the inventory (issue 30): each with its SKU, units on hand,
 * held and sold, its level by its own low-stock threshold, and its own Restock and stock log.
 */
export function VariantStockList({ product, onRestock, onStockLog, className }: VariantStockListProps) {
  return (
    <ul aria-label={`Variants of ${product.name}`} className={cn('flex flex-col gap-1.5', className)}>
      {product.variantStock.map((variant) => {
        const name = nameWithVariant(product.name, variant.label);
        return (
          <li
            key={variant.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm sm:grid-cols-[minmax(7rem,12rem)_minmax(0,1fr)_auto]"
          >
            <span className="flex min-w-0 flex-col">
              <span className="font-medium text-stone-900">{variant.label}</span>
              <span className="truncate font-mono text-xs text-muted">{variant.sku}</span>
            </span>
            <span className="col-span-2 row-start-2 flex flex-wrap items-center gap-x-2 gap-y-1 sm:col-span-1 sm:row-start-auto">
              <StockLevelBadge level={variant.stockLevel} />
              <span className="whitespace-nowrap text-xs text-stone-700">
                <strong className="text-sm text-stone-900">{variant.stock}</strong> on hand · {variant.held} held ·{' '}
                {variant.sold} sold
              </span>
              <span className="whitespace-nowrap text-xs text-muted">low at {variant.lowStockThreshold}</span>
            </span>
            <span className="col-start-2 row-start-1 flex gap-1 justify-self-end sm:col-start-3">
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRestock(product, variant)}
                aria-label={`Restock ${name}`}
              >
                Restock
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="underline underline-offset-2"
                onClick={() => onStockLog(product, variant)}
                aria-label={`Stock log of ${name}`}
              >
                Log
              </Button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
