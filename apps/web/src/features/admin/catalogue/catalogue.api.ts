import type {
  AdminProductVariants,
  NewProduct,
  ProductUpdate,
  UploadedImage,
  AdminProduct,
  AdminProductListInput,
  AdminProductListResponse,
  ImportPreview,
  ImportResult,
  RestockInput,
  StockMovementsResponse,
  ProductVariantsInput,
} from '@bilum/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { adminKeys, productsChanged } from '../shared/admin.api';

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

export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    // The inventory's fields too (adminProductSchema): the edit dialog can open on the product just added.
    mutationFn: (body: NewProduct) =>
      api<{ product: AdminProduct; message: string }>('/admin/products', { method: 'POST', body }),
    onSuccess: () => productsChanged(client),
  });
}

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductUpdate }) =>
      api<{ product: AdminProduct; message: string }>(`/admin/products/${id}`, { method: 'PUT', body }),
    onSuccess: () => productsChanged(client),
  });
}

/**
 * "Restock": adds units (relative on the server, so checkouts meanwhile lose nothing), with a reason and note; for
 * a product with options, to the variant named in the body (issue 30).
 */
export function useRestockProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RestockInput }) =>
      api<{ product: AdminProduct; message: string }>(`/admin/products/${id}/restock`, { method: 'POST', body }),
    onSuccess: () => productsChanged(client),
  });
}

/** One product's stock movement log, newest first (the last 100 changes); with `variantId`, that variant's only. */
export function useStockMovements(id: number, variantId?: number) {
  return useQuery({
    queryKey: [...adminKeys.products, id, 'stock-movements', variantId ?? 'all'],
    queryFn: ({ signal }) =>
      api<StockMovementsResponse>(
        `/admin/products/${id}/stock-movements?limit=100${variantId === undefined ? '' : `&variantId=${variantId}`}`,
        { signal },
      ),
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

/** A product's options and live variants (issue 30), for the edit dialog's "Options and variants". */
export function useProductVariants(id: number, enabled = true) {
  return useQuery({
    queryKey: [...adminKeys.products, id, 'variants'],
    queryFn: async ({ signal }) => {
      const answer = await api<Partial<AdminProductVariants>>(`/admin/products/${id}/variants`, { signal });
      if (!Array.isArray(answer?.options) || !Array.isArray(answer.variants)) {
        throw new ApiError(200, 'FORMAT', 'Unexpected response format from product API.');
      }
      return answer as AdminProductVariants;
    },
    enabled,
    retry: false,
    // Read once when the dialog opens: a refetch must not replace what the owner is typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Saves a product's options and variants (PUT …/variants): its price, stock and SKUs follow them. */
export function useSaveProductVariants() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductVariantsInput }) =>
      api<AdminProductVariants>(`/admin/products/${id}/variants`, { method: 'PUT', body }),
    onSuccess: (answer, { id }) => {
      client.setQueryData([...adminKeys.products, id, 'variants'], answer);
      return productsChanged(client);
    },
  });
}
