import type { AdminCategory } from '@bilum/shared';
import { Button } from '../../../components/ui/button';

export type MoveDirection = 'up' | 'down';

interface CategoryListProps {
  categories: AdminCategory[];
  onMove: (category: AdminCategory, direction: MoveDirection) => void;
  onRename: (category: AdminCategory) => void;
  onToggleHidden: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
}

const productCount = (count: number) =>
  count === 0 ? 'No products' : `${count} ${count === 1 ? 'product' : 'products'}`;

/** Moves the category one place up or down the list; greyed at the end it cannot pass. */
function MoveButton({
  category,
  direction,
  disabled,
  onMove,
}: {
  category: AdminCategory;
  direction: MoveDirection;
  disabled: boolean;
  onMove: CategoryListProps['onMove'];
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      className="w-9 px-0"
      aria-label={`Move ${category.name} ${direction}`}
      disabled={disabled}
      data-move={`${category.id}-${direction}`}
      onClick={() => onMove(category, direction)}
    >
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden fill="none" stroke="currentColor" strokeWidth={2}>
        <path
          d={direction === 'up' ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Button>
  );
}

/**
 * The categories in the owner's order: one row each (stacked on a phone, a line from 768 px) with its place, name,
 * address, product count and a Hidden badge, and its actions. A single list rather than a table and cards, so each
 * button is on the page once.
 */
export function CategoryList({ categories, onMove, onRename, onToggleHidden, onDelete }: CategoryListProps) {
  return (
    <ol aria-label="Categories" className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
      {categories.map((category, index) => (
        <li
          key={category.id}
          data-category-id={category.id}
          className="flex flex-col gap-3 px-3 py-4 sm:px-4 md:flex-row md:items-center md:justify-between md:gap-4"
        >
          <div className="flex min-w-0 items-start gap-3">
            <span
              className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-stone-100 text-sm font-semibold text-stone-700"
              aria-hidden
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span data-testid="category-name" className="font-semibold break-words text-stone-900">
                  {category.name}
                </span>
                {category.hidden && (
                  <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                    Hidden
                  </span>
                )}
              </p>
              <p className="text-sm text-stone-600">
                <span className="sr-only">Address: </span>
                <span className="font-mono break-all">{category.slug}</span>
                <span aria-hidden> · </span>
                <span className="sr-only">, </span>
                {productCount(category.productCount)}
              </p>
              {category.oldSlugs.length > 0 && (
                <p className="text-xs text-muted">
                  Old addresses leading here:{' '}
                  <span className="font-mono break-all">{category.oldSlugs.join(', ')}</span>
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-1.5 sm:gap-2 md:shrink-0 md:justify-end">
            <MoveButton category={category} direction="up" disabled={index === 0} onMove={onMove} />
            <MoveButton
              category={category}
              direction="down"
              disabled={index === categories.length - 1}
              onMove={onMove}
            />
            <Button
              size="sm"
              variant="outline"
              className="max-sm:px-2"
              aria-label={`Rename ${category.name}`}
              onClick={() => onRename(category)}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="outline"
              // The same width either way, so the rows' buttons line up; a little narrower on a phone, so that
              // the row's five buttons fit on one line at 375 px.
              className="min-w-16 max-sm:px-2"
              aria-label={`${category.hidden ? 'Show' : 'Hide'} ${category.name}`}
              onClick={() => onToggleHidden(category)}
            >
              {category.hidden ? 'Show' : 'Hide'}
            </Button>
            <Button
              size="sm"
              variant="danger"
              className="max-sm:px-2"
              aria-label={`Delete ${category.name}`}
              onClick={() => onDelete(category)}
            >
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
