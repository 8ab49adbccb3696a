import { accountMessages, addOneYear, canBuyPremium, type MembershipState, PREMIUM_DISCOUNT_RATE } from '@bilum/shared';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { memberships } from '../../db/schema';
import { AppError } from '../../errors';

export const noMembership: MembershipState = {
  isMember: false,
  discountRate: 0,
  membershipType: null,
  endsAt: null,
};

/**
 * Premium is sold to an active member only in the last 30 days (a renewal), wherever it is bought: the
 * membership page, the cart and checkout. Otherwise 409 "You already have an active membership."
 */
export function assertCanBuyPremium(state: MembershipState, now: Date = new Date()): void {
  if (!canBuyPremium(state, now)) throw new AppError('CONFLICT', accountMessages.alreadyMember);
}

/**
 * Call inside the transaction that records a Premium payment (checkout or the membership page), before reading the
 * membership: one shopper's Premium payments are then recorded one at a time on every instance, and each sees
 * what the one before did. Returns whether Premium may still be bought; false means this payment is refunded,
 * not turned into a second year (issue 16, finding 11).
 */
export async function premiumStillBuyable(tx: DbExecutor, userId: number, now: Date): Promise<boolean> {
  await lockPremiumBuyer(tx, userId);
  return canBuyPremium(await createMembershipService(tx).getState(userId, now), now);
}

/**
 * The shopper's Premium lock (held to the end of the transaction; taking it again in the same one is free). A
 * Premium payment takes it before any order row: the membership page's payment requotes the shopper's unpaid
 * orders under it, so an order payment that locked its order first and then waited for it would deadlock.
 */
export async function lockPremiumBuyer(tx: DbExecutor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bilum:premium:user:${userId}`}, 0))`);
}

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
    ): Promise<{ membershipId: number; endsAt: Date; renewal: boolean }> {
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
        return { membershipId: active.id, endsAt, renewal: true };
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
      return { membershipId: created.id, endsAt, renewal: false };
    },

    /**
     * Takes back the year a refunded payment bought (an admin cancelled the order): the membership that payment
     * made or renewed ends a year earlier, so a new one ends at once and a renewal goes back to its old end. The
     * refund's time is recorded, so the overview can tell a refunded membership from one that ran out.
     */
    async withdrawPremiumYear(reference: string, refundedAt: Date = new Date()): Promise<{ withdrawn: number }> {
      const bought = await db
        .select({ id: memberships.id, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
        .from(memberships)
        .where(and(eq(memberships.paymentReference, reference), eq(memberships.status, 'completed')))
        .for('update');
      for (const membership of bought) {
        if (!membership.endsAt || !membership.startsAt) continue;
        const earlier = new Date(membership.endsAt.getTime());
        earlier.setUTCFullYear(earlier.getUTCFullYear() - 1);
        const endsAt = earlier < membership.startsAt ? membership.startsAt : earlier;
        await db.update(memberships).set({ endsAt, refundedAt }).where(eq(memberships.id, membership.id));
      }
      return { withdrawn: bought.length };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
