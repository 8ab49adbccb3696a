import type {
  AdminOrderPaymentView,
  AdminOrdersResponse,
  MembersOverview,
  NewProduct,
  Product,
  ProductUpdate,
  SessionUser,
  ShippingStatus,
  ShopSettings,
  ShopSettingsUpdateInput,
  UpdateOrderStatusResponse,
  UploadedImage,
  AdminProduct,
  AdminProductListInput,
  AdminProductListResponse,
  ImportPreview,
  ImportResult,
  RestockInput,
  StockMovementsResponse,
} from '@bilum/shared';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { shopSettingsKey } from '../../lib/shop-settings';

export const adminKeys = {
  whoami: ['admin', 'whoami'] as const,
  products: ['admin', 'products'] as const,
  members: ['admin', 'members'] as const,
  orders: ['admin', 'orders'] as const,
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

/** The query string of an inventory page: only the values set. */
export function inventoryQueryString(query: AdminProductListInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/**
 * One page of the inventory, sorted and filtered by the server (issue 18), with the total and the stat cards. The
 * last page stays on screen while the next one loads.
 */
export function useAdminProducts(query: AdminProductListInput) {
  return useQuery({
    queryKey: [...adminKeys.products, query],
    queryFn: async ({ signal }) => {
      const answer = await api<Partial<AdminProductListResponse>>(`/admin/products?${inventoryQueryString(query)}`, {
        signal,
      });
      // Spec: a reply that is not a list is "Unexpected response format from product API."
      if (!Array.isArray(answer?.items) || !answer.stats)
        throw new ApiError(200, 'FORMAT', 'Unexpected response format from product API.');
      return answer as AdminProductListResponse;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The CSV import: a preview (nothing written), then the commit (all rows or none). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      api<ImportPreview>('/admin/products/import/preview', { method: 'POST', body: { csv } }),
  });
}

export function useCommitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api<ImportResult>('/admin/products/import', { method: 'POST', body: { csv } }),
    onSettled: () => productsChanged(client),
  });
}

/** After any product write: the inventory and every storefront list and detail read again. */
async function productsChanged(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.products }),
    client.invalidateQueries({ queryKey: storefrontProductsKey }),
  ]);
}

export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewProduct) =>
      api<{ product: Product; message: string }>('/admin/products', { method: 'POST', body }),
    onSuccess: () => productsChanged(client),
  });
}

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductUpdate }) =>
      api<{ product: Product; message: string }>(`/admin/products/${id}`, { method: 'PUT', body }),
    onSuccess: () => productsChanged(client),
  });
}

/** "Restock": adds units (relative on the server, so checkouts meanwhile lose nothing), with a reason and note. */
export function useRestockProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RestockInput }) =>
      api<{ product: AdminProduct; message: string }>(`/admin/products/${id}/restock`, { method: 'POST', body }),
    onSuccess: () => productsChanged(client),
  });
}

/** One product's stock movement log, newest first (the last 100 changes). */
export function useStockMovements(id: number) {
  return useQuery({
    queryKey: [...adminKeys.products, id, 'stock-movements'],
    queryFn: ({ signal }) => api<StockMovementsResponse>(`/admin/products/${id}/stock-movements?limit=100`, { signal }),
    retry: false,
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/admin/products/${id}`, { method: 'DELETE' }),
    onSuccess: () => productsChanged(client),
  });
}

export function useMembersOverview() {
  return useQuery({
    queryKey: adminKeys.members,
    queryFn: ({ signal }) => api<MembersOverview>('/admin/members', { signal }),
    retry: false,
  });
}

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

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsUpdateInput) =>
      api<{ settings: ShopSettings; message: string }>('/admin/settings', { method: 'PUT', body }),
    onSuccess: ({ settings }) => client.setQueryData(shopSettingsKey, settings),
  });
}

/** Uploads one picture as multipart form data (the only non-JSON call of the shop); answers its address. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/admin/uploads', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not upload the image. Please check your connection.');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP', error?.message ?? `Server error: ${response.status}`);
  }
  return data as UploadedImage;
}
