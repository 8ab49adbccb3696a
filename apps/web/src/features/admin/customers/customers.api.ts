import type { Customer, CustomerOrder, CustomersPage, MembersOverview, MembershipChangeInput } from '@bilum/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../shared/admin.api';

export function useMembersOverview() {
  return useQuery({
    queryKey: adminKeys.members,
    queryFn: ({ signal }) => api<MembersOverview>('/admin/members', { signal }),
    retry: false,
  });
}

/** Customers (issue 21, permission members): searched and paged on the server. */
export function useCustomers(query: { q: string; page: number }) {
  return useQuery({
    queryKey: ['admin', 'customers', query.q, query.page] as const,
    queryFn: ({ signal }) =>
      api<CustomersPage>(`/admin/customers?${new URLSearchParams({ q: query.q, page: String(query.page) })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCustomerOrders(customer: { userId: number | null; email: string }) {
  const params: Record<string, string> =
    customer.userId !== null ? { userId: String(customer.userId) } : { email: customer.email };
  return useQuery({
    queryKey: ['admin', 'customer-orders', params] as const,
    queryFn: ({ signal }) =>
      api<{ orders: CustomerOrder[] }>(`/admin/customers/orders?${new URLSearchParams(params)}`, { signal }),
    retry: false,
  });
}

export function useChangeMembership(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MembershipChangeInput) =>
      api<{ customer: Customer; message: string }>(`/admin/customers/${userId}/membership`, { method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'customers'] });
      await client.invalidateQueries({ queryKey: ['admin', 'members'] });
    },
  });
}
