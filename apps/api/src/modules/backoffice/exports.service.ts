import { Readable } from 'node:stream';
import {
  bookFigures,
  csvSafeCell,
  gstIncluded,
  portMoresbyDay,
  portMoresbyDayStart,
  toKinaDecimal,
} from '@bilum/shared';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, orderItems, orders, users } from '../../db/schema';
import { orderLineName } from '../orders/order-line-name';
import { booksBetween, booksOf } from './books';

/**
 * CSV exports (issue 21, decision 018): orders, order lines, customers and members for a range of Port Moresby days,
 * amounts in kina with two decimals, times in Port Moresby time; since issue 27 the daily sales net of refunds
 * (`sales`), and the orders' refunded amount and net sales from the one books rule (books.ts). Streamed: the rows
 * are read a page at a time with a keyset cursor (`id > last`, 1,000 rows) and piped through csv-stringify, so
 * memory stays bounded however many orders there are. Every file starts with a UTF-8 byte-order mark, so Excel
 * reads "Kōkō" as written.
 */
export const exportKinds = ['orders', 'order-lines', 'customers', 'members', 'sales'] as const;
export type ExportKind = (typeof exportKinds)[number];

const PAGE = 1_000;
const DAY_MS = 86_400_000;

/** "2026-03-01 23:30" in Port Moresby time (UTC+10). */
export const portMoresbyTime = (at: Date | null) =>
  at === null ? '' : new Date(at.getTime() + 10 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const cell = (value: string | number | null) => (value === null ? '' : csvSafeCell(String(value)));

export function createExportsService(deps: { db: Database }) {
  const { db } = deps;

  function range(from: string, to: string) {
    return { start: portMoresbyDayStart(from), end: new Date(portMoresbyDayStart(to).getTime() + DAY_MS) };
  }

  async function* ordersRows(from: string, to: string): AsyncGenerator<string[]> {
    const { start, end } = range(from, to);
    yield [
      'order',
      'placed',
      'paid',
      'customer',
      'email',
      'type',
      'payment method',
      'payment status',
      'shipping status',
      'zone',
      'shipping (K)',
      'discount code',
      'discount (K)',
      'total (K)',
      'GST (K)',
      'refunded (K)',
      'net sales (K)',
      'GST on net sales (K)',
    ];
    let last = 0;
    for (;;) {
      const page = await db
        .select()
        .from(orders)
        .where(and(gt(orders.id, last), gte(orders.placedAt, start), lt(orders.placedAt, end)))
        .orderBy(asc(orders.id))
        .limit(PAGE);
      // Refunded = everything given back (an over-payment's excess too); net sales = the sale less its refunds.
      const books = await booksOf(db, page, { lines: false });
      for (const order of page) {
        const { returned = 0, net = 0 } = books.get(order.id) ?? {};
        yield [
          String(order.id),
          portMoresbyTime(order.placedAt),
          portMoresbyTime(order.paidAt),
          cell(`${order.firstName} ${order.lastName}`),
          cell(order.email),
          order.orderType,
          order.paymentMethod,
          order.paymentStatus,
          order.shippingStatus,
          cell(order.pickupLocation ? 'Pickup' : order.deliveryZone),
          toKinaDecimal(order.shippingToea),
          cell(order.discountCode),
          toKinaDecimal(order.discountToea),
          toKinaDecimal(order.totalToea),
          toKinaDecimal(gstIncluded(order.totalToea)),
          toKinaDecimal(returned),
          toKinaDecimal(net),
          toKinaDecimal(gstIncluded(net)),
        ];
      }
      if (page.length < PAGE) return;
      last = page.at(-1)?.id ?? last;
    }
  }

  async function* lineRows(from: string, to: string): AsyncGenerator<string[]> {
    const { start, end } = range(from, to);
    yield [
      'order',
      'placed',
      'product id',
      'product',
      'quantity',
      'unit price (K)',
      'line total (K)',
      'discount (K)',
      'payment status',
    ];
    let last = 0;
    for (;;) {
      const page = await db
        .select({ item: orderItems, placedAt: orders.placedAt, paymentStatus: orders.paymentStatus })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(gt(orderItems.id, last), gte(orders.placedAt, start), lt(orders.placedAt, end)))
        .orderBy(asc(orderItems.id))
        .limit(PAGE);
      for (const { item, placedAt, paymentStatus } of page) {
        yield [
          String(item.orderId),
          portMoresbyTime(placedAt),
          String(item.productId),
          // The variant named in the product cell (issue 30): "Galaxy A55 – 256 GB / Black".
          cell(orderLineName(item)),
          String(item.quantity),
          toKinaDecimal(item.unitPriceToea),
          toKinaDecimal(item.unitPriceToea * item.quantity),
          toKinaDecimal(item.discountToea),
          paymentStatus,
        ];
      }
      if (page.length < PAGE) return;
      last = page.at(-1)?.item.id ?? last;
    }
  }

  /** Customers who ordered in the range (a registered shopper by account, a guest by e-mail), keyed for the cursor. */
  async function* customerRows(from: string, to: string): AsyncGenerator<string[]> {
    const { start, end } = range(from, to);
    yield ['customer', 'type', 'email', 'name', 'orders', 'paid orders', 'spent (K)', 'first order', 'last order'];
    let last = '';
    const key: SQL = sql`coalesce('u' || lpad(${orders.userId}::text, 10, '0'), 'g' || lower(${orders.email}))`;
    for (;;) {
      const page = (await db.execute(sql`
        select ${key} as key, max(${orders.orderType}) as type, max(lower(${orders.email})) as email,
               max(${orders.firstName} || ' ' || ${orders.lastName}) as name, count(*)::int as orders,
               count(*) filter (where ${orders.paymentStatus} = 'paid')::int as paid,
               coalesce(sum(${orders.totalToea}) filter (where ${orders.paymentStatus} = 'paid'), 0)::bigint as spent,
               min(${orders.placedAt}) as first, max(${orders.placedAt}) as latest
          from ${orders}
         where ${orders.placedAt} >= ${start.toISOString()}::timestamptz and ${orders.placedAt} < ${end.toISOString()}::timestamptz
         group by 1 having ${key} > ${last}
         order by 1 limit ${PAGE}`)) as unknown as {
        rows: {
          key: string;
          type: string;
          email: string;
          name: string;
          orders: number;
          paid: number;
          spent: string | number;
          first: string | Date;
          latest: string | Date;
        }[];
      };
      for (const row of page.rows) {
        yield [
          row.key.startsWith('u') ? `account ${Number(row.key.slice(1))}` : 'guest',
          row.type,
          cell(row.email),
          cell(row.name),
          String(row.orders),
          String(row.paid),
          toKinaDecimal(Number(row.spent)),
          portMoresbyTime(new Date(row.first)),
          portMoresbyTime(new Date(row.latest)),
        ];
      }
      if (page.rows.length < PAGE) return;
      last = page.rows.at(-1)?.key ?? last;
    }
  }

  /** Memberships that ran at some time in the range. */
  async function* memberRows(from: string, to: string): AsyncGenerator<string[]> {
    const { start, end } = range(from, to);
    yield ['membership', 'account', 'email', 'name', 'status', 'starts', 'ends', 'reference', 'amount (K)', 'refunded'];
    let last = 0;
    for (;;) {
      const page = await db
        .select({ membership: memberships, email: users.email, name: users.fullName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            gt(memberships.id, last),
            inArray(memberships.status, ['completed']),
            lt(memberships.startsAt, end),
            gt(memberships.endsAt, start),
          ),
        )
        .orderBy(asc(memberships.id))
        .limit(PAGE);
      for (const { membership, email, name } of page) {
        yield [
          String(membership.id),
          String(membership.userId),
          cell(email),
          cell(name),
          membership.status,
          portMoresbyTime(membership.startsAt),
          portMoresbyTime(membership.endsAt),
          cell(membership.paymentReference),
          membership.amountToea === null ? '' : toKinaDecimal(membership.amountToea),
          portMoresbyTime(membership.refundedAt),
        ];
      }
      if (page.length < PAGE) return;
      last = page.at(-1)?.membership.id ?? last;
    }
  }

  /**
   * Sales per Port Moresby day, net of refunds (issue 27): every day of the range, sales on the day they were paid,
   * refunds on the day they were made, and the GST in the day's net. One row per day, so memory is bounded by the
   * days, not the orders.
   */
  async function* salesRows(from: string, to: string): AsyncGenerator<string[]> {
    const { start, end } = range(from, to);
    yield ['day', 'orders', 'gross sales (K)', 'refunds (K)', 'net sales (K)', 'GST on net sales (K)'];
    const days = new Map<string, { gross: number; refunds: number; orders: number }>();
    for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) {
      days.set(portMoresbyDay(new Date(at)), { gross: 0, refunds: 0, orders: 0 });
    }
    const inRange = (at: Date) => at >= start && at < end;
    for await (const page of booksBetween(db, start, end, { lines: false })) {
      for (const books of page) {
        const sale = books.sale;
        const day = sale && inRange(sale.at) ? days.get(portMoresbyDay(sale.at)) : undefined;
        if (sale && day) {
          day.gross += sale.amount;
          day.orders += 1;
        }
        for (const refund of books.refunds) {
          const refundDay = inRange(refund.at) ? days.get(portMoresbyDay(refund.at)) : undefined;
          if (refundDay) refundDay.refunds += refund.amount;
        }
      }
    }
    for (const [day, sums] of days) {
      const figures = bookFigures(sums);
      yield [
        day,
        String(figures.orders),
        toKinaDecimal(figures.gross),
        toKinaDecimal(figures.refunds),
        toKinaDecimal(figures.net),
        toKinaDecimal(figures.gst),
      ];
    }
  }

  const sources: Record<ExportKind, (from: string, to: string) => AsyncGenerator<string[]>> = {
    orders: ordersRows,
    'order-lines': lineRows,
    customers: customerRows,
    members: memberRows,
    sales: salesRows,
  };

  return {
    /** The CSV as a stream: a UTF-8 byte-order mark (Excel), then CRLF lines, like the catalogue export. */
    stream(kind: ExportKind, from: string, to: string): Readable {
      return Readable.from(sources[kind](from, to)).pipe(stringify({ record_delimiter: 'windows', bom: true }));
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
