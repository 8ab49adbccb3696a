import type { MemberRecord } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema';
import { createUser, makeMember, signedInAdmin } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/admin/members (check_membership_status)', () => {
  it('lists every shopper with their latest membership, N/A fields for non-members, and the four counters', async () => {
    const day = 24 * 60 * 60_000;
    const member = await createUser(ctx.db, { fullName: 'Mary Kila' });
    await makeMember(ctx.db, member.id);
    const pending = await createUser(ctx.db, { fullName: 'John Aua' });
    await ctx.db.insert(memberships).values({ userId: pending.id, status: 'pending' });
    const failed = await createUser(ctx.db, { fullName: 'Ken Tau' });
    await ctx.db.insert(memberships).values({ userId: failed.id, status: 'failed', paymentReference: 'pi_failed' });
    const lapsed = await createUser(ctx.db, { fullName: 'Old Member' });
    await makeMember(ctx.db, lapsed.id, {
      startsAt: new Date(Date.now() - 400 * day),
      endsAt: new Date(Date.now() - day),
    });
    const stranger = await createUser(ctx.db, { fullName: 'Rose Pato', phone: null });
    const admin = await signedInAdmin(ctx);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/members',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview).toMatchObject({ totalUsers: 5, activeMembers: 1, pendingMembers: 1, nonMembers: 3 });
    const byName = Object.fromEntries((overview.users as MemberRecord[]).map((user) => [user.fullName, user]));
    expect(Object.keys(byName)).not.toContain(admin.user.fullName);
    expect(byName['Mary Kila']).toMatchObject({ membershipType: 'premium', status: 'completed', email: member.email });
    expect(byName['Mary Kila']?.paymentDate).toEqual(expect.any(String));
    expect(byName['Mary Kila']?.reference).toMatch(/^test-/);
    expect(byName['John Aua']).toMatchObject({ status: 'pending', paymentDate: null });
    expect(byName['Ken Tau']).toMatchObject({ status: 'failed', reference: 'pi_failed' });
    expect(byName['Old Member']).toMatchObject({ status: 'expired' });
    expect(byName['Rose Pato']).toEqual({
      id: stranger.id,
      fullName: 'Rose Pato',
      email: stranger.email,
      phone: null,
      membershipType: null,
      status: null,
      paymentDate: null,
      reference: null,
    });
  });

  it('shows a year withdrawn by a refund as refunded, and a refunded renewal that later ran out as expired', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const refunded = await createUser(ctx.db, { fullName: 'Refunded Member' });
    // The refund withdrew the whole year: it ended when it was refunded.
    await makeMember(ctx.db, refunded.id, { startsAt: new Date(now - 2 * day), endsAt: new Date(now - 2 * day) });
    await ctx.db
      .update(memberships)
      .set({ refundedAt: new Date(now - 2 * day) })
      .where(eq(memberships.userId, refunded.id));
    const lapsed = await createUser(ctx.db, { fullName: 'Renewal Refunded' });
    // A renewal was refunded 30 days ago; the year it went back to ran out yesterday.
    await makeMember(ctx.db, lapsed.id, { startsAt: new Date(now - 365 * day), endsAt: new Date(now - day) });
    await ctx.db
      .update(memberships)
      .set({ refundedAt: new Date(now - 30 * day) })
      .where(eq(memberships.userId, lapsed.id));
    const admin = await signedInAdmin(ctx);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/members',
      headers: { cookie: admin.cookie },
    });
    const byName = Object.fromEntries((response.json().users as MemberRecord[]).map((user) => [user.fullName, user]));
    expect(byName['Refunded Member']?.status).toBe('refunded');
    expect(byName['Renewal Refunded']?.status).toBe('expired');
  });
});
