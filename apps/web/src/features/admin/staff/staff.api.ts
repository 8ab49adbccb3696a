import type {
  ChangeOwnPasswordInput,
  InviteStaffInput,
  StaffMember,
  StaffSecuritySettings,
  UpdateStaffInput,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const staffKeys = {
  staff: ['admin', 'staff'] as const,
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
