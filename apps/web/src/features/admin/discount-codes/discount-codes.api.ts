import type { AdminDiscountCodeResponse, AdminDiscountCodesResponse, DiscountCodeInput } from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The staff's discount codes (issue 30, decision 040). */
export const discountCodeKeys = { list: ['admin', 'discount-codes'] as const };

export function useDiscountCodes() {
  return useQuery({
    queryKey: discountCodeKeys.list,
    queryFn: ({ signal }) => api<AdminDiscountCodesResponse>('/admin/discount-codes', { signal }),
  });
}

/** Adds a code (no id) or saves one (with its id); the list is read again afterwards. */
export function useSaveDiscountCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DiscountCodeInput }) =>
      id === null
        ? api<AdminDiscountCodeResponse>('/admin/discount-codes', { method: 'POST', body })
        : api<AdminDiscountCodeResponse>(`/admin/discount-codes/${id}`, { method: 'PUT', body }),
    onSettled: () => client.invalidateQueries({ queryKey: discountCodeKeys.list }),
  });
}

/** Pause or resume: only the code's `active` changes on the server, so an edit saved meanwhile stays. */
export function useSetDiscountCodeActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api<AdminDiscountCodeResponse>(`/admin/discount-codes/${id}`, { method: 'PATCH', body: { active } }),
    onSettled: () => client.invalidateQueries({ queryKey: discountCodeKeys.list }),
  });
}

/** Refused with 409 (and the shop's message) once an order has used the code: pause it instead. */
export function useDeleteDiscountCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/admin/discount-codes/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: discountCodeKeys.list }),
  });
}
