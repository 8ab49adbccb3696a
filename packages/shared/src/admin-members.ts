import { formatPhoneNumber } from './phone';

/** The payment states a membership record may carry; "succeeded" is the card provider's word for completed. */
export type MemberPaymentStatus = 'completed' | 'succeeded' | 'pending' | 'failed' | 'expired' | 'refunded';

/** Decisions "Admin display rules": "completed" and "succeeded" both count as an active member. */
export function isActiveMemberStatus(status: string | null | undefined): boolean {
  return status === 'completed' || status === 'succeeded';
}

/** The badge colour of a status on /member-status: active green, pending yellow, failed red, anything else grey. */
export function memberStatusTone(status: string | null | undefined): 'green' | 'yellow' | 'red' | 'grey' {
  if (isActiveMemberStatus(status)) return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'failed') return 'red';
  return 'grey';
}

export interface MemberCounters {
  totalUsers: number;
  activeMembers: number;
  pendingMembers: number;
  nonMembers: number;
}

/** The four counters of the membership overview; everyone neither active nor pending is a non-member. */
export function memberCounters(users: readonly { status: string | null }[]): MemberCounters {
  const activeMembers = users.filter((user) => isActiveMemberStatus(user.status)).length;
  const pendingMembers = users.filter((user) => user.status === 'pending').length;
  return {
    totalUsers: users.length,
    activeMembers,
    pendingMembers,
    nonMembers: users.length - activeMembers - pendingMembers,
  };
}

/**
 * The overview's search (section 5): case-insensitive, in the full name, the e-mail or the phone number. A
 * phone matches as stored ("+67571234567"), as shown ("+675 7123 4567") or by its digits ("7123 4567").
 */
export function searchMembers<T extends { fullName: string; email: string; phone: string | null }>(
  users: readonly T[],
  term: string,
): T[] {
  const text = term.trim().toLowerCase();
  if (text === '') return [...users];
  const digits = phoneSearchDigits(text);
  return users.filter((user) => {
    const phone = user.phone ?? '';
    return (
      user.fullName.toLowerCase().includes(text) ||
      user.email.toLowerCase().includes(text) ||
      phone.includes(text) ||
      (phone !== '' && formatPhoneNumber(phone).toLowerCase().includes(text)) ||
      (digits !== null && phone.replace(/\D/g, '').includes(digits))
    );
  });
}

/**
 * The digits of a search term that looks like a phone number (only digits, spaces, "+", "-" and brackets, with at
 * least 3 digits), to find in a stored number ("+67571234567"); null otherwise. Used by the member and order searches.
 */
export function phoneSearchDigits(term: string): string | null {
  const text = term.trim();
  if (!/^[\d\s+()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/** Section 2 "Member status" and section 7 check_membership_status. */
export const memberStatusMessages = {
  errorTitle: 'Error Loading Data',
  errorText: (error: string) => `Something went wrong: ${error}`,
  errorHint: 'Please check your network connection or the backend API.',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  noMatch: 'No users found matching your search.',
  noMatchHint: 'Try a different search term or check your data.',
  notApplicable: 'N/A',
} as const;
