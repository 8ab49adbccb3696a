import { z } from 'zod';

/** What an activity entry is about (issue 21, contracts B). */
export const activityEntityTypes = [
  'order',
  'product',
  'category',
  'discount-code',
  'settings',
  'membership',
  'staff',
  'api-key',
  'webhook',
  'customer',
] as const;
export type ActivityEntityType = (typeof activityEntityTypes)[number];

export const activityActorKinds = ['staff', 'api-key', 'shopper', 'system'] as const;

/** One entry of the activity log, as GET /api/admin/activity answers it. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO date and time'),
  actor: z.object({ kind: z.enum(activityActorKinds), name: z.string() }),
  action: z.string().describe("dotted, e.g. 'order.dispatched', 'product.price-changed'"),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/admin/activity query: filters and a page. */
export const activityQuerySchema = z.object({
  entityType: z.enum(activityEntityTypes).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
