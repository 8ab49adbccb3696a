import type {
  ActivityEntityType,
  ActivityPage,
  ApiKeyView,
  ChangeOwnPasswordInput,
  CreateApiKeyInput,
  InviteStaffInput,
  StaffMember,
  StaffSecuritySettings,
  UpdateStaffInput,
} from '@bilum/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const staffKeys = {
  staff: ['admin', 'staff'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
  activity: ['admin', 'activity'] as const,
};

export function useStaffList() {
  return useQuery({
    queryKey: staffKeys.staff,
    queryFn: ({ signal }) => api<{ staff: StaffMember[] }>('/admin/staff', { signal }),
  });
}

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteStaffInput) => api<StaffMember>('/admin/staff', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.staff }),
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateStaffInput & { id: number }) =>
      api<StaffMember>(`/admin/staff/${id}`, { method: 'PATCH', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.staff }),
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: ChangeOwnPasswordInput) =>
      api<{ message: string }>('/admin/me/password', { method: 'POST', body: input }),
  });
}

export function useApiKeys() {
  return useQuery({
    queryKey: staffKeys.apiKeys,
    queryFn: ({ signal }) => api<{ keys: ApiKeyView[] }>('/admin/api-keys', { signal }),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      api<{ apiKey: ApiKeyView; key: string }>('/admin/api-keys', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ApiKeyView>(`/admin/api-keys/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.apiKeys }),
  });
}

export interface ActivityFilter {
  entityType?: ActivityEntityType | undefined;
  entityId?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize?: number;
}

/**
 * The activity log: the whole log (permission activity), or one product's or order's history through its own
 * route (the permission of the thing: a staff member who may see an order sees its history).
 */
export function useActivity(filter: ActivityFilter) {
  const params = new URLSearchParams();
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize ?? 25));
  let path: string;
  if ((filter.entityType === 'product' || filter.entityType === 'order') && filter.entityId) {
    path = `/admin/${filter.entityType}s/${encodeURIComponent(filter.entityId)}/activity`;
  } else {
    if (filter.entityType) params.set('entityType', filter.entityType);
    if (filter.entityId) params.set('entityId', filter.entityId);
    if (filter.q) params.set('q', filter.q);
    path = '/admin/activity';
  }
  return useQuery({
    queryKey: [...staffKeys.activity, path, params.toString()],
    queryFn: ({ signal }) => api<ActivityPage>(`${path}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Issue 28: whether every staff account must have a second factor (the owner's rule on /settings). */
export function useStaffSecuritySettings(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'settings', 'security'],
    queryFn: ({ signal }) => api<StaffSecuritySettings>('/admin/settings/security', { signal }),
    enabled,
  });
}

export function useSaveStaffSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSecuritySettings) =>
      api<StaffSecuritySettings>('/admin/settings/security', { method: 'PUT', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'settings', 'security'] }),
  });
}

/** Issue 28: the owner turns off a staff member's second factor (a lost phone). */
export function useResetSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/admin/staff/${id}/second-factor/reset`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.staff }),
  });
}
