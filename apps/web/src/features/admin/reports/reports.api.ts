import type { Dashboard } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The day's numbers (issue 21, permission reports). */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => api<Dashboard>('/admin/dashboard', { signal }),
    retry: false,
  });
}
