import type {
  AddCategoryInput,
  AdminCategoriesResponse,
  AdminCategory,
  AdminCategoryResponse,
  RenameCategoryInput,
} from '@bilum/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The categories the staff manage (issue 30); only /categories reads them so far. */
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

const listChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: categoryKeys.list });

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
