import type { SessionUser } from '@bilum/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The admin's query keys that more than one of its areas reads or refreshes. */
export const adminKeys = {
  whoami: ['admin', 'whoami'] as const,
  products: ['admin', 'products'] as const,
  members: ['admin', 'members'] as const,
  orders: ['admin', 'orders'] as const,
  activity: ['admin', 'activity'] as const,
};

/** The storefront's product queries (features/catalog keys them under "products"): refetched after a write. */
const storefrontProductsKey = ['products'] as const;

/** Who is signed in as administrator; 401/403 means the page must send the visitor to /admin-login. */
export function useAdminWhoami() {
  return useQuery({
    queryKey: adminKeys.whoami,
    queryFn: ({ signal }) => api<{ user: SessionUser }>('/admin/whoami', { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * After any product write (and a cancelled order's returned stock): the inventory and every storefront list and
 * detail read again.
 */
export async function productsChanged(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.products }),
    client.invalidateQueries({ queryKey: storefrontProductsKey }),
  ]);
}
