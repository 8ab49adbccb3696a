import { z } from 'zod';
import { gstIncluded } from './invoice';

/*
 * The day's numbers (issue 21, decision 018), permission reports:
 *   GET /api/admin/dashboard -> Dashboard. Periods in Port Moresby time (UTC+10, no daylight saving): today, this
 *   week (from Monday), this month. Sales = orders paid in the period that are still paid (by paid_at), in toea;
 *   GST = the sum of each order's total / 11 to the toea (gstIncluded, the invoice's rule).
 */
export const salesFiguresSchema = z.object({
  /** Toea. */
  total: z.number().int(),
  orders: z.number().int(),
  /** Toea, rounded to the toea; 0 without orders. */
  average: z.number().int(),
  /** Toea. */
  gst: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const dashboardSchema = z.object({
  generatedAt: z.string(),
  today: salesFiguresSchema,
  week: salesFiguresSchema,
  month: salesFiguresSchema,
  /** The last 30 Port Moresby days, oldest first: day (YYYY-MM-DD), toea, orders. */
  daily: z.array(z.object({ day: z.string(), total: z.number().int(), orders: z.number().int() })),
  /** The last 30 days' best sellers by units. */
  topProducts: z.array(
    z.object({ productId: z.number().int(), name: z.string(), units: z.number().int(), total: z.number().int() }),
  ),
  lowStock: z.array(
    z.object({ productId: z.number().int(), name: z.string(), stock: z.number().int(), threshold: z.number().int() }),
  ),
  awaitingPayment: z.number().int(),
  awaitingDispatch: z.number().int(),
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

/** Figures of a set of paid order totals (toea). */
export function salesFigures(totals: readonly number[]): SalesFigures {
  const total = totals.reduce((sum, value) => sum + value, 0);
  return {
    total,
    orders: totals.length,
    average: totals.length === 0 ? 0 : Math.round(total / totals.length),
    gst: totals.reduce((sum, value) => sum + gstIncluded(value), 0),
  };
}
