import type { Permission, SessionUser } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { can } from '../../../lib/permissions';
import { adminKeys } from './admin.api';

/**
 * `can(permission)` for the signed-in staff member, for menus and buttons (issue 21). It reads the answer of GET
 * /api/admin/whoami that AdminLayout loaded (without asking again); before there is one, everything shows and the
 * server's 403 has the last word.
 */
export function useCan() {
  const whoami = useQuery({
    queryKey: adminKeys.whoami,
    queryFn: ({ signal }) => api<{ user: SessionUser }>('/admin/whoami', { signal }),
    enabled: false,
  });
  const user = whoami.data?.user;
  return (permission: Permission | undefined) => can(user, permission);
}
