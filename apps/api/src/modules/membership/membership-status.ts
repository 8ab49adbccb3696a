import { isInRenewalWindow, type ProfileMembership } from '@bilum/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { memberships } from '../../db/schema';
import { createMembershipService } from './membership.service';

/**
 * The profile's Membership Status card: the active membership (type, discount, end date), the latest payment
 * (when and how it went) and whether Renew is offered (the last 30 days of an active membership).
 */
export async function membershipSummary(
  db: DbExecutor,
  userId: number,
  now: Date = new Date(),
): Promise<ProfileMembership> {
  const state = await createMembershipService(db).getState(userId, now);
  // The latest settled attempt: a pending record only means the payment page was opened.
  const [latest] = await db
    .select({ status: memberships.status, paidAt: memberships.lastPaymentAt, createdAt: memberships.createdAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.status, 'pending')))
    .orderBy(desc(memberships.id))
    .limit(1);
  return {
    isMember: state.isMember,
    membershipType: state.membershipType,
    discountRate: state.discountRate,
    endsAt: state.endsAt,
    lastPaymentAt: latest ? (latest.paidAt ?? latest.createdAt).toISOString() : null,
    lastPaymentStatus: latest?.status ?? null,
    canRenew: state.isMember && isInRenewalWindow(state.endsAt, now),
  };
}
