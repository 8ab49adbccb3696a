import type { Invoice, PackingSlip } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';

export const invoiceKeys = {
  owned: (orderId: number) => ['invoice', 'owned', orderId] as const,
  tracked: (trackingCode: string) => ['invoice', 'tracked', trackingCode] as const,
  admin: (orderId: number) => ['admin', 'invoice', orderId] as const,
  packingSlip: (orderId: number) => ['admin', 'packing-slip', orderId] as const,
};

/** Not found, unpaid and bad input are answers, not failures to retry. */
const retryUnlessAnswered = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** The signed-in shopper's own order's invoice (404 for anyone else's). */
export function useOwnedInvoice(orderId: number | null) {
  return useQuery({
    queryKey: invoiceKeys.owned(orderId ?? 0),
    queryFn: ({ signal }) => api<Invoice>(`/orders/${orderId}/invoice`, { signal }),
    enabled: orderId !== null,
    retry: retryUnlessAnswered,
  });
}

/** The invoice by the tracking code of the e-mail's link (guests too). */
export function useTrackedInvoice(trackingCode: string | null) {
  return useQuery({
    queryKey: invoiceKeys.tracked(trackingCode ?? ''),
    queryFn: ({ signal }) => api<Invoice>('/orders/invoice', { method: 'POST', body: { trackingCode }, signal }),
    enabled: trackingCode !== null && trackingCode !== '',
    retry: retryUnlessAnswered,
  });
}

export function useAdminInvoice(orderId: number) {
  return useQuery({
    queryKey: invoiceKeys.admin(orderId),
    queryFn: ({ signal }) => api<Invoice>(`/admin/orders/${orderId}/invoice`, { signal }),
    retry: retryUnlessAnswered,
  });
}

export function useAdminPackingSlip(orderId: number) {
  return useQuery({
    queryKey: invoiceKeys.packingSlip(orderId),
    queryFn: ({ signal }) => api<PackingSlip>(`/admin/orders/${orderId}/packing-slip`, { signal }),
    retry: retryUnlessAnswered,
  });
}
