import type { ShopSettings } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const shopSettingsKey = ['shop-settings'] as const;

/**
 * The shop's contact e-mail, phone, Port Moresby address and delivery time, from GET /api/settings (edited on
 * the admin /settings page). Footers and /contact read them from here.
 */
export function useShopSettings() {
  return useQuery({
    queryKey: shopSettingsKey,
    queryFn: ({ signal }) => api<ShopSettings>('/settings', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** A phone number as a tel: link target: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
