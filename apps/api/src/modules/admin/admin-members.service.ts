import { type MemberRecord, type MembersOverview, memberCounters } from '@bilum/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type MembershipRow, memberships, users } from '../../db/schema';

/**
 * The status shown for a membership record. A completed year that has ended is "expired", unless it ended because
 * its payment was refunded (the refund withdrew the year, so it ended no later than the refund): "refunded". A
 * refunded renewal that went back to an earlier end still running stays "completed", and "expired" when that ends.
 */
function shownStatus(record: MembershipRow, now: Date): MemberRecord['status'] {
  const ended = record.status === 'completed' && record.endsAt !== null && record.endsAt <= now;
  if (!ended) return record.status;
  const refunded = record.refundedAt !== null && record.endsAt !== null && record.endsAt <= record.refundedAt;
  return refunded ? 'refunded' : 'expired';
}

/**
 * The membership overview (the spec's check_membership_status): every shopper with their latest membership
 * record. A completed year that has ended is reported as "expired" (or "refunded"), so only members in their year
 * count as active.
 */
export function createAdminMembersService(db: DbExecutor, clock: () => Date = () => new Date()) {
  return {
    async overview(now: Date = clock()): Promise<MembersOverview> {
      const shoppers = await db
        .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.role, 'shopper'))
        .orderBy(asc(users.id));
      const records = await db.select().from(memberships).orderBy(asc(memberships.userId), desc(memberships.id));
      const latestByUser = new Map<number, (typeof records)[number]>();
      for (const record of records) {
        if (!latestByUser.has(record.userId)) latestByUser.set(record.userId, record);
      }

      const rows: MemberRecord[] = shoppers.map((shopper) => {
        const record = latestByUser.get(shopper.id);
        if (!record) return { ...shopper, membershipType: null, status: null, paymentDate: null, reference: null };
        return {
          ...shopper,
          membershipType: record.type,
          status: shownStatus(record, now),
          paymentDate:
            (record.lastPaymentAt ?? (record.status === 'pending' ? null : record.createdAt))?.toISOString() ?? null,
          reference: record.paymentReference,
        };
      });
      return { users: rows, ...memberCounters(rows) };
    },
  };
}

export type AdminMembersService = ReturnType<typeof createAdminMembersService>;
