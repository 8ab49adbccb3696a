import type { Product } from '@bilum/shared';
import { useStartupT } from '../../i18n/react';
import { cn } from '../../lib/cn';

const badges = [
  { key: 'isHot', label: 'badge.hot', className: 'bg-red-600 text-white' },
  { key: 'isAuction', label: 'badge.auction', className: 'bg-indigo-600 text-white' },
  { key: 'isTopPick', label: 'badge.topPick', className: 'bg-top-pick text-white' },
  { key: 'isExclusive', label: 'badge.exclusive', className: 'bg-amber-400 text-ink' },
] as const;

type BadgeFlags = Pick<Product, (typeof badges)[number]['key']>;

/** "Hot Deal", "Auction", "Top Pick" and "Exclusive Member" labels for a product. */
export function ProductBadges({ product, className }: { product: BadgeFlags; className?: string }) {
  const t = useStartupT();
  const shown = badges.filter((badge) => product[badge.key]);
  if (shown.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap items-start gap-1', className)}>
      {shown.map((badge) => (
        <span key={badge.key} className={cn('rounded-full px-2 py-0.5 text-xs font-bold', badge.className)}>
          {t(badge.label)}
        </span>
      ))}
    </div>
  );
}
