import { type AdminProductListQuery, INVENTORY_PAGE_SIZES, type InventorySort, stockLevelLabels } from '@bilum/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../shared/AdminFields';
import { useCategoryChoices } from './categories.api';

/** What the admin chose above the inventory: every value is sent to the server, which sorts, filters and pages. */
export type InventoryFilters = Pick<AdminProductListQuery, 'category' | 'status' | 'stock' | 'flag'> & {
  sort: InventorySort;
};

export const noInventoryFilters: InventoryFilters = {
  category: undefined,
  status: undefined,
  stock: undefined,
  flag: undefined,
  sort: '-created',
};

const sortOptions: { value: InventorySort; label: string }[] = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: 'stock', label: 'Stock: fewest first' },
  { value: '-stock', label: 'Stock: most first' },
];

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'sold', label: 'Sold' },
  { value: 'inactive', label: 'Inactive' },
];

const stockOptions = Object.entries(stockLevelLabels).map(([value, label]) => ({ value, label }));

const flagOptions = [
  { value: 'hot', label: 'Hot Deal' },
  { value: 'auction', label: 'Auction Item' },
  { value: 'topPick', label: 'Top Pick' },
  { value: 'exclusive', label: 'Exclusive Member' },
];

/** Sort and filter selects of /product-inventory. */
export function InventoryToolbar({
  filters,
  onChange,
}: {
  filters: InventoryFilters;
  onChange: (filters: InventoryFilters) => void;
}) {
  const set = <K extends keyof InventoryFilters>(key: K, value: string) =>
    onChange({ ...filters, [key]: value === '' ? undefined : value });
  const filtered = filters.category || filters.status || filters.stock || filters.flag;
  const categories = useCategoryChoices(filters.category);
  return (
    <div className="mb-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <SelectField
        label="Category"
        placeholder="All categories"
        options={categories}
        value={filters.category ?? ''}
        onChange={(event) => set('category', event.target.value)}
      />
      <SelectField
        label="Status"
        placeholder="Any status"
        options={statusOptions}
        value={filters.status ?? ''}
        onChange={(event) => set('status', event.target.value)}
      />
      <SelectField
        label="Stock"
        placeholder="Any stock"
        options={stockOptions}
        value={filters.stock ?? ''}
        onChange={(event) => set('stock', event.target.value)}
      />
      <SelectField
        label="Feature"
        placeholder="Any feature"
        options={flagOptions}
        value={filters.flag ?? ''}
        onChange={(event) => set('flag', event.target.value)}
      />
      <SelectField
        label="Sort by"
        options={sortOptions}
        value={filters.sort}
        onChange={(event) => onChange({ ...filters, sort: event.target.value as InventorySort })}
      />
      <div className="pb-0.5">
        <Button
          variant="ghost"
          disabled={!filtered}
          onClick={() => onChange({ ...noInventoryFilters, sort: filters.sort })}
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}

/** "Showing 26–50 of 120", the page size and Previous/Next. */
export function InventoryPager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Inventory pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        Showing {first}–{last} of {total} products
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span>Per page</span>
          <select
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="h-9 rounded-md border border-stone-400 bg-white px-2"
          >
            {INVENTORY_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {/* One unit, so a narrow screen wraps it as a whole. */}
        <span className="flex items-center gap-2 whitespace-nowrap">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </span>
      </div>
    </nav>
  );
}
