import type { MyOrders } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /api/orders/mine: the shopper's paid orders with items (My Orders and /order-history). */
export function useMyOrders(enabled: boolean) {
  return useQuery({ queryKey: ['orders', 'mine'], queryFn: () => api<MyOrders>('/orders/mine'), enabled });
}
