import type {
  Dashboard,
  Customer,
  CustomerOrder,
  CustomersPage,
  MembershipChangeInput,
  CreateOrderNoteInput,
  CreateRefundInput,
  OrderAlertSettings,
  OrderAlertSettingsResponse,
  OrderNote,
  OrderRefund,
  OrderRefunds,
} from '@bilum/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The back office's calls (issue 21, decision 018). */
export const backofficeKeys = {
  notes: (orderId: number) => ['admin', 'order-notes', orderId] as const,
  orderAlerts: ['admin', 'settings', 'orders'] as const,
};

/** An order's internal notes (staff only), oldest first. */
export function useOrderNotes(orderId: number, enabled = true) {
  return useQuery({
    queryKey: backofficeKeys.notes(orderId),
    queryFn: ({ signal }) => api<{ notes: OrderNote[] }>(`/admin/orders/${orderId}/notes`, { signal }),
    enabled,
    retry: false,
  });
}

export function useAddOrderNote(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderNoteInput) =>
      api<{ note: OrderNote }>(`/admin/orders/${orderId}/notes`, { method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: backofficeKeys.notes(orderId) });
      await client.invalidateQueries({ queryKey: ['admin', 'activity'] });
    },
  });
}

/** Where the shop's order e-mails go. */
export function useOrderAlertSettings() {
  return useQuery({
    queryKey: backofficeKeys.orderAlerts,
    queryFn: ({ signal }) => api<OrderAlertSettingsResponse>('/admin/settings/orders', { signal }),
    retry: false,
  });
}

export function useSaveOrderAlertSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderAlertSettings) =>
      api<OrderAlertSettingsResponse>('/admin/settings/orders', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(backofficeKeys.orderAlerts, saved),
  });
}

/** An order's refunds: what was paid, refunded and is left (issue 21, permission orders.refund). */
export function useOrderRefunds(orderId: number, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'order-refunds', orderId] as const,
    queryFn: ({ signal }) => api<OrderRefunds>(`/admin/orders/${orderId}/refunds`, { signal }),
    enabled,
    retry: false,
  });
}

export function useCreateRefund(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRefundInput) =>
      api<{ refund: OrderRefund; refunds: OrderRefunds; message: string }>(`/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        body,
      }),
    onSuccess: async ({ refunds }) => {
      client.setQueryData(['admin', 'order-refunds', orderId], refunds);
      // Refunds adding up to everything paid make the order refunded: the list and the order view re-read it.
      await client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      await client.invalidateQueries({ queryKey: ['admin', 'activity'] });
      await client.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
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

/** The day's numbers (issue 21, permission reports). */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => api<Dashboard>('/admin/dashboard', { signal }),
    retry: false,
  });
}
