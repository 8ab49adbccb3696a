import { type Permission, permissions, type SessionUser } from '@bilum/shared';

/**
 * Whether the signed-in staff member may do what needs `permission` (issue 21); `undefined` = owner only. The
 * server checks every call again: this only decides what the admin pages show. Before the session is known (or
 * for an answer without permissions) everything shows, and the server's 403 has the last word.
 */
export function can(user: SessionUser | null | undefined, permission: Permission | undefined): boolean {
  const granted = user?.permissions;
  if (!granted) return true;
  if (!permission) return permissions.every((p) => granted.includes(p));
  return granted.includes(permission);
}
