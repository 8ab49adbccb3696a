import { type AdminCategory, categoryMessages } from '@bilum/shared';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { AddCategoryForm } from './AddCategoryForm';
import { useAdminCategories, useReorderCategories, useSetCategoryHidden } from './categories.api';
import { DeleteCategoryDialog, RenameCategoryDialog } from './CategoryDialogs';
import { CategoryList, type MoveDirection } from './CategoryList';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-inventory', label: 'Product Inventory' },
  { to: '/product-entry', label: 'Add New Product' },
  { to: '/', label: 'Shop' },
] as const;

/** The ids in their new order: `id` one place up or down (the caller never moves the first up or the last down). */
export function movedOrder(ids: readonly number[], id: number, direction: MoveDirection): number[] {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const order = [...ids];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/**
 * Keeps keyboard focus on the moved category's arrow: the row changes place in the page, which can take focus
 * away, and its arrow is disabled once it is first or last (then the other arrow takes focus).
 */
function useFocusAfterMove(list: RefObject<HTMLDivElement | null>, categories: AdminCategory[] | undefined) {
  const pending = useRef<{ id: number; direction: MoveDirection } | null>(null);
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !list.current) return;
    const button = (direction: MoveDirection) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${wanted.id}-${direction}"]`);
    const target = button(wanted.direction);
    const other = button(wanted.direction === 'up' ? 'down' : 'up');
    const chosen = target && !target.disabled ? target : other;
    if (chosen && document.activeElement !== chosen) chosen.focus();
    pending.current = null;
  }, [list, categories]);
  return (id: number, direction: MoveDirection) => {
    pending.current = { id, direction };
  };
}

/**
 * /categories (issue 30; permission "catalog"): the shop's categories in order; add, rename, move up and down, hide
 * and show, and delete one no product uses.
 */
export default function CategoriesPage() {
  useDocumentTitle('Categories');
  const categories = useAdminCategories();
  const reorder = useReorderCategories();
  const setHidden = useSetCategoryHidden();
  const [renaming, setRenaming] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const list = categories.data?.categories;
  const keepFocus = useFocusAfterMove(listRef, list);

  const move = (category: AdminCategory, direction: MoveDirection) => {
    if (!list) return;
    keepFocus(category.id, direction);
    // Per call (mutateAsync): moves queued one after another each say how they went.
    reorder
      .mutateAsync(
        movedOrder(
          list.map((c) => c.id),
          category.id,
          direction,
        ),
      )
      // One toast for a run of moves, not one per click.
      .then(() => toast.success(categoryMessages.reordered, { id: 'categories-reordered' }))
      .catch((error: Error) => toast.error(error.message));
  };

  const toggleHidden = (category: AdminCategory) => {
    // A second press while the first is on its way would send the same change again.
    if (setHidden.isPending && setHidden.variables?.id === category.id) return;
    setHidden
      .mutateAsync({ id: category.id, hidden: !category.hidden })
      .then(({ category: changed }) => toast.success(changed.hidden ? categoryMessages.hidden : categoryMessages.shown))
      .catch((error: Error) => toast.error(error.message));
  };

  return (
    <>
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        <AdminPageHeader title="Categories" back={{ to: '/entry-option', label: 'Back to Entry Option' }} />
        <p className="-mt-3 mb-6 max-w-3xl text-sm text-stone-600">
          The order here is the order the shop’s category menus are to follow; a hidden category is left out of them. A
          category that has products cannot be deleted: hide it instead.
        </p>

        <AddCategoryForm />

        <div ref={listRef}>
          <h2 className="mb-3 text-lg font-semibold text-stone-900">All categories</h2>
          {categories.isPending ? (
            <Spinner label="Loading the categories…" />
          ) : categories.isError ? (
            <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />
          ) : categories.data.categories.length === 0 ? (
            <EmptyState title="No categories yet: add the first one above." />
          ) : (
            <CategoryList
              categories={categories.data.categories}
              onMove={move}
              onRename={setRenaming}
              onToggleHidden={toggleHidden}
              onDelete={setDeleting}
            />
          )}
        </div>
      </div>
      <AdminFooter links={footerLinks} />

      {renaming && <RenameCategoryDialog key={renaming.id} category={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
