import type {
  MemberCodeRuleSetting,
  OrderAlertSettings,
  OrderAlertSettingsResponse,
  ShopSettings,
  ShopSettingsUpdateInput,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopSettingsKey } from '../../../lib/shop-settings';

const settingsKeys = {
  orderAlerts: ['admin', 'settings', 'orders'] as const,
  memberCodeRule: ['admin', 'settings', 'member-code-rule'] as const,
};

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsUpdateInput) =>
      api<{ settings: ShopSettings; message: string }>('/admin/settings', { method: 'PUT', body }),
    onSuccess: ({ settings }) => client.setQueryData(shopSettingsKey, settings),
  });
}

/** Where the shop's order e-mails go (issue 21, decision 018). */
export function useOrderAlertSettings() {
  return useQuery({
    queryKey: settingsKeys.orderAlerts,
    queryFn: ({ signal }) => api<OrderAlertSettingsResponse>('/admin/settings/orders', { signal }),
    retry: false,
  });
}

export function useSaveOrderAlertSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderAlertSettings) =>
      api<OrderAlertSettingsResponse>('/admin/settings/orders', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.orderAlerts, saved),
  });
}

/** How a discount code meets the member price (issue 30, decision 040). */
export function useMemberCodeRule() {
  return useQuery({
    queryKey: settingsKeys.memberCodeRule,
    queryFn: ({ signal }) => api<MemberCodeRuleSetting>('/admin/settings/member-code-rule', { signal }),
  });
}

export function useSaveMemberCodeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberCodeRuleSetting) =>
      api<MemberCodeRuleSetting & { message: string }>('/admin/settings/member-code-rule', { method: 'PUT', body }),
    onSuccess: ({ rule }) => client.setQueryData(settingsKeys.memberCodeRule, { rule }),
  });
}
