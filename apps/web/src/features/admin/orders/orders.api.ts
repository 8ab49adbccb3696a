import type {
  AdminOrderPaymentView,
  AdminOrdersResponse,
  CreateOrderNoteInput,
  CreateRefundInput,
  OrderNote,
  OrderRefund,
  OrderRefunds,
  ShippingStatus,
  UpdateOrderStatusResponse,
} from '@bilum/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, productsChanged } from '../shared/admin.api';

/** The back office's order calls (issue 21, decision 018). */
const orderKeys = {
  notes: (orderId: number) => ['admin', 'order-notes', orderId] as const,
};

/**
 * The orders of a payment view that match the search (the server searches), and the view's tiles. The last answer
 * stays on screen while the next one loads.
 */
export function useAdminOrders(
  query: { q: string; payment: AdminOrderPaymentView } & Partial<
    Record<'status' | 'method' | 'zone' | 'from' | 'to' | 'page', string>
  >,
) {
  // Issue 21: filters and pages go to the server; empty filters and the first page are left out.
  const { q, payment, ...rest } = query;
  const params = Object.fromEntries(
    Object.entries(rest).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[1] !== '' && !(entry[0] === 'page' && entry[1] === '1'),
    ),
  );
  return useQuery({
    queryKey: [...adminKeys.orders, payment, q, params],
    queryFn: ({ signal }) =>
      api<AdminOrdersResponse>(`/admin/orders?${new URLSearchParams({ payment, q, ...params })}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Dispatch, Deliver or Cancel; afterwards the order list reloads (and a cancel's returned stock shows). */
export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: ShippingStatus; reason?: string }) =>
      api<UpdateOrderStatusResponse>(`/admin/orders/${id}`, {
        method: 'PATCH',
        body: reason === undefined ? { status } : { status, reason },
      }),
    onSettled: async (_data, _error, { status }) => {
      await client.invalidateQueries({ queryKey: adminKeys.orders });
      if (status === 'Cancelled') await productsChanged(client);
    },
  });
}

/** An order's internal notes (staff only), oldest first. */
export function useOrderNotes(orderId: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.notes(orderId),
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
      await client.invalidateQueries({ queryKey: orderKeys.notes(orderId) });
      await client.invalidateQueries({ queryKey: ['admin', 'activity'] });
    },
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
