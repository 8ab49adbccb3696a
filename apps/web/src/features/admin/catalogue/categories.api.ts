import type {
  AddCategoryInput,
  AdminCategoriesResponse,
  AdminCategory,
  AdminCategoryResponse,
  RenameCategoryInput,
} from '@bilum/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { categoriesKey } from '../../../lib/categories';

/** The categories the staff manage (issue 30): the /categories page, and the product forms' and filters' choices. */
export const categoryKeys = {
  list: ['admin', 'categories'] as const,
  reorder: ['admin', 'categories', 'order'] as const,
};

/** Every category in the owner's order, hidden ones included, with its product count and old addresses. */
export function useAdminCategories() {
  return useQuery({
    queryKey: categoryKeys.list,
    queryFn: ({ signal }) => api<AdminCategoriesResponse>('/admin/categories', { signal }),
  });
}

/** Puts one category's new state into the list at once (the list is read again afterwards anyway). */
function replaceCategory(client: QueryClient, category: AdminCategory) {
  client.setQueryData<AdminCategoriesResponse>(categoryKeys.list, (list) =>
    list ? { categories: list.categories.map((c) => (c.id === category.id ? category : c)) } : list,
  );
}

/**
 * A select's choices: every category in the owner's order, hidden ones marked (a product may be put in one, and stays
 * on sale there), each showing its name and sending its slug. `current` (the product's own category) is offered
 * too while the list loads, so an edit form's select shows and keeps it.
 */
export function categoryChoices(categories: readonly AdminCategory[] | undefined, current?: string) {
  const choices = (categories ?? []).map((category) => ({
    value: category.slug,
    label: category.hidden ? `${category.name} (hidden)` : category.name,
  }));
  return current && !choices.some((choice) => choice.value === current)
    ? [...choices, { value: current, label: current }]
    : choices;
}

/** The choices of a category select of the admin's (see `categoryChoices`). */
export function useCategoryChoices(current?: string) {
  const list = useAdminCategories();
  return categoryChoices(categoriesIn(list.data), current);
}

/** A category's name by its slug, for lists that show products (the slug itself while the list loads). */
export function useCategoryNames(): (slug: string) => string {
  const names = new Map(categoriesIn(useAdminCategories().data).map((category) => [category.slug, category.name]));
  return (slug) => names.get(slug) ?? slug;
}

/** The categories of an answer; none for anything that is not one. */
function categoriesIn(answer: AdminCategoriesResponse | undefined): AdminCategory[] {
  return Array.isArray(answer?.categories) ? answer.categories : [];
}

/** The admin's list is read again, and the storefront's menus with it (a name, the order or what is hidden). */
const listChanged = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: categoryKeys.list }),
    client.invalidateQueries({ queryKey: categoriesKey }),
  ]);

export function useAddCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCategoryInput) => api<AdminCategoryResponse>('/admin/categories', { method: 'POST', body }),
    onSuccess: ({ category }) =>
      client.setQueryData<AdminCategoriesResponse>(categoryKeys.list, (list) =>
        list ? { categories: [...list.categories, category] } : list,
      ),
    onSettled: () => listChanged(client),
  });
}

export function useRenameCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RenameCategoryInput }) =>
      api<AdminCategoryResponse>(`/admin/categories/${id}`, { method: 'PATCH', body }),
    onSuccess: ({ category }) => replaceCategory(client, category),
    onSettled: () => listChanged(client),
  });
}

export function useSetCategoryHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      api<AdminCategoryResponse>(`/admin/categories/${id}/visibility`, { method: 'PUT', body: { hidden } }),
    onSuccess: ({ category }) => replaceCategory(client, category),
    onSettled: () => listChanged(client),
  });
}

/**
 * PUT /api/admin/categories/order with every id in the new order. The list moves at once (and back if the server
 * refuses); moves made quickly one after another are sent one at a time, in order (one mutation scope), so the
 * server ends with the order on screen.
 */
export function useReorderCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: categoryKeys.reorder,
    scope: { id: 'admin-categories-order' },
    mutationFn: (ids: number[]) =>
      api<AdminCategoriesResponse & { message: string }>('/admin/categories/order', {
        method: 'PUT',
        body: { ids },
      }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: categoryKeys.list });
      const before = client.getQueryData<AdminCategoriesResponse>(categoryKeys.list);
      if (before) {
        const byId = new Map(before.categories.map((category) => [category.id, category]));
        const moved = ids.flatMap((id, index) => {
          const category = byId.get(id);
          return category ? [{ ...category, position: index + 1 }] : [];
        });
        client.setQueryData<AdminCategoriesResponse>(categoryKeys.list, { categories: moved });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(categoryKeys.list, context.before);
    },
    // Read again once the last queued move has answered: an earlier answer would undo a later move on screen.
    onSettled: () => (client.isMutating({ mutationKey: categoryKeys.reorder }) <= 1 ? listChanged(client) : undefined),
  });
}

/** Refused with 409 (and the shop's message) while any product, archived ones included, is in the category. */
export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/admin/categories/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) =>
      client.setQueryData<AdminCategoriesResponse>(categoryKeys.list, (list) =>
        list ? { categories: list.categories.filter((category) => category.id !== id) } : list,
      ),
    onSettled: () => listChanged(client),
  });
}
