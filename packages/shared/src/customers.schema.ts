import { z } from 'zod';

/*
 * Customers (issue 21, decision 018), permission members:
 *   GET  /api/admin/customers?q=&page=&pageSize=  -> CustomersPage: registered shoppers and guests (by e-mail), with
 *        their orders count, total spent (paid orders less refunds, toea) and membership; newest activity first.
 *   GET  /api/admin/customers/orders?userId= | ?email=  -> { orders: CustomerOrder[] }
 *   POST /api/admin/customers/:userId/membership  MembershipChangeInput -> { customer, message }
 *        grant (none active: from now for `months`), extend (the active one by `months`), end (now); with a reason,
 *        audited and e-mailed to the shopper.
 */
export const customersQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const customerSchema = z.object({
  kind: z.enum(['registered', 'guest']),
  userId: z.number().int().nullable(),
  email: z.string(),
  name: z.string(),
  orders: z.number().int(),
  /** Toea: paid orders less what was refunded. */
  totalSpent: z.number().int(),
  lastOrderAt: z.string().nullable(),
  /** The active Premium membership's end; null when not a member (guests never are). */
  memberUntil: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersPageSchema = z.object({
  items: z.array(customerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

export const customerOrdersQuerySchema = z
  .object({
    userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    email: z.email().max(254).optional(),
  })
  .refine((query) => (query.userId === undefined) !== (query.email === undefined), {
    message: 'Give a userId or an e-mail.',
    path: ['email'],
  });

export const customerOrderSchema = z.object({
  id: z.number().int(),
  placedAt: z.string(),
  total: z.number().int(),
  paymentStatus: z.string(),
  shippingStatus: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const membershipActions = ['grant', 'extend', 'end'] as const;
export type MembershipAction = (typeof membershipActions)[number];

export const membershipChangeSchema = z
  .object({
    action: z.enum(membershipActions),
    /** Months to grant or extend by (1 to 36); not for end. */
    months: z.number().int().min(1, 'From 1 to 36 months.').max(36, 'From 1 to 36 months.').optional(),
    reason: z.string().trim().min(1, 'Please give a reason.').max(500),
  })
  .superRefine((input, ctx) => {
    if (input.action !== 'end' && input.months === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Choose how many months.', path: ['months'] });
    }
  });
export type MembershipChangeInput = z.input<typeof membershipChangeSchema>;

export const membershipChangeResponseSchema = z.object({ customer: customerSchema, message: z.string() });

export const customerMessages = {
  notShopper: 'No shopper account with that id.',
  alreadyMember: 'This shopper is already a member: extend the membership instead.',
  notMember: 'This shopper has no active membership.',
  granted: (until: string) => `Premium granted until ${until}.`,
  extended: (until: string) => `Premium extended until ${until}.`,
  ended: 'Premium ended.',
} as const;
