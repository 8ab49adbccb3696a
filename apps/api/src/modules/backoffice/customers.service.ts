import {
  type Customer,
  type CustomerOrder,
  type CustomersPage,
  customerMessages,
  formatInvoiceDate,
  type MembershipChangeInput,
} from '@bilum/shared';
import { and, desc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { memberships, orders, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOfCaller, recordActivity, type StaffCaller } from '../audit/audit.service';
import { emailLocaleOf } from '../mail/email-locale';
import type { Mailer } from '../mail/mail.service';
import { membershipChangedEmail } from '../membership/membership.emails';

/**
 * Customers (issue 21, decision 018): registered shoppers and guests (one per e-mail, lower-cased) with their
 * orders, what they spent (paid orders less refunds) and their membership; paged and searched in SQL.
 */
const rows = async <T>(executor: DbExecutor, query: SQL) =>
  ((await executor.execute(query)) as unknown as { rows: T[] }).rows;

interface CustomerRow {
  kind: 'registered' | 'guest';
  user_id: number | null;
  email: string;
  name: string;
  orders: number;
  total_spent: number;
  last_order_at: string | Date | null;
  member_until: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function customerSql(now: Date, where: SQL) {
  const at = now.toISOString();
  return sql`
    with spent as (
      select o.id, o.user_id, lower(o.email) as email, o.placed_at,
             case when o.payment_status = 'paid' then o.total_toea
                  - coalesce((select sum(r.amount_toea) from order_refunds r
                              where r.order_id = o.id and r.status <> 'failed'), 0)
                  else 0 end as spent
        from orders o
    ),
    customers as (
      select 'registered' as kind, u.id as user_id, u.email, u.full_name as name,
             (select count(*) from spent s where s.user_id = u.id)::int as orders,
             (select coalesce(sum(s.spent), 0) from spent s where s.user_id = u.id)::int as total_spent,
             (select max(s.placed_at) from spent s where s.user_id = u.id) as last_order_at,
             (select max(m.ends_at) from memberships m where m.user_id = u.id and m.status = 'completed'
                 and m.starts_at <= ${at}::timestamptz and m.ends_at > ${at}::timestamptz) as member_until,
             u.created_at as seen_at
        from users u where u.role = 'shopper'
      union all
      select 'guest', null, s.email, max(o.first_name || ' ' || o.last_name), count(*)::int,
             coalesce(sum(s.spent), 0)::int, max(s.placed_at), null, max(s.placed_at)
        from spent s join orders o on o.id = s.id
       where s.user_id is null
       group by s.email
    )
    select * from customers c where ${where}`;
}

export function createCustomersService(deps: {
  db: Database;
  mailer: Pick<Mailer, 'enqueue' | 'wake'>;
  now: () => Date;
}) {
  const { db, mailer, now } = deps;

  const toCustomer = (row: CustomerRow): Customer => ({
    kind: row.kind,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    orders: Number(row.orders),
    totalSpent: Number(row.total_spent),
    lastOrderAt: iso(row.last_order_at),
    memberUntil: iso(row.member_until),
  });

  async function one(executor: DbExecutor, userId: number): Promise<Customer> {
    const [row] = await rows<CustomerRow>(
      executor,
      customerSql(now(), sql`c.kind = 'registered' and c.user_id = ${userId}`),
    );
    if (!row) throw notFound(customerMessages.notShopper);
    return toCustomer(row);
  }

  return {
    async list(query: { q: string; page: number; pageSize: number }): Promise<CustomersPage> {
      const term = query.q.toLowerCase();
      const where = term ? sql`(strpos(lower(c.email), ${term}) > 0 or strpos(lower(c.name), ${term}) > 0)` : sql`true`;
      const [page, [counted]] = await Promise.all([
        rows<CustomerRow>(
          db,
          sql`${customerSql(now(), where)} order by coalesce(c.last_order_at, c.seen_at) desc, c.email
              limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from (${customerSql(now(), where)}) t`),
      ]);
      return {
        items: page.map(toCustomer),
        total: Number(counted?.total ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async orders(query: { userId?: number; email?: string }): Promise<CustomerOrder[]> {
      const found = await db
        .select()
        .from(orders)
        .where(
          query.userId !== undefined
            ? eq(orders.userId, query.userId)
            : and(isNull(orders.userId), sql`lower(${orders.email}) = ${query.email?.toLowerCase() ?? ''}`),
        )
        .orderBy(desc(orders.id))
        .limit(200);
      return found.map((order) => ({
        id: order.id,
        placedAt: order.placedAt.toISOString(),
        total: order.totalToea,
        paymentStatus: order.paymentStatus,
        shippingStatus: order.shippingStatus,
      }));
    },

    /** Grant, extend or end a shopper's Premium with a reason: audited and e-mailed, in one transaction. */
    async changeMembership(
      caller: StaffCaller,
      userId: number,
      input: MembershipChangeInput,
    ): Promise<{ customer: Customer; message: string }> {
      const result = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user || user.role !== 'shopper') throw notFound(customerMessages.notShopper);
        const at = now();
        const [active] = await tx
          .select()
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, userId),
              eq(memberships.status, 'completed'),
              lte(memberships.startsAt, at),
              gt(memberships.endsAt, at),
            ),
          )
          .orderBy(desc(memberships.endsAt))
          .limit(1)
          .for('update');
        const months = input.months ?? 12;
        const addMonths = (from: Date) => {
          const next = new Date(from.getTime());
          next.setUTCMonth(next.getUTCMonth() + months);
          return next;
        };
        const reference = `staff-${caller.id ?? 'key'}-${at.getTime()}`;
        const before = active?.endsAt?.toISOString() ?? null;
        let until: Date | null;
        let message: string;
        if (input.action === 'grant') {
          if (active) throw new AppError('CONFLICT', customerMessages.alreadyMember);
          until = addMonths(at);
          await tx.insert(memberships).values({
            userId,
            type: 'premium',
            status: 'completed',
            paymentReference: reference,
            amountToea: 0,
            startsAt: at,
            endsAt: until,
          });
          message = customerMessages.granted(formatInvoiceDate(until));
        } else {
          if (!active?.endsAt) throw new AppError('CONFLICT', customerMessages.notMember);
          until = input.action === 'extend' ? addMonths(active.endsAt) : at;
          // Ending: every active membership of the shopper ends now (a renewal may have stacked more than one).
          await tx
            .update(memberships)
            .set({ endsAt: until })
            .where(
              input.action === 'extend'
                ? eq(memberships.id, active.id)
                : and(eq(memberships.userId, userId), eq(memberships.status, 'completed'), gt(memberships.endsAt, at)),
            );
          message =
            input.action === 'extend' ? customerMessages.extended(formatInvoiceDate(until)) : customerMessages.ended;
        }
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: `membership.${input.action === 'grant' ? 'granted' : input.action === 'extend' ? 'extended' : 'ended'}`,
          entityType: 'membership',
          entityId: userId,
          summary: `${message} ${user.email}. Reason: ${input.reason}`,
          before: { memberUntil: before },
          after: { memberUntil: input.action === 'end' ? null : until.toISOString(), reason: input.reason },
        });
        // Issue 31: in the shopper's language, kept on their orders (the latest one's), else English.
        const [latest] = await tx
          .select({ locale: orders.locale })
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.id))
          .limit(1);
        await mailer.enqueue(
          tx,
          membershipChangedEmail({
            to: user.email,
            fullName: user.fullName,
            until: input.action === 'end' ? null : until,
            reason: input.reason,
            locale: emailLocaleOf(latest?.locale),
          }),
        );
        return { message, customer: await one(tx, userId) };
      });
      mailer.wake();
      return result;
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
