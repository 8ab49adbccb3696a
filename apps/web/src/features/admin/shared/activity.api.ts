import type { ActivityEntityType, ActivityPage } from '@bilum/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin.api';

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
    queryKey: [...adminKeys.activity, path, params.toString()],
    queryFn: ({ signal }) => api<ActivityPage>(`${path}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
