import { z } from 'zod';

/** One row of "All User Records": the shopper and their latest membership record (null fields: no membership). */
export const memberRecordSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  /** Country code plus digits, or null when unknown. */
  phone: z.string().nullable(),
  membershipType: z.string().nullable(),
  /**
   * completed, pending, failed, expired (a completed year that has ended), or refunded (its year was withdrawn
   * because the payment was refunded); null without a membership.
   */
  status: z.enum(['completed', 'succeeded', 'pending', 'failed', 'expired', 'refunded']).nullable(),
  /** ISO date of the latest payment. */
  paymentDate: z.string().nullable(),
  reference: z.string().nullable(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

/** GET /api/admin/members (the spec's check_membership_status). */
export const membersOverviewSchema = z.object({
  users: z.array(memberRecordSchema),
  totalUsers: z.number().int(),
  activeMembers: z.number().int(),
  pendingMembers: z.number().int(),
  nonMembers: z.number().int(),
});
export type MembersOverview = z.infer<typeof membersOverviewSchema>;
