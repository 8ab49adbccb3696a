import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { pickupPoints } from './delivery';
import { productVariants } from './variants';
import { emailOutbox } from './mail';

/** Kept in step with `orderPaymentStatuses` and `shippingStatuses` in packages/shared/src/checkout.schema.ts. */
export const orderPaymentStatusValues = ['pending', 'paid', 'failed', 'refunded', 'cancelled'] as const;
export const shippingStatusValues = ['Pending', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;
/** Where the order's units are: reserved for it (`held`), bought (`sold`), or back on the shelf (`released`). */
export const stockStateValues = ['held', 'sold', 'released'] as const;
/** Kept in step with `paymentMethods` in packages/shared/src/payment-methods.ts. */
export const paymentMethodValues = ['card', 'bank-transfer', 'pickup'] as const;
/** The languages an order's text messages are written in (modules/texts/text-templates.ts). */
export const orderLocaleValues = ['en', 'tpi'] as const;
export type OrderLocale = (typeof orderLocaleValues)[number];

/**
 * Orders, made by the server before payment (modules/orders, docs/decisions/005-orders-and-payments.md): prices
 * and totals are the server's, the stock is held for 15 minutes, and `paid` is set only after the payment
 * provider says the intent succeeded for exactly this amount.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderType: text('order_type', { enum: ['guest', 'registered'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'cart' (the shopper's server-cart lines, removed when paid) or 'items' (browser cart, Buy It Now). */
    source: text('source', { enum: ['cart', 'items'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** Country code plus digits, e.g. "+67571234567". */
    phone: text('phone').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postcode: text('postcode'),
    pickupLocation: text('pickup_location'),
    /** Issue 19 (decision 012): the delivery province, the zone and its days, as they were when the order was placed. */
    province: text('province'),
    deliveryZone: text('delivery_zone'),
    deliveryDays: integer('delivery_days'),
    /** The chosen pickup point; its name and address are snapshotted (the point may change or go). */
    pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    pickupPointName: text('pickup_point_name'),
    pickupPointAddress: text('pickup_point_address'),
    notes: text('notes'),
    paymentStatus: text('payment_status', { enum: orderPaymentStatusValues }).notNull().default('pending'),
    shippingStatus: text('shipping_status', { enum: shippingStatusValues }).notNull().default('Pending'),
    subtotalToea: integer('subtotal_toea').notNull(),
    savingsToea: integer('savings_toea').notNull(),
    shippingToea: integer('shipping_toea').notNull().default(0),
    /**
     * The discount code the order was placed with (issue 30, decision 040) and all it took off (its lines' shares
     * and the delivery it made free); `totalToea` is after it.
     */
    discountCode: text('discount_code'),
    discountToea: integer('discount_toea').notNull().default(0),
    totalToea: integer('total_toea').notNull(),
    currency: text('currency').notNull().default('pgk'),
    /** The card's last four digits once paid; 'N/A' when the provider does not say. */
    cardLast4: text('card_last4'),
    paymentIntentId: text('payment_intent_id').unique(),
    /** Unguessable: the tracking link in the e-mail works without an account. */
    trackingCode: text('tracking_code').notNull().unique(),
    /** SHA-256 of the shopper (user id or "guest") and the checkout's idempotency key: one order per key. */
    idempotencyKeyHash: text('idempotency_key_hash').notNull().unique(),
    /** SHA-256 of what the first request asked for; the same key with another request is a conflict. */
    requestHash: text('request_hash').notNull(),
    /** SHA-256 of the checkout token that proves a guest owns the order. */
    checkoutTokenHash: text('checkout_token_hash').notNull(),
    /**
     * HMAC (server key) of the address the order was placed from: unpaid orders holding stock are limited per
     * address (issue 16). Only compared, never shown; null for orders placed before it was kept.
     */
    clientAddressHash: text('client_address_hash'),
    /**
     * Issue 28 (decision 029): the shopper's e-mail address normalised (lower case, no "+tag"), so the caps on what
     * one shopper's unpaid orders hold find a guest's orders by who they are, not by the address they came from.
     */
    shopperEmailKey: text('shopper_email_key'),
    /**
     * Issue 28: SHA-256 of the single-use link that confirms a guest's bank-transfer or pickup order from its
     * e-mail; while set, the order holds its units only for the short unconfirmed hold. Null once confirmed (or
     * for orders that need no confirmation).
     */
    holdConfirmTokenHash: text('hold_confirm_token_hash'),
    /** When the shopper confirmed the order from the e-mail and its long hold began. */
    holdConfirmedAt: timestamp('hold_confirmed_at', { withTimezone: true }),
    stockState: text('stock_state', { enum: stockStateValues }).notNull().default('held'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmationEmailId: integer('confirmation_email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    /** Why the server cancelled it (hold expired, cannot be honoured, amount mismatch). */
    cancelReason: text('cancel_reason'),
    /** When a checkout job last claimed this order (reconciliation, refund retry): spreads the work between instances. */
    lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Dispatch date + the delivery days set at that moment: fixed then, so a later settings change does not move it. */
    estimatedDeliveryAt: timestamp('estimated_delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** How the shopper pays (issue 19, decision 011): the card provider, a bank transfer, or at a pickup counter. */
    paymentMethod: text('payment_method', { enum: paymentMethodValues }).notNull().default('card'),
    /** A bank transfer's reference to quote, e.g. "BLM-482731" (unique); null for other ways to pay. */
    paymentReference: text('payment_reference').unique(),
    /** What staff have recorded as received (bank transfer, counter), in toea; 0 for a card. */
    amountReceivedToea: integer('amount_received_toea').notNull().default(0),
    /** When the "hold ends soon" reminder of an unpaid bank transfer was queued (sent once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * Issue 31 (decision 044): the shopper's language when the order was placed (the `lang` cookie), for its text
     * messages: 'en' or 'tpi' (Tok Pisin). Orders from before it are 'en'.
     */
    locale: text('locale', { enum: orderLocaleValues }).notNull().default('en'),
    /**
     * The tax invoice's number (issue 19, decision 013), printed "INV-000123": given once, by the database trigger
     * `orders_assign_invoice_number`, when the order first becomes paid (every path to paid); never changed.
     */
    invoiceNumber: integer('invoice_number').unique(),
    /** The seller's legal name, TIN and address when the invoice was issued (copied by the same trigger). */
    invoiceIssuer: jsonb('invoice_issuer').$type<{ legalName: string; tin: string; address: string }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_order_type_check', sql`${table.orderType} in ('guest','registered')`),
    check('orders_source_check', sql`${table.source} in ('cart','items')`),
    check(
      'orders_payment_status_check',
      sql`${table.paymentStatus} in ('pending','paid','failed','refunded','cancelled')`,
    ),
    check(
      'orders_shipping_status_check',
      sql`${table.shippingStatus} in ('Pending','Processing','Dispatched','Delivered','Cancelled')`,
    ),
    check('orders_stock_state_check', sql`${table.stockState} in ('held','sold','released')`),
    check('orders_payment_method_check', sql`${table.paymentMethod} in ('card','bank-transfer','pickup')`),
    check('orders_amount_received_check', sql`${table.amountReceivedToea} >= 0`),
    check('orders_total_check', sql`${table.totalToea} > 0`),
    check('orders_registered_user_check', sql`${table.orderType} = 'guest' or ${table.userId} is not null`),
    index('orders_user_idx').on(table.userId),
    index('orders_email_idx').on(table.email),
    index('orders_hold_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.stockState} = 'held'`),
    // The limits on unpaid orders holding stock, per address and per shopper (modules/orders/order-holds.ts).
    index('orders_held_address_idx')
      .on(table.clientAddressHash)
      .where(sql`${table.stockState} = 'held'`),
    index('orders_held_email_key_idx')
      .on(table.shopperEmailKey)
      .where(sql`${table.stockState} = 'held'`),
    index('orders_held_phone_idx')
      .on(table.phone)
      .where(sql`${table.stockState} = 'held'`),
    index('orders_held_user_idx')
      .on(table.userId)
      .where(sql`${table.stockState} = 'held'`),
    index('orders_unpaid_idx')
      .on(table.lastReconciledAt)
      .where(sql`${table.paymentStatus} in ('pending','failed','cancelled')`),
    // The checkout jobs' retry of refunds that failed (cancelled, still paid): a handful among all orders.
    index('orders_refund_pending_idx')
      .on(table.cancelledAt)
      .where(sql`${table.shippingStatus} = 'Cancelled' and ${table.paymentStatus} = 'paid'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Products are archived, never deleted, once an order refers to them.
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The variant sold (issue 30, 0036): archived, never deleted, once an order refers to it. */
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    /** The name and image when the order was placed. */
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    /** The variant's values when the order was placed ("256 GB / Black"); '' for a product without options. */
    variantLabel: text('variant_label').notNull().default(''),
    /** The variant's SKU when the order was placed (lines placed before 0036: the product's SKU then). */
    variantSku: text('variant_sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the shopper paid for one unit (the member price when it applied). */
    unitPriceToea: integer('unit_price_toea').notNull(),
    originalPriceToea: integer('original_price_toea'),
    /** The discount code's share of this line (all its units, toea): the line is paid at its price less this. */
    discountToea: integer('discount_toea').notNull().default(0),
    isMembership: boolean('is_membership').notNull().default(false),
  },
  (table) => [
    check('order_items_quantity_check', sql`${table.quantity} >= 1`),
    check('order_items_price_check', sql`${table.unitPriceToea} >= 0`),
    index('order_items_order_idx').on(table.orderId),
    // The inventory's units held and sold per product (modules/stock).
    index('order_items_product_idx').on(table.productId),
    index('order_items_variant_idx').on(table.variantId),
  ],
);

/** Webhook events already handled: providers deliver an event more than once. */
export const processedPaymentEvents = pgTable('processed_payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The signed-in shopper's saved contact details (the spec's "Contact info (server)"), one row per shopper. */
export const savedContactDetails = pgTable('saved_contact_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  /** Country code plus digits. */
  phone: text('phone').notNull(),
  pickup: boolean('pickup').notNull().default(false),
  pickupLocation: text('pickup_location').notNull().default(''),
  pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  notes: text('notes').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type SavedContactDetailsRow = typeof savedContactDetails.$inferSelect;

/** Every shipping status change an admin makes (issue 8): who, when, from and to. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: shippingStatusValues }).notNull(),
    toStatus: text('to_status', { enum: shippingStatusValues }).notNull(),
    /** The admin; null if the account is gone (the name below stays). */
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    /** Why staff made the change (issue 21: required when staff cancel an order). */
    reason: text('reason'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_history_order_idx').on(table.orderId)],
);

export type OrderStatusHistoryRow = typeof orderStatusHistory.$inferSelect;
