import type { PriceBand, SortOrder } from '@bilum/shared';
import { type ComponentProps, type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FilterIcon } from '../../components/ui/icons';
import { useStartupT } from '../../i18n/react';
import { useCategories } from '../../lib/categories';
import { activeFilterCount, type CategoryFilters, isCategoryFilter } from './category-filters';
import { ANY_PRICE, categoryOptions, priceOptions, sortOptions } from './filter-options';

const CategoryFilterDrawer = lazy(() => import('./CategoryFilterDrawer'));

interface CategoryToolbarProps {
  filters: CategoryFilters;
  onApply: (filters: CategoryFilters) => void;
  onReset: () => void;
}

function SearchBox({ filters, onApply }: Omit<CategoryToolbarProps, 'onReset'>) {
  const t = useStartupT();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onApply({ ...filters, q: q || undefined });
  };
  return (
    <form
      role="search"
      aria-label={t('category.searchLabel')}
      onSubmit={onSubmit}
      className="flex min-w-0 flex-1 gap-2"
    >
      <label htmlFor="category-search" className="sr-only">
        {t('search.label')}
      </label>
      {/* Keyed by the address's text so Reset and Back show what the page shows. */}
      <input
        key={filters.q ?? ''}
        id="category-search"
        type="search"
        name="q"
        maxLength={100}
        defaultValue={filters.q ?? ''}
        placeholder={t('category.searchPlaceholder')}
        className="h-11 min-w-0 flex-1 rounded-lg border border-control bg-white px-3 text-base text-stone-900 placeholder:text-muted md:text-sm"
      />
      <Button type="submit">{t('search.submit')}</Button>
    </form>
  );
}

function LabelledSelect({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-stone-600">
        {label}
      </label>
      <select id={id} className="h-11 rounded-lg border border-control bg-white px-3 text-sm text-stone-900" {...props}>
        {children}
      </select>
    </div>
  );
}

function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * The category page's controls: search, category, price band, sort and Reset in a row on wide screens; on
 * screens below 768 px the search box and a Filters button that opens the filter drawer.
 */
export function CategoryToolbar({ filters, onApply, onReset }: CategoryToolbarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { categories } = useCategories();
  const t = useStartupT();
  const active = activeFilterCount(filters);
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 md:flex-row md:items-end">
      <SearchBox filters={filters} onApply={onApply} />
      <div className="hidden items-end gap-3 md:flex">
        <LabelledSelect
          label={t('search.category')}
          value={filters.category}
          onChange={(event) =>
            isCategoryFilter(event.target.value) && onApply({ ...filters, category: event.target.value })
          }
        >
          <Options options={categoryOptions(categories, t)} />
        </LabelledSelect>
        <LabelledSelect
          label={t('category.price')}
          value={filters.price ?? ANY_PRICE}
          onChange={(event) =>
            onApply({
              ...filters,
              price: event.target.value === ANY_PRICE ? undefined : (event.target.value as PriceBand),
            })
          }
        >
          <Options options={priceOptions(t)} />
        </LabelledSelect>
        <LabelledSelect
          label={t('category.sortBy')}
          value={filters.sort}
          onChange={(event) => onApply({ ...filters, sort: event.target.value as SortOrder })}
        >
          <Options options={sortOptions(t)} />
        </LabelledSelect>
        <Button variant="outline" onClick={onReset}>
          {t('filter.reset')}
        </Button>
      </div>
      <Button variant="outline" className="md:hidden" onClick={() => setDrawerOpen(true)}>
        <FilterIcon />
        {active > 0 ? t('category.filtersActive', { count: active }) : t('category.filters')}
      </Button>
      {drawerOpen && (
        <Suspense fallback={null}>
          <CategoryFilterDrawer
            filters={filters}
            onOpenChange={setDrawerOpen}
            onApply={(next) => {
              setDrawerOpen(false);
              onApply(next);
            }}
            onReset={() => {
              setDrawerOpen(false);
              onReset();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
