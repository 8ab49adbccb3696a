import type { Permission, StaffRole } from './staff';

/** Who the browser is signed in as, read from the server session (never from browser storage). */
export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  role: 'shopper' | 'admin';
  /** For admins (issue 21): the staff role and what it may do; absent for shoppers. */
  staffRole?: StaffRole | null | undefined;
  permissions?: Permission[] | undefined;
}

export interface MembershipState {
  isMember: boolean;
  /** 0.1 for Premium, 0 otherwise. */
  discountRate: number;
  membershipType: 'basic' | 'premium' | null;
  /** ISO date the Premium membership ends, when there is one. */
  endsAt: string | null;
}

/** GET /api/session — the spec's get_membership_status, answered from the session cookie. */
export interface SessionState {
  user: SessionUser | null;
  membership: MembershipState;
}

export const signedOutSession: SessionState = {
  user: null,
  membership: { isMember: false, discountRate: 0, membershipType: null, endsAt: null },
};
