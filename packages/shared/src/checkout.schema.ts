import { z } from 'zod';
import { MAX_UNITS_PER_PRODUCT } from './cart';
import { MAX_SERIAL_ID } from './ids';
import { cartLineSchema, cartSummarySchema } from './cart.schema';
import { checkContactDetails, contactDetailsFields, normaliseContactDetails } from './contact-details';
import { deliveryDestinationSchema } from './delivery.schema';
import { enteredCodeSchema, quotedCodeSchema } from './discount-codes.schema';
import { paymentMethods } from './payment-methods';
import { orderPaymentInfoSchema } from './payment-methods.schema';
import {
  checkoutMessages,
  confirmationEmailStatuses,
  orderPaymentStatuses,
  paymentOutcomeStatuses,
  shippingStatuses,
  trackingMessages,
} from './checkout';

// The checkout's words and states, for the API's imports from here.
export * from './checkout';

/*
 * The checkout contract (issue 6). Every endpoint is under /api; money is integer toea; the shopper is always the
 * session's (never an id from the body); prices, totals and "paid" come from the server only.
 *
 * Contact details (signed in; the spec's get_luser_info / save_user_info)
 *   GET  /api/contact-details          -> { contactDetails: ContactDetails | null }
 *   PUT  /api/contact-details          body SaveContactDetailsInput -> { contactDetails: ContactDetails, message }
 *
 * Payments
 *   GET  /api/payments/config          -> PaymentPublicConfig (simulator test mode, or Stripe's publishable key)
 *   POST /api/payments/webhook         the provider's signed events (raw body); not for the browser
 *   GET/POST /api/payments/simulator/authenticate/:intentId   the simulator's 3-D Secure page (HTML form)
 *
 * Orders (the spec's create_payment_intent(2) + save_user_order / save_guest_order)
 *   POST /api/orders                   body CreateOrderInput -> 201 CreateOrderResponse (the same idempotencyKey
 *                                      again answers 200 with the same order and intent)
 *       Guests may use only source.type 'items' (their browser cart or Buy It Now); signed-in shoppers either.
 *       Errors: 400 VALIDATION (field issues under `contact.*`), 401 (type 'cart' signed out; membership for a
 *       guest: details.reason 'membership-needs-account'), 403 FORBIDDEN (Exclusive offer for a non-member),
 *       404 NOT_FOUND (unknown product or cart line), 409 OUT_OF_STOCK (details { productId, name,
 *       quantityAvailable }), 409 CONFLICT (the idempotency key was used for another order).
 *   POST /api/orders/:id/payment       body PayOrderInput -> PaymentResult
 *   POST /api/orders/:id/payment/refresh   (no body: send `{}`) -> PaymentResult; after the 3-D Secure redirect
 *                                      back (?payment_intent=…&payment_intent_client_secret=…) or while processing
 *   GET  /api/orders/:id/confirmation  -> OrderConfirmation (order id, tracking code, e-mail, guest flag, e-mail status)
 *   POST /api/orders/track             body TrackOrderInput -> { order: TrackedOrder }; 404 'Order not found.'
 *   GET  /api/orders/track?tracking_code=…   -> the same, for the tracking link (rendered on the server)
 *   POST /api/checkout/quote           body { source } -> CheckoutQuote (the lines and totals as the server sees
 *                                      them now, before the order; guests may use only source.type 'items')
 *
 * Proof of ownership for /api/orders/:id/…: a registered order needs its shopper's session; a guest order needs
 * the `checkoutToken` from POST /api/orders in the `x-checkout-token` header (keep it in session storage with the
 * order id until the confirmation page). Anything else answers 404, like an unknown order.
 *
 * The hold: POST /api/orders reserves the stock for 15 minutes (`order.holdExpiresAt`). A declined card leaves
 * the order unpaid and the hold in place, so the shopper can try another card at once; an order that is not
 * paid when the hold ends is cancelled by the server (stock returned, intent cancelled) and paying it then
 * answers 409 CONFLICT `checkoutMessages.holdExpired`.
 */

const id = z.number().int().positive().max(MAX_SERIAL_ID);
/** One product's units in one order: at most MAX_UNITS_PER_PRODUCT (what an unpaid order may hold). */
const quantity = z
  .number({ error: 'Quantity must be a whole number.' })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be at least 1.')
  .max(MAX_UNITS_PER_PRODUCT, `You can buy at most ${MAX_UNITS_PER_PRODUCT} of one item in one order.`);

// Contact details

/** A contact-details object as sent: each field checked, the delivery-or-pickup rule left to the caller. */
export const contactDetailsBodySchema = z.object(contactDetailsFields);

/** PUT /api/contact-details: `hasPhysicalItems` says which rule applies (false for a membership-only order). */
export const saveContactDetailsSchema = z
  .object({ ...contactDetailsFields, hasPhysicalItems: z.boolean().default(true) })
  .superRefine((value, ctx) => checkContactDetails(value, ctx, value.hasPhysicalItems))
  .transform(({ hasPhysicalItems, ...details }) => (hasPhysicalItems ? normaliseContactDetails(details) : details));
export type SaveContactDetailsInput = z.input<typeof saveContactDetailsSchema>;

/** Stored contact details as the forms read them back: the phone split into country code and number. */
export const contactDetailsResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  pickup: z.boolean(),
  pickupLocation: z.string(),
  pickupPointId: z.number().int().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  notes: z.string(),
});

export const getContactDetailsResponseSchema = z.object({ contactDetails: contactDetailsResponseSchema.nullable() });
export const saveContactDetailsResponseSchema = z.object({
  contactDetails: contactDetailsResponseSchema,
  message: z.string(),
});

// Orders

export const checkoutSourceSchema = z.discriminatedUnion('type', [
  /** Signed in: the selected server-cart lines (checkoutType 'all'). */
  z.object({
    type: z.literal('cart'),
    cartItemIds: z.array(id).min(1, checkoutMessages.noItems).max(100, checkoutMessages.tooManyLines),
  }),
  /** Guests' browser cart, or one item from Buy It Now (checkoutType 'single'), for anyone. */
  z.object({
    type: z.literal('items'),
    items: z
      // variantId (issue 30): the variant chosen; left out, the product's first (its one, without options).
      .array(z.object({ productId: id, variantId: id.optional(), quantity: quantity.default(1) }))
      .min(1, checkoutMessages.noItems)
      .max(100, checkoutMessages.tooManyLines),
  }),
]);
export type CheckoutSource = z.input<typeof checkoutSourceSchema>;

/**
 * POST /api/orders. Only ids and quantities: any price, total or member flag in the body is dropped (zod objects
 * strip unknown keys). `idempotencyKey`: a random id the page makes once per checkout (crypto.randomUUID()) and
 * sends again on a retry or double click; the server answers with the first order.
 */
export const createOrderSchema = z.object({
  idempotencyKey: z.string().trim().min(16, 'An idempotency key has at least 16 characters.').max(200),
  contact: contactDetailsBodySchema,
  source: checkoutSourceSchema,
  /**
   * The unpaid order of this checkout's previous attempt (the shopper changed the contact details or the lines):
   * placing this order releases it, in the same transaction, if the caller owns it (a shopper's own order by the
   * session, a guest order by its checkout token) and it is still unpaid and holding stock. Anything else is
   * ignored without a word, so the answer says nothing about another shopper's order.
   */
  replacesOrder: z.object({ orderId: id, checkoutToken: z.string().trim().min(1).max(200).optional() }).optional(),
  /** How the shopper pays (issue 19): the card (default), a bank transfer, or at the counter of a pickup point. */
  paymentMethod: z.enum(paymentMethods).default('card'),
  /**
   * The total the page showed (toea), decision 022: when it is not what the order costs now, nothing is placed or
   * charged and the answer is 409 PRICE_CHANGED with the new quote. Optional for API clients that show no total.
   */
  expectedTotalToea: z.number().int().min(0).max(2_147_483_647).optional(),
  /**
   * A discount code (issue 30, decision 040), checked and priced by the server: one that does not apply to this
   * order is refused (400, on `discountCode`, with the reason) and nothing is placed.
   */
  discountCode: enteredCodeSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/**
 * POST /api/checkout/quote: what a checkout is about to buy, as the server sees it now: each line at this
 * shopper's price (the member price from the session), sold out or not, at most the stock on hand, and the
 * totals an order of the available lines would charge (the shared cart rule). Nothing is held; checkout shows
 * it before the order is made, so the browser's copy of the cart never sets a price or a total.
 */
export const checkoutQuoteSchema = z.object({
  source: checkoutSourceSchema,
  /** Where to (issue 19): the summary's delivery fee is the server's for this destination; none yet: K0.00. */
  delivery: deliveryDestinationSchema.optional(),
  /** A discount code to price the order with (issue 30): the quote says whether it applies, and why not. */
  discountCode: enteredCodeSchema.optional(),
});
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteSchema>;

export const checkoutQuoteLineSchema = z.object({
  productId: z.number().int(),
  /** The variant priced (issue 30): the one asked for, or the product's first. */
  variantId: z.number().int(),
  /** The server-cart line (source 'cart'); null for items. */
  cartItemId: z.number().int().nullable(),
  /** The product's name with its variant ("Galaxy A55 – 256 GB / Black"). */
  name: z.string(),
  image: z.string().nullable(),
  isMembership: z.boolean(),
  /** 'sold': greyed "SOLD OUT!", left out of the totals and of the order; 'reserved' likewise ("Reserved"). */
  status: cartLineSchema.shape.status,
  /** What the order would take: the quantity asked for, at most the stock on hand. */
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('toea; the member price when it applies'),
  originalPrice: z.number().int().nullable().describe('toea; struck through when above the unit price'),
  isMemberPrice: z.boolean(),
  lineTotal: z.number().int().describe('toea'),
});
export type CheckoutQuoteLine = z.infer<typeof checkoutQuoteLineSchema>;

/** How the delivery fee was reached (issue 19): the zone delivered to and why the fee is K0.00 when it is. */
export const deliveryPricingSchema = z.object({
  zone: z.string().nullable(),
  deliveryDays: z.number().int().nullable(),
  freeBecause: z.enum(['pickup', 'member', 'free-zone', 'nothing-to-deliver']).nullable(),
});
export type DeliveryPricing = z.infer<typeof deliveryPricingSchema>;

export const checkoutQuoteResponseSchema = z.object({
  lines: z.array(checkoutQuoteLineSchema),
  /** Over the available lines only; `shipping` is the delivery fee to `delivery` (the server's, decision 012). */
  summary: cartSummarySchema,
  delivery: deliveryPricingSchema,
  /** The code asked for, applied (its discount in `summary.discount`) or refused; null when none was sent. */
  discountCode: quotedCodeSchema.nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteResponseSchema>;

export const orderLineSchema = z.object({
  productId: z.number().int(),
  /** The variant sold (issue 30). */
  variantId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('toea; the member price when it applied'),
  originalPrice: z.number().int().nullable().describe('toea; the price before any discount'),
  isMembership: z.boolean(),
  lineTotal: z.number().int().describe('toea, before a discount code'),
  discount: z.number().int().describe("toea: the discount code's share of this line (0 without one)"),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const checkoutOrderSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  orderType: z.enum(['guest', 'registered']),
  email: z.string(),
  paymentStatus: z.enum(orderPaymentStatuses),
  shippingStatus: z.enum(shippingStatuses),
  lines: z.array(orderLineSchema),
  /** itemCount, subtotal (original prices), savings, shipping (the delivery fee), discount, total: all toea. */
  summary: cartSummarySchema,
  /** The discount code the order was placed with (issue 30); null without one. */
  discountCode: z.string().nullable(),
  /** Where it goes (issue 19): the zone and its days as they were when the order was placed. */
  delivery: deliveryPricingSchema
    .extend({ province: z.string().nullable(), pickupPoint: z.string().nullable() })
    .optional(),
  /** Last four digits of the card, or 'N/A' when unknown (or not yet paid). */
  cardLast4: z.string(),
  placedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Until when the stock is held for this unpaid order (ISO); null once paid or cancelled. */
  holdExpiresAt: z.string().nullable(),
  /** Issue 19: card, bank transfer or pay at pickup, and a bank transfer's reference to quote (else null). */
  paymentMethod: z.enum(paymentMethods),
  paymentReference: z.string().nullable(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

export const orderPaymentSchema = z.object({
  intentId: z.string(),
  /** For Stripe.js (`confirmCardPayment`) and to recognise the redirect back; never stored with the order. */
  clientSecret: z.string(),
  amount: z.number().int().describe('toea'),
  currency: z.literal('pgk'),
});

export const createOrderResponseSchema = z.object({
  order: checkoutOrderSchema,
  /** The card payment's intent; null for a bank transfer or pay at pickup (nothing to pay on the page). */
  payment: orderPaymentSchema.nullable(),
  /** Proof of ownership of this order for the payment and confirmation calls (header `x-checkout-token`). */
  checkoutToken: z.string(),
});
/** The answer of POST /api/orders, whatever the way to pay (`payment` is null for a bank transfer or pickup). */
export type PlacedOrderResponse = z.infer<typeof createOrderResponseSchema>;
/** A card order's answer: its payment intent is set (what the card checkout and its tests read). */
export type CreateOrderResponse = PlacedOrderResponse & { payment: z.infer<typeof orderPaymentSchema> };

export const orderIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Order id must be a number.' }).int().positive().max(MAX_SERIAL_ID),
});

/** Test-card simulator only: with Stripe the card never reaches the shop (Stripe Elements gives `paymentMethodId`). */
export const testCardSchema = z.object({
  number: z.string().trim().min(1, checkoutMessages.cardMissing).max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().trim().min(1, checkoutMessages.cardMissing).max(4),
  name: z.string().trim().max(200).optional(),
});

/**
 * POST /api/orders/:id/payment. `returnUrl`: where the 3-D Secure page sends the shopper back to, a path of
 * the shop such as `/checkout` or `/guestcheckout`; `payment_intent` and `payment_intent_client_secret` are added
 * to its query, as Stripe does.
 */
export const payOrderSchema = z.object({
  card: testCardSchema.optional(),
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  returnUrl: z.string().trim().max(2000).optional(),
  /**
   * The total the page showed (toea), decision 022: when it is not what the order costs now, nothing is placed or
   * charged and the answer is 409 PRICE_CHANGED with the new quote. Optional for API clients that show no total.
   */
  expectedTotalToea: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type PayOrderInput = z.input<typeof payOrderSchema>;

export const paymentResultSchema = z.object({
  status: z.enum(paymentOutcomeStatuses),
  order: checkoutOrderSchema.optional(),
  nextActionUrl: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const orderConfirmationSchema = z.object({
  orderId: z.number().int(),
  trackingCode: z.string(),
  email: z.string(),
  isGuest: z.boolean(),
  paymentStatus: z.enum(orderPaymentStatuses),
  /** The confirmation e-mail: sending (queued or retrying), sent, failed (gave up, or the order is not paid). */
  emailStatus: z.enum(confirmationEmailStatuses),
  /** Issue 19: how it is paid and, for a bank transfer still unpaid, exactly what to do. */
  payment: orderPaymentInfoSchema,
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

// Tracking

/**
 * POST /api/orders/track: `{ email, orderId }` (the form) or `{ trackingCode }` (the ?tracking_code= link). One
 * answer, "Order not found.", whether the e-mail or the order is wrong.
 */
export const trackOrderSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    orderId: z.union([z.string().trim().max(40), z.number().int().nonnegative()]).optional(),
    trackingCode: z.string().trim().max(64).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.trackingCode) return;
    const orderId = String(value.orderId ?? '').trim();
    if (!value.email || orderId === '') {
      ctx.addIssue({
        code: 'custom',
        path: value.email ? ['orderId'] : ['email'],
        message: trackingMessages.invalidInput,
      });
    }
  });
export type TrackOrderInput = z.input<typeof trackOrderSchema>;

/**
 * GET /api/orders/track?tracking_code=…: the ?tracking_code= link's own lookup, as a GET so the server can render
 * the tracked order into /track-order's first screen (issue 29). The same answer, limits and "Order not found."
 * as POST.
 */
export const trackByCodeQuerySchema = z.object({
  tracking_code: z.string().trim().min(1, trackingMessages.invalidInput).max(64, trackingMessages.invalidInput),
});

export const trackedOrderItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** A path on the shop (e.g. /images/products/x.svg), or null: show the "No Image" placeholder. */
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('toea'),
  lineTotal: z.number().int().describe('toea'),
  /** The Premium membership (decision 024): not shipped. */
  isMembership: z.boolean().optional(),
});

export const trackedOrderSchema = z.object({
  orderId: z.number().int(),
  trackingCode: z.string(),
  /**
   * What the tracking says the order is (`shopperOrderStatus`'s label, also in `payment.status`): "Awaiting
   * payment", "Part-paid: K100.00 of K179.00 received", "Ready for pickup", "Collected", "Delivered", …
   */
  status: z.string(),
  shippingStatus: z.enum(shippingStatuses),
  paymentStatus: z.enum(orderPaymentStatuses),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** One line, e.g. "Section 5, Lot 12, Boroko, NCD 111"; null for pickup or a membership-only order. */
  shippingAddress: z.string().nullable(),
  pickupLocation: z.string().nullable(),
  /** The delivery zone and its days snapshotted with the order (issue 19); null for pickup or before zones. */
  deliveryZone: z.string().nullable(),
  deliveryDays: z.number().int().nullable(),
  placedAt: z.string(),
  dispatchedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** ISO date stored at dispatch (dispatch date + the order's zone days); null until dispatched: "To be confirmed". */
  estimatedDelivery: z.string().nullable(),
  items: z.array(trackedOrderItemSchema),
  /** The delivery fee charged (issue 19). */
  shipping: z.number().int().describe('toea'),
  /** The discount code the order was placed with and all it took off (issue 30); null and 0 without one. */
  discountCode: z.string().nullable(),
  discount: z.number().int().describe('toea'),
  total: z.number().int().describe('toea'),
  cardLast4: z.string(),
  /** Issue 19: how it is paid and, while a bank transfer is awaited, the instructions. */
  payment: orderPaymentInfoSchema,
  /** A paid Premium-only order (decision 024): until when the buyer's membership is active (ISO), else null. */
  premiumActiveUntil: z.string().nullable().optional(),
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

export const trackOrderResponseSchema = z.object({ order: trackedOrderSchema });

// Payments

/** GET /api/payments/config: what the page needs to render the card entry (always label test mode). */
export const paymentPublicConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('simulator'), testMode: z.literal(true) }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string(), testMode: z.boolean() }),
]);
export type PaymentPublicConfigResponse = z.infer<typeof paymentPublicConfigSchema>;

/** POST /api/payments/webhook: the event was taken (`duplicate`: it had been taken before, nothing was done again). */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
