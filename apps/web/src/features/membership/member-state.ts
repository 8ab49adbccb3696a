import type { MembershipState } from '@bilum/shared';

/**
 * After a paid membership the spec stores the member flags in the browser (isMember, membershipType,
 * discountRate). Convenience only: prices and access always come from the server session.
 */
export function storeMemberFlags(membership: MembershipState) {
  try {
    localStorage.setItem('isMember', String(membership.isMember));
    localStorage.setItem('membershipType', membership.membershipType ?? '');
    localStorage.setItem('discountRate', String(membership.discountRate));
  } catch {
    // Storage may be unavailable; nothing depends on it.
  }
}
