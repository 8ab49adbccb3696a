import { type ProductFeature, productFeatures } from '@bilum/shared';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FilterIcon } from '../../components/ui/icons';
import { useStartupT } from '../../i18n/react';
import { cn } from '../../lib/cn';

const HomeFilterSheet = lazy(() => import('./HomeFilterSheet'));

interface FeatureFilterProps {
  value: ProductFeature;
  onChange: (value: ProductFeature) => void;
}

/** The chips All, Hot Deals, Auctions, Top Picks; below 768 px a button opens them in a bottom sheet. */
export function FeatureFilter({ value, onChange }: FeatureFilterProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const t = useStartupT();
  return (
    <>
      <div role="group" aria-label={t('filter.group')} className="hidden flex-wrap gap-2 md:flex">
        {productFeatures.map((feature) => (
          <button
            key={feature}
            type="button"
            aria-pressed={feature === value}
            onClick={() => onChange(feature)}
            className={cn(
              'h-9 rounded-full border px-4 text-sm font-semibold transition-colors',
              feature === value
                ? 'border-ink bg-ink text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:border-stone-500',
            )}
          >
            {t(`feature.${feature}`)}
          </button>
        ))}
      </div>
      <Button variant="outline" size="sm" className="md:hidden" onClick={() => setSheetOpen(true)}>
        <FilterIcon />
        {t('filter.button', { feature: t(`feature.${value}`) })}
      </Button>
      {sheetOpen && (
        <Suspense fallback={null}>
          <HomeFilterSheet
            value={value}
            onOpenChange={setSheetOpen}
            onApply={(feature) => {
              setSheetOpen(false);
              onChange(feature);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
