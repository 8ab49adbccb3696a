import { type Dashboard, portMoresbyDay, portMoresbyPeriodStarts, salesFigures } from '@bilum/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';

const DAY_MS = 86_400_000;

/** The day's numbers (issue 21, decision 018): read-only sums over the paid orders. */
export function createDashboardService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    async get(): Promise<Dashboard> {
      const at = now();
      const starts = portMoresbyPeriodStarts(at);
      const chartStart = new Date(starts.today.getTime() - 29 * DAY_MS);
      const since = chartStart < starts.month ? chartStart : starts.month;
      const sinceWeek = since < starts.week ? since : starts.week;
      const paidNow = and(eq(orders.paymentStatus, 'paid'), isNotNull(orders.paidAt), gte(orders.paidAt, sinceWeek));
      const [paid, top, low, [awaiting]] = await Promise.all([
        // A shop's month of paid orders: a few thousand rows at most, two columns.
        db.select({ paidAt: orders.paidAt, total: orders.totalToea }).from(orders).where(paidNow),
        db
          .select({
            productId: orderItems.productId,
            name: sql<string>`max(${orderItems.productName})`,
            units: sql<number>`sum(${orderItems.quantity})::int`,
            total: sql<number>`sum(${orderItems.quantity} * ${orderItems.unitPriceToea})::int`,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(eq(orders.paymentStatus, 'paid'), gte(orders.paidAt, chartStart)))
          .groupBy(orderItems.productId)
          .orderBy(desc(sql`sum(${orderItems.quantity})`), asc(orderItems.productId))
          .limit(5),
        db
          .select({
            productId: products.id,
            name: products.name,
            stock: products.stock,
            threshold: products.lowStockThreshold,
          })
          .from(products)
          .where(
            and(
              eq(products.isMembership, false),
              ne(products.status, 'inactive'),
              lte(products.stock, products.lowStockThreshold),
            ),
          )
          .orderBy(asc(products.stock), asc(products.id))
          .limit(10),
        db
          .select({
            payment: sql<number>`count(*) filter (where ${orders.paymentMethod} <> 'card' and ${orders.paymentStatus} = 'pending' and ${orders.stockState} = 'held')::int`,
            dispatch: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'paid' and ${orders.shippingStatus} in ('Pending','Processing') and exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and not ${orderItems.isMembership}))::int`,
          })
          .from(orders)
          .where(inArray(orders.shippingStatus, ['Pending', 'Processing'])),
      ]);
      const inPeriod = (start: Date) =>
        paid.filter((row) => row.paidAt && row.paidAt >= start && row.paidAt <= at).map((row) => row.total);
      const days = new Map<string, { total: number; orders: number }>();
      for (let index = 0; index < 30; index += 1) {
        days.set(portMoresbyDay(new Date(chartStart.getTime() + index * DAY_MS)), { total: 0, orders: 0 });
      }
      for (const row of paid) {
        if (!row.paidAt) continue;
        const day = days.get(portMoresbyDay(row.paidAt));
        if (day) {
          day.total += row.total;
          day.orders += 1;
        }
      }
      return {
        generatedAt: at.toISOString(),
        today: salesFigures(inPeriod(starts.today)),
        week: salesFigures(inPeriod(starts.week)),
        month: salesFigures(inPeriod(starts.month)),
        daily: [...days].map(([day, figures]) => ({ day, ...figures })),
        topProducts: top.map((row) => ({ ...row, units: Number(row.units), total: Number(row.total) })),
        lowStock: low,
        awaitingPayment: Number(awaiting?.payment ?? 0),
        awaitingDispatch: Number(awaiting?.dispatch ?? 0),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
