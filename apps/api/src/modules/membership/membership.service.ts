import { addOneYear, type MembershipState, PREMIUM_DISCOUNT_RATE } from '@bilum/shared';
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

    /**
     * Activates a paid Premium year at once (decisions.md "Buying Premium through the cart", "Renewal"): an
     * active membership gets one year added to its end; otherwise a new completed membership runs from now for
     * a year. Call it inside the transaction that records the payment, once per payment (the caller makes sure
     * of that), so it is never applied twice. Used by checkout (modules/orders) and the membership page.
     */
    async activatePremium(
      userId: number,
      payment: { reference: string; paidAt?: Date },
    ): Promise<{ membershipId: number; endsAt: Date }> {
      const now = payment.paidAt ?? new Date();
      const [active] = await db
        .select({ id: memberships.id, endsAt: memberships.endsAt })
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
        .limit(1)
        .for('update');
      if (active?.endsAt) {
        const endsAt = addOneYear(active.endsAt);
        await db
          .update(memberships)
          .set({ endsAt, lastPaymentAt: now, paymentReference: payment.reference })
          .where(eq(memberships.id, active.id));
        return { membershipId: active.id, endsAt };
      }
      const endsAt = addOneYear(now);
      const [created] = await db
        .insert(memberships)
        .values({
          userId,
          type: 'premium',
          status: 'completed',
          paymentReference: payment.reference,
          startsAt: now,
          endsAt,
          lastPaymentAt: now,
        })
        .returning({ id: memberships.id });
      if (!created) throw new Error('memberships insert returned nothing');
      return { membershipId: created.id, endsAt };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
