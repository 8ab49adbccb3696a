import { type MemberRecord, type MembersOverview, memberCounters } from '@bilum/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { memberships, users } from '../../db/schema';

/**
 * The membership overview (the spec's check_membership_status): every shopper with their latest membership
 * record. A completed year that has ended is reported as "expired", so only members in their year count as active.
 */
export function createAdminMembersService(db: DbExecutor) {
  return {
    async overview(now: Date = new Date()): Promise<MembersOverview> {
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
        const ended = record.status === 'completed' && record.endsAt !== null && record.endsAt <= now;
        return {
          ...shopper,
          membershipType: record.type,
          status: ended ? 'expired' : record.status,
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
