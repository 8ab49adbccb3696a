import { z } from 'zod';

/*
 * The day's numbers (issue 21, decision 018; net of refunds since issue 27), permission reports:
 *   GET /api/admin/dashboard -> Dashboard. Periods in Port Moresby time (UTC+10, no daylight saving): today, this
 *   week (from Monday), this month. Gross = the totals of the orders paid in the period (by paid_at, refunded since
 *   or not); refunds = what refunds made in the period took off the sales (a refund counts on its own day); net =
 *   gross - refunds; GST = the GST included in the net (gstIncluded, the invoice's rule). The rule is `orderBooks`
 *   and `bookFigures` in books.ts.
 */
export const salesFiguresSchema = z.object({
  /** Toea: orders paid in the period. */
  gross: z.number().int(),
  /** Toea: refunds made in the period. */
  refunds: z.number().int(),
  /** Toea: gross - refunds (negative when refunds outweigh the sales). */
  net: z.number().int(),
  /** Toea: the GST included in the net. */
  gst: z.number().int(),
  orders: z.number().int(),
  /** Toea: gross / orders, rounded to the toea; 0 without orders. */
  average: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const refundProblemSchema = z.object({
  orderId: z.number().int(),
  /** Toea. */
  amount: z.number().int(),
  /** When the refund failed, or when the order was cancelled. */
  at: z.string(),
  /**
   * `card-refund-failed`: the provider refused a card refund and nothing has been refunded since;
   * `cancelled-not-refunded`: a paid order was cancelled and its refund has not gone through (retried by the jobs).
   */
  problem: z.enum(['card-refund-failed', 'cancelled-not-refunded']),
  /** Who asked for it (a failed card refund), or null. */
  by: z.string().nullable(),
});
export type RefundProblem = z.infer<typeof refundProblemSchema>;

export const dashboardSchema = z.object({
  generatedAt: z.string(),
  today: salesFiguresSchema,
  week: salesFiguresSchema,
  month: salesFiguresSchema,
  /** The last 30 Port Moresby days, oldest first: day (YYYY-MM-DD) and its figures. */
  daily: z.array(salesFiguresSchema.omit({ average: true }).extend({ day: z.string() })),
  /** The last 30 days' best sellers: units sold less units refunded in those days, and their value (toea). */
  topProducts: z.array(
    z.object({ productId: z.number().int(), name: z.string(), units: z.number().int(), total: z.number().int() }),
  ),
  /** Variants at or below their low-stock line (issue 30), named with their variant ("Galaxy A55 – 256 GB / Black"). */
  lowStock: z.array(
    z.object({
      productId: z.number().int(),
      variantId: z.number().int(),
      name: z.string(),
      stock: z.number().int(),
      threshold: z.number().int(),
    }),
  ),
  awaitingPayment: z.number().int(),
  awaitingDispatch: z.number().int(),
  /** Refunds staff must look at: card refunds that failed (last 30 days) and cancelled orders still paid. */
  refundProblems: z.array(refundProblemSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const PM_OFFSET_MS = 10 * 60 * 60_000;

/** The Port Moresby calendar day (YYYY-MM-DD) of an instant. */
export const portMoresbyDay = (at: Date): string => new Date(at.getTime() + PM_OFFSET_MS).toISOString().slice(0, 10);

/** The instants today, this week (Monday) and this month start in Port Moresby. */
export function portMoresbyPeriodStarts(now: Date): { today: Date; week: Date; month: Date } {
  const local = new Date(now.getTime() + PM_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const weekday = (local.getUTCDay() + 6) % 7; // Monday = 0
  return {
    today: new Date(day - PM_OFFSET_MS),
    week: new Date(day - weekday * 86_400_000 - PM_OFFSET_MS),
    month: new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - PM_OFFSET_MS),
  };
}
