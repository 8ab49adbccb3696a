import { z } from 'zod';
import { fairHoldDefaults } from './fair-holds';
import { MAX_STORED_TOEA } from './money';
import { shopperOrderStatusSchema } from './order-status';
import {
  counterPaymentMethods,
  orderPaymentStates,
  parseIsoDate,
  paymentMethodMessages as messages,
  paymentMethods,
} from './payment-methods';

/**
 * Payment methods (issue 19, docs/decisions/011-payment-methods.md):
 *   GET  /api/payment-methods                   -> PublicPaymentMethods (which ways to pay are on)
 *   GET  /api/admin/settings/payments           -> PaymentSettings          (permission settings)
 *   PUT  /api/admin/settings/payments           body PaymentSettings -> { settings, message }
 *   POST /api/admin/orders/:id/payments         body RecordPaymentInput -> AdminOrderPaymentAnswer (orders.fulfil)
 *   POST /api/admin/orders/:id/collected        body MarkCollectedInput -> AdminOrderPaymentAnswer (orders.fulfil)
 *   GET  /api/admin/orders/:id/payments         -> AdminOrderPayment (method, reference, received, payments)
 */

const text = (max: number) => z.string().trim().max(max);

/** A whole number between `min` and `max`, with one message for every way it can be wrong. */
const wholeBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * Issue 28 (decision 029): what unpaid bank-transfer and pickup orders may hold. Optional in a request (a client
 * that does not know them sends the defaults), always present in an answer.
 */
export const holdCapsSchema = z.object({
  holdUnitsPerShopper: wholeBetween(1, 1000, 'Items per shopper must be a whole number from 1 to 1,000.').default(
    fairHoldDefaults.holdUnitsPerShopper,
  ),
  holdValuePerShopperToea: wholeBetween(100, 100_000_000, 'Value per shopper must be from K1 to K1,000,000.').default(
    fairHoldDefaults.holdValuePerShopperToea,
  ),
  holdUnitsPerAddress: wholeBetween(
    1,
    100_000,
    'Items per internet address must be a whole number from 1 to 100,000.',
  ).default(fairHoldDefaults.holdUnitsPerAddress),
  holdValuePerAddressToea: wholeBetween(
    100,
    2_000_000_000,
    'Value per internet address must be from K1 to K20,000,000.',
  ).default(fairHoldDefaults.holdValuePerAddressToea),
  holdStockSharePercent: wholeBetween(
    10,
    100,
    'Share of a product’s stock must be a whole percent from 10 to 100.',
  ).default(fairHoldDefaults.holdStockSharePercent),
  unconfirmedHoldMinutes: wholeBetween(
    5,
    60,
    'Unconfirmed hold must be a whole number of minutes from 5 to 60.',
  ).default(fairHoldDefaults.unconfirmedHoldMinutes),
});

export const paymentSettingsSchema = z
  .object({
    cardEnabled: z.boolean(),
    bankTransferEnabled: z.boolean(),
    pickupEnabled: z.boolean(),
    bankAccountName: text(120),
    bankName: text(120),
    bankBsb: text(20),
    bankAccountNumber: text(40),
    bankTransferHoldHours: z
      .number({ error: 'Hold time must be a whole number of hours from 12 to 336.' })
      .int('Hold time must be a whole number of hours from 12 to 336.')
      .min(12, 'Hold time must be a whole number of hours from 12 to 336.')
      .max(336, 'Hold time must be a whole number of hours from 12 to 336.'),
    pickupDeadlineDays: z
      .number({ error: 'Pickup deadline must be a whole number of days from 1 to 30.' })
      .int('Pickup deadline must be a whole number of days from 1 to 30.')
      .min(1, 'Pickup deadline must be a whole number of days from 1 to 30.')
      .max(30, 'Pickup deadline must be a whole number of days from 1 to 30.'),
    ...holdCapsSchema.shape,
  })
  .superRefine((value, ctx) => {
    if (!value.cardEnabled && !value.bankTransferEnabled && !value.pickupEnabled) {
      ctx.addIssue({ code: 'custom', path: ['cardEnabled'], message: messages.oneMethodRequired });
    }
    if (value.bankTransferEnabled) {
      for (const key of ['bankAccountName', 'bankName', 'bankBsb', 'bankAccountNumber'] as const) {
        if (value[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: messages.bankDetailsRequired });
      }
    }
  });
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;

export const paymentSettingsResponseSchema = z.object({ settings: paymentSettingsSchema, message: z.string() });

export const publicPaymentMethodsSchema = z.object({
  card: z.boolean(),
  bankTransfer: z.boolean(),
  pickup: z.boolean(),
  bankTransferHoldHours: z.number().int(),
  pickupDeadlineDays: z.number().int(),
  /** Issue 28: how long a guest's bank-transfer or pickup order is held until confirmed from its e-mail. */
  unconfirmedHoldMinutes: z.number().int().default(15),
});
export type PublicPaymentMethods = z.infer<typeof publicPaymentMethodsSchema>;

/** What a shopper must do to pay a bank-transfer order (confirmation page, tracking, e-mail). */
export const bankTransferInstructionsSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  amountDue: z.number().int().describe('toea still to pay'),
  reference: z.string(),
  /** Until when the stock is held (ISO); null once it is no longer held. */
  holdExpiresAt: z.string().nullable(),
  mobileBanking: z.array(z.string()),
  /** Only the Premium membership (decision 024): worded as a membership, nothing held or shipped. */
  membership: z.boolean().optional(),
});
export type BankTransferInstructions = z.infer<typeof bankTransferInstructionsSchema>;

/**
 * Where and by when a pickup order is collected (issue 27): the point's name and address as the order was placed,
 * its opening hours as configured now (null once the point is gone), the collect-by time while the order waits
 * at the counter unpaid, and what is still to pay there (0 once paid).
 */
export const pickupInfoSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  openingHours: z.string().nullable(),
  collectBy: z.string().nullable(),
  amountToPay: z.number().int().describe('toea still to pay at the counter'),
});
export type PickupInfo = z.infer<typeof pickupInfoSchema>;

/** The payment part of an order for the shopper: how it is paid and, while unpaid, what to do. */
export const orderPaymentInfoSchema = z.object({
  method: z.enum(paymentMethods),
  state: z.enum(orderPaymentStates),
  stateLabel: z.string(),
  reference: z.string().nullable(),
  amountReceived: z.number().int(),
  /** Set while a bank-transfer order waits for (the rest of) its payment. */
  bankTransfer: bankTransferInstructionsSchema.nullable(),
  /** Pay at pickup: until when the order waits at the counter (ISO); null once collected or cancelled. */
  collectBy: z.string().nullable(),
  /** Issue 27: a pickup order's place, opening hours, collect-by time and amount to pay there; else null. */
  pickup: pickupInfoSchema.nullable(),
  /** Issue 27: what the shopper is told the order is (`shopperOrderStatus`). */
  status: shopperOrderStatusSchema,
  /**
   * Issue 28: a guest's bank-transfer or pickup order not yet confirmed from its e-mail: until when (ISO) the
   * items stay reserved unless it is confirmed; null once confirmed or when no confirmation is needed.
   */
  confirmBy: z.string().nullable().default(null),
});
export type OrderPaymentInfo = z.infer<typeof orderPaymentInfoSchema>;

/**
 * Issue 28 (decision 029): the link in a guest's bank-transfer or pickup e-mail confirms the order, and the long
 * hold starts then.
 *   POST /api/orders/:id/confirm-hold   body ConfirmHoldInput -> ConfirmHoldAnswer
 */
export const confirmHoldSchema = z.object({
  token: z.string({ error: 'This confirmation link is not valid.' }).trim().min(1).max(200),
});
export type ConfirmHoldInput = z.input<typeof confirmHoldSchema>;

export const confirmHoldAnswerSchema = z.object({
  orderId: z.number().int(),
  trackingCode: z.string(),
  paymentMethod: z.enum(paymentMethods),
  /** Until when the items are now held for the shopper (ISO). */
  heldUntil: z.string(),
  message: z.string(),
});
export type ConfirmHoldAnswer = z.infer<typeof confirmHoldAnswerSchema>;

const isoDate = z
  .string({ error: messages.receivedOnInvalid })
  .trim()
  .refine((value) => parseIsoDate(value) !== null, messages.receivedOnInvalid);

export const recordPaymentSchema = z.object({
  amount: z
    .number({ error: messages.amountPositive })
    .int(messages.amountPositive)
    .min(1, messages.amountPositive)
    .max(MAX_STORED_TOEA, messages.amountTooLarge)
    .describe('toea received'),
  bankReference: z.string().trim().min(1, messages.bankReferenceRequired).max(100),
  receivedOn: isoDate.describe('YYYY-MM-DD'),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const markCollectedSchema = z.object({ method: z.enum(counterPaymentMethods) });
export type MarkCollectedInput = z.input<typeof markCollectedSchema>;

export const recordedPaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  method: z.enum(['bank-transfer', ...counterPaymentMethods]),
  bankReference: z.string().nullable(),
  receivedOn: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});

export const adminOrderPaymentSchema = z.object({
  orderId: z.number().int(),
  method: z.enum(paymentMethods),
  state: z.enum(orderPaymentStates),
  stateLabel: z.string(),
  reference: z.string().nullable(),
  total: z.number().int(),
  amountReceived: z.number().int(),
  outstanding: z.number().int(),
  overpaid: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  /** A guest's pay-later order still on its short hold until the guest confirms it from the e-mail (decision 029). */
  awaitingConfirmation: z.boolean(),
  /** Whether staff may record a bank payment / "Paid and collected" now. */
  canRecordPayment: z.boolean(),
  canMarkCollected: z.boolean(),
  payments: z.array(recordedPaymentSchema),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

export const adminOrderPaymentAnswerSchema = z.object({ payment: adminOrderPaymentSchema, message: z.string() });
export type AdminOrderPaymentAnswer = z.infer<typeof adminOrderPaymentAnswerSchema>;

/** POST /api/membership/payment/bank-transfer: Premium paid by bank transfer, an order awaiting payment. */
export const membershipBankTransferResponseSchema = z.object({
  orderId: z.number().int(),
  trackingCode: z.string(),
  payment: orderPaymentInfoSchema,
});
export type MembershipBankTransferResponse = z.infer<typeof membershipBankTransferResponseSchema>;
