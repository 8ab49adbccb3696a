import { displayedProductStatus, featureBadges, type Product } from '@bilum/shared';
import { cn } from '../../../lib/cn';

const statusTones = {
  active: 'bg-green-100 text-green-800',
  inactive: 'bg-stone-200 text-stone-700',
  sold: 'bg-red-100 text-red-800',
} as const;

/** Active green, Sold red, Inactive (and any unknown status) grey. */
export function ProductStatusBadge({ status }: { status: string }) {
  const shown = displayedProductStatus(status);
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize', statusTones[shown])}>
      {shown}
    </span>
  );
}

export function FeatureBadges({
  product,
}: {
  product: Pick<Product, 'isHot' | 'isAuction' | 'isTopPick' | 'isExclusive'>;
}) {
  return (
    <span className="flex flex-wrap gap-1">
      {featureBadges(product).map((badge) => (
        <span
          key={badge}
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            badge === 'None' ? 'bg-stone-100 text-muted' : 'bg-brand-100 text-brand-800',
          )}
        >
          {badge}
        </span>
      ))}
    </span>
  );
}
