import {
  type BookUnits,
  bookFigures,
  type Dashboard,
  nameWithVariant,
  portMoresbyDay,
  portMoresbyPeriodStarts,
  type RefundProblem,
} from '@bilum/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { orderItems, orderRefunds, orders, products, productVariants } from '../../db/schema';
import { variantsByIds } from '../variants/variant-lookup';
import { booksBetween } from './books';
import { paidToea } from './refunds.service';

const DAY_MS = 86_400_000;

interface Sums {
  gross: number;
  refunds: number;
  orders: number;
}
const noSums = (): Sums => ({ gross: 0, refunds: 0, orders: 0 });

/**
 * Refunds staff must look at (issue 27): card refunds the provider refused since `since` after which nothing was
 * refunded on the order, and paid orders cancelled whose refund has not gone through (the jobs retry those).
 */
async function refundProblems(db: DbExecutor, since: Date): Promise<RefundProblem[]> {
  const [failed, cancelled] = await Promise.all([
    db
      .select({
        orderId: orderRefunds.orderId,
        amount: orderRefunds.amountToea,
        at: orderRefunds.createdAt,
        by: orderRefunds.createdByName,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(
        and(
          eq(orderRefunds.status, 'failed'),
          gte(orderRefunds.createdAt, since),
          eq(orders.paymentStatus, 'paid'),
          sql`not exists (select 1 from ${orderRefunds} later where later.order_id = ${orderRefunds.orderId}
                and later.status = 'succeeded' and later.id > ${orderRefunds.id})`,
        ),
      )
      .orderBy(desc(orderRefunds.createdAt))
      .limit(10),
    db
      .select({
        order: {
          id: orders.id,
          totalToea: orders.totalToea,
          paymentMethod: orders.paymentMethod,
          paidAt: orders.paidAt,
          amountReceivedToea: orders.amountReceivedToea,
          cancelledAt: orders.cancelledAt,
        },
        refunded: sql<number>`coalesce((select sum(${orderRefunds.amountToea}) from ${orderRefunds}
          where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} <> 'failed'), 0)::int`,
      })
      .from(orders)
      .where(and(eq(orders.shippingStatus, 'Cancelled'), eq(orders.paymentStatus, 'paid'), isNotNull(orders.paidAt)))
      .orderBy(desc(orders.cancelledAt))
      .limit(10),
  ]);
  return [
    ...failed.map((row) => ({
      orderId: row.orderId,
      amount: row.amount,
      at: row.at.toISOString(),
      problem: 'card-refund-failed' as const,
      by: row.by,
    })),
    ...cancelled.map(({ order, refunded }) => ({
      orderId: order.id,
      amount: paidToea(order) - Number(refunded),
      at: (order.cancelledAt ?? order.paidAt ?? new Date(0)).toISOString(),
      problem: 'cancelled-not-refunded' as const,
      by: null,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * Variants at or below their own low-stock line (issue 30, decision 042: stock and its alert are the variant's),
 * each named as its order lines are ("Galaxy A55 – 256 GB / Black"; a product without options by its name alone),
 * fewest units first. Best sellers stay per product: they rank what sells, a product's variants together.
 */
async function lowStock(db: DbExecutor): Promise<Dashboard['lowStock']> {
  const rows = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      productName: products.name,
      stock: productVariants.stock,
      threshold: productVariants.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        isNull(productVariants.archivedAt),
        eq(products.isMembership, false),
        ne(products.status, 'inactive'),
        lte(productVariants.stock, productVariants.lowStockThreshold),
      ),
    )
    .orderBy(asc(productVariants.stock), asc(products.id), asc(productVariants.position), asc(productVariants.id))
    .limit(10);
  const variants = await variantsByIds(
    db,
    rows.map((row) => row.variantId),
  );
  return rows.map(({ productName, ...row }) => ({
    ...row,
    name: nameWithVariant(productName, variants.get(row.variantId)?.label ?? ''),
  }));
}

/**
 * The day's numbers (issue 21, decision 018), net of refunds since issue 27: gross sales on the day they were paid,
 * refunds on the day they were made, net and the GST in the net, per period and per Port Moresby day; top products
 * by units sold less units refunded in the 30 days. The books of the orders touching the window are read a page at
 * a time and summed here (a shop's month is thousands of orders at most).
 */
export function createDashboardService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    async get(): Promise<Dashboard> {
      const at = now();
      const starts = portMoresbyPeriodStarts(at);
      const chartStart = new Date(starts.today.getTime() - 29 * DAY_MS);
      const since = new Date(Math.min(chartStart.getTime(), starts.month.getTime(), starts.week.getTime()));
      const end = new Date(at.getTime() + 1);

      const periods = { today: noSums(), week: noSums(), month: noSums() };
      const days = new Map<string, Sums>();
      for (let index = 0; index < 30; index += 1) {
        days.set(portMoresbyDay(new Date(chartStart.getTime() + index * DAY_MS)), noSums());
      }
      const top = new Map<number, { productId: number; name: string; units: number; total: number }>();
      const count = (entryAt: Date, amount: number, kind: 'sale' | 'refund', units: BookUnits[]) => {
        if (entryAt > at) return;
        const add = (sums: Sums) => {
          if (kind === 'sale') {
            sums.gross += amount;
            sums.orders += 1;
          } else sums.refunds += amount;
        };
        for (const period of ['today', 'week', 'month'] as const) if (entryAt >= starts[period]) add(periods[period]);
        const day = days.get(portMoresbyDay(entryAt));
        if (day) add(day);
        if (entryAt < chartStart) return;
        for (const unit of units) {
          const sign = kind === 'sale' ? 1 : -1;
          const product = top.get(unit.productId) ?? {
            productId: unit.productId,
            name: unit.productName,
            units: 0,
            total: 0,
          };
          product.units += sign * unit.quantity;
          product.total += sign * unit.value;
          top.set(unit.productId, product);
        }
      };
      for await (const page of booksBetween(db, since, end, { lines: true })) {
        for (const books of page) {
          if (books.sale) count(books.sale.at, books.sale.amount, 'sale', books.sale.units);
          for (const refund of books.refunds) count(refund.at, refund.amount, 'refund', refund.units);
        }
      }

      const [low, [awaiting], problems] = await Promise.all([
        lowStock(db),
        db
          .select({
            payment: sql<number>`count(*) filter (where ${orders.paymentMethod} <> 'card' and ${orders.paymentStatus} = 'pending' and ${orders.stockState} = 'held')::int`,
            dispatch: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'paid' and ${orders.shippingStatus} in ('Pending','Processing') and exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and not ${orderItems.isMembership}))::int`,
          })
          .from(orders)
          .where(inArray(orders.shippingStatus, ['Pending', 'Processing'])),
        refundProblems(db, chartStart),
      ]);
      return {
        generatedAt: at.toISOString(),
        today: bookFigures(periods.today),
        week: bookFigures(periods.week),
        month: bookFigures(periods.month),
        daily: [...days].map(([day, sums]) => {
          const { gross, refunds, net, gst, orders: paid } = bookFigures(sums);
          return { day, gross, refunds, net, gst, orders: paid };
        }),
        topProducts: [...top.values()]
          .filter((product) => product.units > 0)
          .sort((a, b) => b.units - a.units || a.productId - b.productId)
          .slice(0, 5),
        lowStock: low,
        awaitingPayment: Number(awaiting?.payment ?? 0),
        awaitingDispatch: Number(awaiting?.dispatch ?? 0),
        refundProblems: problems,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
