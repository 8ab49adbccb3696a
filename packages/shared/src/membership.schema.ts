import { z } from 'zod';
import { membershipStateSchema } from './accounts.schema';
import { paymentOutcomeStatuses, testCardSchema } from './checkout.schema';
import { membershipMessages } from './membership';

/*
 * Buying Premium on /membership-payment (the spec's create_membership_payment_intent and
 * process_membership_payment). The shopper is the session's; the amount (the Premium product's price) is the server's.
 *
 *   POST /api/membership/payment                 {} -> 201 StartMembershipPayment (a pending membership record
 *                                                and its payment intent; opening the page again reuses them)
 *                                                409 CONFLICT "You already have an active membership." outside
 *                                                the last 30 days of an active membership
 *   POST /api/membership/payment/:id/confirm     ConfirmMembershipPaymentInput -> MembershipPaymentResult
 *   POST /api/membership/payment/:id/refresh     {} -> MembershipPaymentResult (after the 3-D Secure page, or
 *                                                while processing)
 *
 * The membership is completed only once the server has read the intent back from the provider and its amount
 * and currency match; the provider's webhook and the reconciliation complete it too when the browser is gone.
 */

export const membershipPaymentIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Membership payment id must be a number.' }).int().positive().max(2_147_483_647),
});

export const startMembershipPaymentResponseSchema = z.object({
  membershipId: z.number().int(),
  /** True when this payment adds a year to an active membership (Renew in the last 30 days). */
  renewal: z.boolean(),
  payment: z.object({
    intentId: z.string(),
    clientSecret: z.string(),
    amount: z.number().int().describe('toea: the Premium membership product’s price when the payment was opened'),
    currency: z.literal('pgk'),
  }),
});
export type StartMembershipPayment = z.infer<typeof startMembershipPaymentResponseSchema>;

/** The membership form (checkout-and-admin.md 5): a cardholder name, the terms, and the card of the provider. */
export const membershipFormSchema = z.object({
  cardholderName: z.string().trim().min(1, membershipMessages.cardholderRequired).max(200),
  termsAccepted: z.boolean().refine((value) => value, { message: membershipMessages.termsRequired }),
});
export type MembershipFormInput = z.input<typeof membershipFormSchema>;

export const confirmMembershipPaymentSchema = membershipFormSchema.extend({
  /** Test-card simulator only. */
  card: testCardSchema.optional(),
  /** Stripe only: the PaymentMethod that Stripe Elements made in the browser. */
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  /** Where the 3-D Secure page sends the shopper back to (a path of the shop). */
  returnUrl: z.string().trim().max(2000).optional(),
});
export type ConfirmMembershipPaymentInput = z.input<typeof confirmMembershipPaymentSchema>;

export const membershipPaymentResultSchema = z.object({
  status: z.enum(paymentOutcomeStatuses),
  /** The shopper's membership after this answer (active at once when succeeded). */
  membership: membershipStateSchema,
  nextActionUrl: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type MembershipPaymentResult = z.infer<typeof membershipPaymentResultSchema>;

/** GET /api/membership/premium: the Premium membership product, the one source of its price (issue 18). */
export const premiumOfferSchema = z.object({
  productId: z.number().int(),
  price: z.number().int().describe('toea'),
});
export type PremiumOffer = z.infer<typeof premiumOfferSchema>;
