import type { Permission } from '@bilum/shared';

/**
 * What each admin page needs (issue 21, packages/shared/src/staff.ts): the menu shows only these a role may use,
 * and a page opened anyway says so instead of failing call by call. `null` = every staff member. Pages not
 * listed show (their API calls are refused by the server when not allowed).
 */
export const adminPagePermissions: { prefix: string; permission: Permission | null }[] = [
  { prefix: '/entry-option', permission: null },
  { prefix: '/admin-account', permission: null },
  { prefix: '/product-inventory', permission: 'catalog' },
  { prefix: '/product-entry', permission: 'catalog' },
  { prefix: '/categories', permission: 'catalog' },
  { prefix: '/discount-codes', permission: 'catalog' },
  { prefix: '/member-status', permission: 'members' },
  { prefix: '/customers', permission: 'members' },
  { prefix: '/reports', permission: 'reports' },
  { prefix: '/order-inventory', permission: 'orders.view' },
  { prefix: '/settings', permission: 'settings' },
  { prefix: '/integrations', permission: 'integrations' },
  { prefix: '/api-keys', permission: 'integrations' },
  { prefix: '/staff', permission: 'staff' },
  { prefix: '/activity', permission: 'activity' },
];

export function pagePermission(pathname: string): Permission | null {
  const page = adminPagePermissions.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return page?.permission ?? null;
}

/** The admin menu: each item with what it needs. */
export const adminMenu: { to: string; label: string; permission: Permission | null }[] = [
  { to: '/entry-option', label: 'Entry Option', permission: null },
  { to: '/activity', label: 'Activity', permission: 'activity' },
  { to: '/staff', label: 'Staff', permission: 'staff' },
  { to: '/settings', label: 'Settings', permission: 'settings' },
  { to: '/admin-account', label: 'My account', permission: null },
];
