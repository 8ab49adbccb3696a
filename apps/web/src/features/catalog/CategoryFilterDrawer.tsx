import type { CategoryFilter, PriceBand, SortOrder } from '@bilum/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { RadioList } from '../../components/ui/radio-list';
import { useStartupT } from '../../i18n/react';
import { useCategories } from '../../lib/categories';
import type { CategoryFilters } from './category-filters';
import { ANY_PRICE, categoryOptions, priceOptions, sortOptions } from './filter-options';

interface CategoryFilterDrawerProps {
  filters: CategoryFilters;
  onApply: (filters: CategoryFilters) => void;
  onReset: () => void;
  onOpenChange: (open: boolean) => void;
}

/** The category page's filter drawer for screens below 768 px: choices apply only with Apply. */
export default function CategoryFilterDrawer({ filters, onApply, onReset, onOpenChange }: CategoryFilterDrawerProps) {
  const { categories } = useCategories();
  const t = useStartupT();
  const [category, setCategory] = useState<CategoryFilter>(filters.category);
  const [price, setPrice] = useState<string>(filters.price ?? ANY_PRICE);
  const [sort, setSort] = useState<SortOrder>(filters.sort);
  const apply = () =>
    onApply({ ...filters, category, sort, price: price === ANY_PRICE ? undefined : (price as PriceBand) });
  return (
    <Dialog open onOpenChange={onOpenChange} placement="bottom" title={t('category.filters')}>
      <RadioList
        legend={t('search.category')}
        name="category"
        options={categoryOptions(categories, t)}
        value={category}
        onChange={setCategory}
      />
      <RadioList
        legend={t('category.price')}
        name="price"
        options={priceOptions(t)}
        value={price}
        onChange={setPrice}
      />
      <RadioList legend={t('category.sortBy')} name="sort" options={sortOptions(t)} value={sort} onChange={setSort} />
      <div className="sticky bottom-0 -mx-5 -mb-5 grid grid-cols-2 gap-2 border-t border-stone-200 bg-white p-4">
        <Button variant="outline" onClick={onReset}>
          {t('filter.reset')}
        </Button>
        <Button onClick={apply}>{t('filter.apply')}</Button>
      </div>
    </Dialog>
  );
}
