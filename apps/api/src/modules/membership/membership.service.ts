import { type MembershipState, PREMIUM_DISCOUNT_RATE } from '@bilum/shared';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { memberships } from '../../db/schema';

export const noMembership: MembershipState = {
  isMember: false,
  discountRate: 0,
  membershipType: null,
  endsAt: null,
};

export function createMembershipService(db: DbExecutor) {
  return {
    /** Active = status completed and now between starts_at and ends_at; the latest-ending one counts. */
    async getState(userId: number, now: Date = new Date()): Promise<MembershipState> {
      const [active] = await db
        .select({ type: memberships.type, endsAt: memberships.endsAt })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.status, 'completed'),
            lte(memberships.startsAt, now),
            gt(memberships.endsAt, now),
          ),
        )
        .orderBy(desc(memberships.endsAt))
        .limit(1);
      if (!active) return noMembership;
      return {
        isMember: true,
        discountRate: PREMIUM_DISCOUNT_RATE,
        membershipType: active.type,
        endsAt: active.endsAt?.toISOString() ?? null,
      };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
