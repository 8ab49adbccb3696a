import type {
  AdminOrder,
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
} from '@bilum/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useAdminProducts() {
  return useQuery({
    queryKey: adminKeys.products,
    queryFn: async ({ signal }) => {
      const answer = await api<{ products?: unknown }>('/admin/products', { signal });
      // Spec: a reply that is not a list is "Unexpected response format from product API."
      if (!Array.isArray(answer?.products))
        throw new ApiError(200, 'FORMAT', 'Unexpected response format from product API.');
      return answer.products as Product[];
    },
    retry: false,
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

export function useAdminOrders() {
  return useQuery({
    queryKey: adminKeys.orders,
    queryFn: async ({ signal }): Promise<AdminOrder[]> =>
      (await api<AdminOrdersResponse>('/admin/orders', { signal })).orders,
    retry: false,
  });
}

/** Dispatch, Deliver or Cancel; afterwards the order list reloads (and a cancel's returned stock shows). */
export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ShippingStatus }) =>
      api<UpdateOrderStatusResponse>(`/admin/orders/${id}`, { method: 'PATCH', body: { status } }),
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
