import {
  type CartSummary,
  type CartTotalLine,
  cartMessages,
  cartSummary,
  type CheckoutOrder,
  checkoutHoldMinutes,
  checkoutMessages,
  contactDetailsSchema,
  type createOrderSchema,
  fitsMoneyColumn,
  fullPhoneNumber,
  isSerialId,
  isSoldOut,
  MAX_UNITS_PER_PRODUCT,
  MEMBERSHIP_MAX_QUANTITY,
  nameWithVariant,
  type MembershipState,
  type MemberCodeRule,
  memberPrice,
  needsDeliveryOrPickup,
  type OrderConfirmation,
  priceChangedMessage,
  type QuoteReason,
  type SessionUser,
  type ShopSettings,
  productMessages,
  shopperEmailKey,
  type ConfirmHoldAnswer,
  type TrackedOrder,
  trackingMessages,
} from '@bilum/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import {
  cartItems,
  emailOutbox,
  type OrderItemRow,
  orderItems,
  type OrderLocale,
  type OrderRow,
  orders,
  type ProductRow,
  products,
} from '../../db/schema';
import { AppError, isUniqueViolation, notFound } from '../../errors';
import { orderAddress } from './order-address';
import { assertExpectedTotal, requoteBeforePayment } from './order-quote';
import { hasValidPrice } from '../cart/cart.service';
import { takeOrderedCartLines } from '../cart/order-cart-lines';
import { toProduct } from '../catalog/catalog.service';
import { stockActors } from '../stock/stock.service';
import { chosenVariants, type LineVariant, throughVariant } from '../variants/variant-lookup';
import { holdCodeUse, holdOrderUnits, noteOrder, placeOrderRow, transition } from '../order-lifecycle/order-lifecycle';
import { checkCode } from '../discount-codes/code-checkout';
import type { Mailer } from '../mail/mail.service';
import { isMembershipOnly } from './order-emails';
import { orderLineName } from './order-line-name';
import { assertCanBuyPremium, createMembershipService, noMembership } from '../membership/membership.service';
import type { ConfiguredPaymentProvider } from '../payments/create-payment-provider';
import type { PaymentIntent } from '../payments/payment-provider';
import { memberCodeRuleIn, type SettingsService } from '../settings/settings.service';
import {
  afterNonCardOrderPlaced,
  queueHoldConfirmedEmail,
  assertMethodAllowed,
  holdEndFor,
  orderPaymentInfo,
} from '../payment-methods/payment-placement';
import { pngDateTime } from '../payment-methods/payment-methods.emails';
import { readPaymentSettings } from '../payment-methods/payment-settings';
import { orderDelivery } from '../delivery/delivery.service';
import type { SecretHasher } from '../../security/server-key';
import { clientAddressKey } from '../../plugins/client-address';
import {
  assertCardCheckoutsWithinLimits,
  assertHoldsWithinCaps,
  hasOpenPremiumOrder,
  holdingStock,
  lockOrderPlacer,
  type OrderPlacer,
  releaseHeldOrder,
  replacedCancelReason,
  type UnpaidOrderLimits,
} from './order-holds';
import {
  checkoutTokenFor,
  idempotencyKeyHash,
  newTrackingCode,
  normaliseTrackingCode,
  sameTokenHash,
  sha256,
} from './order-codes';
import { randomBytes } from 'node:crypto';
import { recordActivity } from '../audit/audit.service';

export interface OrdersDeps {
  db: Database;
  payments: ConfiguredPaymentProvider;
  mailer: Mailer;
  settings: SettingsService;
  /** For links in e-mails: shopUrl(config). */
  shopUrl: string;
  /** The clock; tests move it to expire holds. */
  now: () => Date;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
}

/** What placing orders needs besides: */
export interface OrderPlacementDeps {
  /** HMACs under the server key: checkout tokens, the client address kept with an order. */
  secrets: SecretHasher;
  /** How many card checkouts a shopper, and a guest's address, may have open at once (the caps on bank-transfer
   * and pickup orders are the shop's payment settings: order-holds.ts `assertHoldsWithinCaps`). */
  unpaidLimits: UnpaidOrderLimits;
}

export type CreateOrderBody = z.output<typeof createOrderSchema>;

/** Who is asking about an order: the session's shopper and/or the checkout token of a guest order. */
export interface OrderCaller {
  user: SessionUser | null;
  checkoutToken: string | undefined;
}

export const holdMs = checkoutHoldMinutes * 60_000;

interface PricedLine extends CartTotalLine {
  /** The product as its variant sells it (throughVariant: the variant's prices and stock). */
  product: ProductRow;
  variant: LineVariant;
  quantity: number;
}

/** Thrown inside the order transaction when another request with the same key has made the order. */
class SameKeyOrderExists extends Error {}

const orderNotFound = () => notFound(trackingMessages.notFound);

/**
 * Whether the caller owns the order: a registered order's shopper (session), or whoever holds a guest order's
 * checkout token (compared in constant time).
 */
function callerOwns(order: OrderRow, caller: OrderCaller): boolean {
  return order.orderType === 'registered'
    ? caller.user !== null && caller.user.id === order.userId
    : caller.checkoutToken !== undefined && sameTokenHash(caller.checkoutToken, order.checkoutTokenHash);
}

/** What placing an order released: the order it replaced, whose payment intent is cancelled after the commit. */
export interface ReplacedOrder {
  orderId: number;
  paymentIntentId: string | null;
}

function outOfStock(product: Pick<ProductRow, 'id' | 'name'>, quantityAvailable: number): AppError {
  return new AppError('OUT_OF_STOCK', checkoutMessages.outOfStock(product.name, quantityAvailable), {
    productId: product.id,
    name: product.name,
    quantityAvailable: Math.max(0, quantityAvailable),
  });
}

/** The price this shopper pays, as the cart shows it (cart.service.ts): the member price when it applies. */
function priceLine(
  product: ProductRow,
  variant: LineVariant,
  quantity: number,
  membership: MembershipState,
): PricedLine {
  const p = toProduct(product);
  const unitPrice = membership.isMember ? memberPrice(p.price, membership.discountRate, p.isMembership) : p.price;
  const listed = p.originalPrice !== null && p.originalPrice > p.price ? p.originalPrice : null;
  const originalPrice = unitPrice < p.price ? (listed ?? p.price) : p.originalPrice;
  return { product, variant, quantity, unitPrice, originalPrice, available: true };
}

/** 409 PRICE_CHANGED for an order not yet placed: its quote is the lines as priced now. */
function newOrderPriceChanged(
  expected: number,
  summary: CartSummary,
  lines: PricedLine[],
  lineDiscounts: readonly number[],
): AppError {
  const reasons: QuoteReason[] = summary.total < expected ? ['price-fell'] : ['price-rose'];
  return new AppError('PRICE_CHANGED', priceChangedMessage(expected, summary.total, reasons), {
    was: expected,
    quote: {
      lines: lines.map((line, index) => ({
        productId: line.product.id,
        name: nameWithVariant(line.product.name, line.variant.label),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        originalPrice: line.originalPrice,
        lineTotal: line.unitPrice * line.quantity,
        discount: lineDiscounts[index] ?? 0,
      })),
      subtotal: summary.subtotal,
      savings: summary.savings,
      shipping: summary.shipping,
      discount: summary.discount,
      total: summary.total,
      reasons,
    },
  });
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toCheckoutOrder(order: OrderRow, items: OrderItemRow[]): CheckoutOrder {
  return {
    id: order.id,
    trackingCode: order.trackingCode,
    orderType: order.orderType,
    email: order.email,
    paymentStatus: order.paymentStatus,
    shippingStatus: order.shippingStatus,
    lines: items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      name: orderLineName(item),
      image: item.productImage,
      quantity: item.quantity,
      unitPrice: item.unitPriceToea,
      originalPrice: item.originalPriceToea,
      isMembership: item.isMembership,
      lineTotal: item.unitPriceToea * item.quantity,
      discount: item.discountToea,
    })),
    summary: {
      itemCount: items.reduce((count, item) => count + item.quantity, 0),
      subtotal: order.subtotalToea,
      savings: order.savingsToea,
      shipping: order.shippingToea,
      discount: order.discountToea,
      total: order.totalToea,
    },
    discountCode: order.discountCode,
    delivery: orderDeliveryPricing(order),
    cardLast4: order.cardLast4 ?? 'N/A',
    placedAt: order.placedAt.toISOString(),
    paidAt: iso(order.paidAt),
    holdExpiresAt: order.stockState === 'held' ? iso(order.holdExpiresAt) : null,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
  };
}

/** What the summaries say about an order's delivery fee (decision 012), from the order's own snapshot. */
export function orderDeliveryPricing(
  order: Pick<
    OrderRow,
    'province' | 'deliveryZone' | 'deliveryDays' | 'pickupPointName' | 'pickupLocation' | 'address'
  >,
): NonNullable<CheckoutOrder['delivery']> {
  // Why a fee is K0.00 is kept only where the order itself says it (pickup, nothing delivered); a member's or a
  // free zone's K0.00 reads as the figure.
  const pickup = order.pickupLocation !== null || order.pickupPointName !== null;
  const nothingDelivered = !pickup && order.province === null && order.address === null;
  const freeBecause = pickup ? 'pickup' : nothingDelivered ? 'nothing-to-deliver' : null;
  return {
    zone: order.deliveryZone,
    deliveryDays: order.deliveryDays,
    freeBecause,
    province: order.province,
    pickupPoint: order.pickupPointName,
  };
}

async function toCheckoutOrderOf(executor: DbExecutor, order: OrderRow): Promise<CheckoutOrder> {
  return toCheckoutOrder(order, await readOrderItems(executor, order.id));
}

export async function readOrderItems(executor: DbExecutor, orderId: number): Promise<OrderItemRow[]> {
  return executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/**
 * The order's discount code (issue 30): checked by the shared rule over its priced lines, with the code's row
 * locked; a code that does not apply refuses the order (400 on `discountCode`, in the shopper's words).
 */
async function codeForOrder(
  tx: DbExecutor,
  code: string,
  order: {
    lines: readonly PricedLine[];
    shipping: number;
    delivered: boolean;
    rule: MemberCodeRule;
    userId: number | null;
    emailKey: string;
    now: Date;
  },
) {
  const check = await checkCode(
    tx,
    code,
    {
      lines: order.lines.map((line) => ({
        productId: line.product.id,
        category: line.product.category,
        quantity: line.quantity,
        regularUnitPrice: line.product.priceToea,
        unitPrice: line.unitPrice,
        isMembership: line.product.isMembership,
      })),
      shipping: order.shipping,
      delivered: order.delivered,
      rule: order.rule,
      userId: order.userId,
      emailKey: order.emailKey,
    },
    { now: order.now, lock: true },
  );
  if (check.refusal !== null || !check.row || !check.pricing) {
    const message = check.refusal ?? checkoutMessages.invalidTotal;
    throw new AppError('VALIDATION', message, undefined, [{ path: 'discountCode', message }]);
  }
  return { row: check.row, pricing: check.pricing };
}

/**
 * Placing orders, proving who owns one, the confirmation page and tracking. Payment completion is in
 * payment-completion.ts; the background jobs in checkout-jobs.ts.
 */
export function createOrdersService(deps: OrdersDeps & OrderPlacementDeps) {
  const { db, payments, now } = deps;

  async function findByKeyHash(keyHash: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.idempotencyKeyHash, keyHash));
    return row;
  }

  /** The products and quantities asked for, before any rule: the selected cart lines or the items sent. */
  async function requestedLines(tx: DbExecutor, user: SessionUser | null, body: CreateOrderBody) {
    const source = body.source;
    if (source.type === 'cart') {
      if (!user) throw new AppError('UNAUTHENTICATED', checkoutMessages.signInForCart, { reason: 'signed-out' });
      const ids = [...new Set(source.cartItemIds)];
      const lines = await tx
        .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, ids)));
      // Another shopper's line is answered exactly like a missing one.
      if (lines.length !== ids.length) throw notFound(cartMessages.itemNotFound);
      return lines;
    }
    // One line per product and variant (issue 30): the same one sent on several lines counts once.
    const wanted = new Map<string, { productId: number; variantId?: number; quantity: number }>();
    for (const item of source.items) {
      const key = `${item.productId}:${item.variantId ?? ''}`;
      wanted.set(key, { ...item, quantity: (wanted.get(key)?.quantity ?? 0) + item.quantity });
    }
    return [...wanted.values()];
  }

  /** Applies the shop's rules to each line and prices it; refuses what this shopper cannot buy. */
  async function priceOrder(tx: DbExecutor, user: SessionUser | null, body: CreateOrderBody): Promise<PricedLine[]> {
    const requested = await requestedLines(tx, user, body);
    const ids = requested.map((line) => line.productId);
    const rows = await tx.select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const variants = await chosenVariants(tx, requested);
    const membership = user ? await createMembershipService(tx).getState(user.id, now()) : noMembership;
    const fromCart = body.source.type === 'cart';
    const lines: PricedLine[] = [];
    const cap = (row: ProductRow) => (row.isMembership ? MEMBERSHIP_MAX_QUANTITY : MAX_UNITS_PER_PRODUCT);
    for (const [index, { productId, quantity }] of requested.entries()) {
      const product = byId.get(productId);
      const variant = variants[index];
      if (!product || product.archivedAt !== null || !variant) throw notFound(productMessages.notFound);
      // The product as the chosen variant sells it: its price, its stock (issue 30).
      const row = throughVariant(product, variant);
      // The spec's invalid product (price not positive): "Action Blocked", as at add-to-cart; never a K0 order.
      if (!hasValidPrice(row)) throw new AppError('CONFLICT', productMessages.actionBlocked);
      const soldOut = row.status === 'inactive' || isSoldOut(toProduct(row));
      // decisions.md "Sold out": a sold-out cart line is left out of checkout; an explicit item is refused.
      if (soldOut && fromCart) continue;
      if (soldOut) throw outOfStock(row, 0);
      if (row.isMembership && !user) {
        throw new AppError('UNAUTHENTICATED', checkoutMessages.membershipNeedsAccount, {
          reason: 'membership-needs-account',
        });
      }
      if (row.isExclusive && !membership.isMember) throw new AppError('FORBIDDEN', cartMessages.exclusiveForMembers);
      if (row.isMembership) assertCanBuyPremium(membership, now());
      // One Premium checkout at a time (the shopper's placing is serialised by lockOrderPlacer): two paid at once
      // would be two charges for two years.
      if (row.isMembership && user && (await hasOpenPremiumOrder(tx, user.id))) {
        throw new AppError('CONFLICT', checkoutMessages.premiumCheckoutOpen);
      }
      if (row.isMembership && quantity > MEMBERSHIP_MAX_QUANTITY) {
        const message = cartMessages.quantityTooHigh(MEMBERSHIP_MAX_QUANTITY);
        throw new AppError('VALIDATION', message, { maxQuantity: MEMBERSHIP_MAX_QUANTITY });
      }
      // What one unpaid order may hold of a product (the same product sent on several lines counts once).
      if (!fromCart && quantity > cap(row)) {
        throw new AppError('VALIDATION', checkoutMessages.perOrderLimit(row.name, cap(row)), {
          productId: row.id,
          maxQuantity: cap(row),
        });
      }
      // A cart line counts for no more than is on hand and one order may take, as the cart's stepper shows it.
      const units = fromCart && !row.isMembership ? Math.min(quantity, row.stock, cap(row)) : quantity;
      lines.push(priceLine(row, variant, units, membership));
    }
    if (lines.length === 0) throw new AppError('OUT_OF_STOCK', checkoutMessages.noPurchasableItems);
    return lines;
  }

  /** The delivery-or-pickup rule for this order (physical items or the membership only); issues under contact.*. */
  function checkedContact(body: CreateOrderBody, lines: PricedLine[]) {
    const hasPhysicalItems = needsDeliveryOrPickup(lines.map((line) => ({ isMembership: line.product.isMembership })));
    const parsed = contactDetailsSchema({ hasPhysicalItems }).safeParse(body.contact);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: ['contact', ...issue.path].join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION', issues[0]?.message ?? 'Please check your details.', undefined, issues);
  }

  /**
   * The order this checkout attempt replaces (`replacesOrder`), released if the caller owns it and it is still
   * unpaid and holding stock: its units go back (so this order can take them) and it no longer counts towards the
   * limits or the one open Premium order. Read first without a lock, so another shopper's order is never locked;
   * then locked, so a payment settling it at the same moment is waited for (a paid one is left alone). Anything
   * else is ignored: the answer is the same as without `replacesOrder`.
   */
  async function releaseReplacedOrder(
    tx: DbExecutor,
    caller: OrderCaller,
    ref: CreateOrderBody['replacesOrder'],
  ): Promise<OrderRow | null> {
    if (!ref) return null;
    const [seen] = await tx.select().from(orders).where(eq(orders.id, ref.orderId));
    if (!seen || !callerOwns(seen, caller)) return null;
    const [replaced] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, seen.id), holdingStock, inArray(orders.paymentStatus, ['pending', 'failed'])))
      .for('update');
    if (!replaced) return null;
    // The reason names the new order once it has an id (below, in the same transaction).
    await releaseHeldOrder(tx, replaced, {
      cancelReason: 'replaced',
      stockReason: 'order-released',
      actor: stockActors.checkout,
      by: 'shopper',
      at: now(),
    });
    return replaced;
  }

  /**
   * One transaction: release the order this attempt replaces, the placer's limits, price, check, insert the order
   * and take the stock with conditional updates.
   */
  async function placeOrder(
    user: SessionUser | null,
    body: CreateOrderBody,
    keys: { keyHash: string; requestHash: string; tokenHash: string },
    placer: OrderPlacer & { locale?: OrderLocale },
    caller: OrderCaller,
    shop: ShopSettings | null,
  ): Promise<{ order: OrderRow; items: OrderItemRow[]; replaced: ReplacedOrder | null }> {
    return db.transaction(async (tx) => {
      await lockOrderPlacer(tx, placer);
      const replaced = await releaseReplacedOrder(tx, caller, body.replacesOrder);
      const lines = await priceOrder(tx, user, body);
      const contact = checkedContact(body, lines);
      // Issue 28: the shopper's own unpaid orders are found by who they are (account, e-mail; order-holds.ts).
      const phone = fullPhoneNumber(contact.countryCode, contact.phone);
      const emailKey = shopperEmailKey(contact.email);
      const shopper: OrderPlacer = { ...placer, emailKey };
      if (body.paymentMethod === 'card') await assertCardCheckoutsWithinLimits(tx, shopper, deps.unpaidLimits);
      // The way to pay (issue 19): on in the settings, and pay at pickup only for an order collected at a pickup point.
      const paymentSettings = await readPaymentSettings(tx);
      assertMethodAllowed(body.paymentMethod, paymentSettings, {
        pickup: contact.pickup,
        membershipOnly: lines.every((line) => line.product.isMembership),
      });
      // The delivery fee is the server's (decision 012): the destination's zone, K0.00 for pickup and members.
      const isMember = user ? (await createMembershipService(tx).getState(user.id, now())).isMember : false;
      const hasPhysicalItems = needsDeliveryOrPickup(
        lines.map((line) => ({ isMembership: line.product.isMembership })),
      );
      const delivery = await orderDelivery(tx, contact, hasPhysicalItems, isMember);
      // Issue 30 (decision 040): the discount code, checked with its row locked until this order is in, so two
      // orders racing for its last use are counted one after the other and the second is refused.
      const code = body.discountCode
        ? await codeForOrder(tx, body.discountCode, {
            lines,
            shipping: delivery.shipping,
            delivered: hasPhysicalItems && !contact.pickup,
            rule: await memberCodeRuleIn(tx),
            userId: user?.id ?? null,
            emailKey,
            now: now(),
          })
        : null;
      const summary = cartSummary(lines, delivery.shipping, code?.pricing.discount ?? 0);
      if (summary.total <= 0) throw new AppError('VALIDATION', checkoutMessages.invalidTotal);
      // Decision 022: the page showed another total; nothing is placed, the answer is the total now.
      if (body.expectedTotalToea !== undefined && body.expectedTotalToea !== summary.total) {
        throw newOrderPriceChanged(body.expectedTotalToea, summary, lines, code?.pricing.lineDiscounts ?? []);
      }
      // Summed in doubles (exact here); the columns are 32-bit: refuse what they cannot hold, never overflow.
      if (![summary.subtotal, summary.savings, summary.total].every(fitsMoneyColumn)) {
        throw new AppError('VALIDATION', checkoutMessages.totalTooLarge);
      }
      // Issue 28 (decision 029): what a bank-transfer or pickup order may hold, by shopper, address and product.
      if (body.paymentMethod !== 'card') {
        await assertHoldsWithinCaps(
          tx,
          shopper,
          {
            lines: lines.map((line) => ({
              productId: line.product.id,
              variantId: line.variant.id,
              name: nameWithVariant(line.product.name, line.variant.label),
              quantity: line.quantity,
              isMembership: line.product.isMembership,
            })),
            totalToea: summary.total,
          },
          paymentSettings,
        );
      }
      const placedAt = now();
      const optional = (value: string) => (value === '' ? null : value);
      // A guest's bank-transfer or pickup order holds only the short unconfirmed time until it is confirmed from
      // the e-mail's single-use link (stored hashed); a signed-in shopper's gets the long hold at once.
      const confirmToken = !user && body.paymentMethod !== 'card' ? randomBytes(32).toString('base64url') : null;
      // The order row first: a concurrent request with the same key waits here and then finds this order.
      const order = await placeOrderRow(tx, {
        orderType: user ? 'registered' : 'guest',
        userId: user?.id ?? null,
        source: body.source.type,
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email,
        phone,
        address: optional(contact.address),
        city: optional(contact.city),
        state: optional(contact.state),
        postcode: optional(contact.postcode),
        ...delivery.columns,
        notes: optional(contact.notes),
        subtotalToea: summary.subtotal,
        savingsToea: summary.savings,
        shippingToea: summary.shipping,
        discountCode: code?.row.code ?? null,
        discountToea: summary.discount,
        totalToea: summary.total,
        trackingCode: newTrackingCode(),
        idempotencyKeyHash: keys.keyHash,
        requestHash: keys.requestHash,
        checkoutTokenHash: keys.tokenHash,
        clientAddressHash: placer.addressHash,
        shopperEmailKey: shopper.emailKey,
        holdConfirmTokenHash: confirmToken === null ? null : sha256(confirmToken),
        holdExpiresAt:
          confirmToken === null
            ? holdEndFor(body.paymentMethod, paymentSettings, placedAt)
            : new Date(placedAt.getTime() + paymentSettings.unconfirmedHoldMinutes * 60_000),
        paymentMethod: body.paymentMethod,
        // Issue 31: the language of its text messages, the shopper's when they ordered.
        locale: placer.locale ?? 'en',
        placedAt,
        updatedAt: placedAt,
      });
      if (!order) throw new SameKeyOrderExists();

      // The membership is not stock: it is never sold out.
      const short = await holdOrderUnits(
        tx,
        order.id,
        lines.map((line) => ({
          productId: line.product.id,
          variantId: line.variant.id,
          quantity: line.quantity,
          isMembership: line.product.isMembership,
        })),
        placedAt,
      );
      const shortLine = short && lines.find((line) => line.variant.id === short.variantId);
      if (short && shortLine) throw outOfStock(shortLine.product, short.stock);
      const items = await tx
        .insert(orderItems)
        .values(
          lines.map((line, index) => ({
            orderId: order.id,
            productId: line.product.id,
            variantId: line.variant.id,
            variantLabel: line.variant.label,
            variantSku: line.variant.sku,
            productName: line.product.name,
            productImage: line.product.image,
            quantity: line.quantity,
            unitPriceToea: line.unitPrice,
            originalPriceToea: line.originalPrice,
            discountToea: code?.pricing.lineDiscounts[index] ?? 0,
            isMembership: line.product.isMembership,
          })),
        )
        .returning();
      // The code's use is held with the order's units (the lifecycle counts it when paid, releases it with them).
      if (code) {
        await holdCodeUse(tx, {
          codeId: code.row.id,
          orderId: order.id,
          userId: user?.id ?? null,
          emailKey,
          discountToea: summary.discount,
          at: placedAt,
        });
      }
      // Issue 27: a bank transfer or pickup order is placed now, so its lines leave the server cart now (they come
      // back if it ends unpaid: releaseHeldOrder); a card order's leave when it is paid (payment-completion.ts).
      if (body.paymentMethod !== 'card' && user && body.source.type === 'cart') {
        await takeOrderedCartLines(
          tx,
          user.id,
          lines.map((line) => line.product.id),
        );
      }
      if (replaced) {
        await noteOrder(tx, replaced.id, { replacedBy: replacedCancelReason(order.id) });
      }
      // A bank transfer's reference and instructions, or pay at pickup's confirmation: e-mailed with the order.
      const placed =
        body.paymentMethod === 'card' || !shop
          ? order
          : await afterNonCardOrderPlaced(
              deps,
              tx,
              order,
              shop,
              { kind: 'shopper', userId: user?.id ?? null, email: contact.email },
              confirmToken,
            );
      return {
        order: placed,
        items: items.sort((a, b) => a.id - b.id),
        replaced: replaced && { orderId: replaced.id, paymentIntentId: replaced.paymentIntentId },
      };
    });
  }

  /**
   * The order of this idempotency key: the one already stored, or a new one placed now. Issue 27: when the new
   * one could not be stored (a full disk, the database gone), its transaction was rolled back and the answer is
   * the 503 that says so, never the masked 500 that left shoppers unsure whether they had ordered.
   */
  async function findOrPlace(
    user: SessionUser | null,
    body: CreateOrderBody,
    keys: { keyHash: string; requestHash: string; tokenHash: string },
    placer: OrderPlacer & { locale?: OrderLocale },
  ): Promise<{ order: OrderRow; items: OrderItemRow[] | null; created: boolean; replaced: ReplacedOrder | null }> {
    try {
      const found = await findByKeyHash(keys.keyHash);
      if (found) return { order: found, items: null, created: false, replaced: null };
      const caller: OrderCaller = { user, checkoutToken: body.replacesOrder?.checkoutToken };
      // Read before the transaction (PGlite): the shop's details for a bank transfer's or pickup's e-mail.
      const shop = body.paymentMethod === 'card' ? null : await deps.settings.get();
      return { ...(await placeOrder(user, body, keys, placer, caller, shop)), created: true };
    } catch (error) {
      // A concurrent request with the same key may have placed the order (and taken the last unit) first:
      // then its order is the answer, whatever this attempt ran into.
      const order = await findByKeyHash(keys.keyHash).catch(() => undefined);
      if (order) return { order, items: null, created: false, replaced: null };
      if (error instanceof SameKeyOrderExists) throw new AppError('CONFLICT', checkoutMessages.idempotencyConflict);
      if (error instanceof AppError || isUniqueViolation(error)) throw error;
      deps.log.error({ err: error }, 'the order could not be stored; its transaction was rolled back');
      throw new AppError('UNAVAILABLE', checkoutMessages.orderNotSaved);
    }
  }

  /**
   * The order's payment intent: created once through the provider with a key derived from the order, so a
   * retry (or a crash between creating it and saving its id) gets the same intent back. Never inside a
   * database transaction: a provider call is not part of one (and PGlite would wait on itself).
   */
  async function ensureIntent(order: OrderRow): Promise<PaymentIntent> {
    if (order.paymentIntentId) {
      const intent = await payments.retrieveIntent(order.paymentIntentId);
      // Decision 022: the order was priced again since; the card is charged the quote, never the old amount.
      const open = intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation';
      if (open && intent.amount !== order.totalToea) return payments.updateIntentAmount(intent.id, order.totalToea);
      return intent;
    }
    const intent = await payments.createIntent({
      amount: order.totalToea,
      currency: 'pgk',
      metadata: { kind: 'order', orderId: String(order.id), trackingCode: order.trackingCode },
      description: `Bilum order #${order.id}`,
      idempotencyKey: `bilum-order-${order.id}-payment`,
    });
    await noteOrder(db, order.id, { paymentIntentId: intent.id }, sql`${orders.paymentIntentId} is null`);
    order.paymentIntentId = intent.id;
    return intent;
  }

  /** The order, or undefined; an id no order can have (1e20, -1, 2.5) is not looked up. */
  async function orderById(id: number): Promise<OrderRow | undefined> {
    if (!isSerialId(id)) return undefined;
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  return {
    ensureIntent,
    orderById,

    /**
     * POST /api/orders. The same idempotency key (for the same shopper) answers the first order and intent;
     * `created` is false then. `clientAddress`: the caller's address (byAddress), for the limits on unpaid orders.
     * `replaced`: the order this one replaced (released with it), whose intent the caller then cancels
     * (PaymentCompletion.cancelReleasedIntent); never part of the answer.
     */
    async createOrder(
      user: SessionUser | null,
      body: CreateOrderBody,
      clientAddress: string,
      /** Issue 31: the shopper's language (the `lang` cookie), for the order's text messages. */
      locale: OrderLocale = 'en',
    ) {
      const scope = user ? `user:${user.id}` : 'guest';
      const checkoutToken = checkoutTokenFor(deps.secrets, scope, body.idempotencyKey);
      const placer: OrderPlacer & { locale: OrderLocale } = {
        locale,
        // Issue 28: an IPv6 client counts by its /64 (clientAddressKey), an IPv4-mapped one as IPv4.
        addressHash: deps.secrets.hash('order-client-address', clientAddressKey(clientAddress)),
        userId: user?.id ?? null,
        // Locked by before the checks; the checks use the validated address (the same key).
        emailKey: typeof body.contact.email === 'string' ? shopperEmailKey(body.contact.email) : null,
      };
      const keys = {
        keyHash: idempotencyKeyHash(scope, body.idempotencyKey),
        requestHash: sha256(
          JSON.stringify({ contact: body.contact, source: body.source, paymentMethod: body.paymentMethod }),
        ),
        tokenHash: sha256(checkoutToken),
      };
      const found = await findOrPlace(user, body, keys, placer);
      const { items, created, replaced } = found;
      let order = found.order;
      if (!created && order.requestHash !== keys.requestHash) {
        throw new AppError('CONFLICT', checkoutMessages.idempotencyConflict);
      }
      if (!created) {
        // The same checkout asked again: the order it made is priced again first, as before any payment.
        const requote = await requoteBeforePayment(db, order, now());
        if (requote) {
          order = requote.order;
          await assertExpectedTotal(db, requote, body.expectedTotalToea, (row) => toCheckoutOrderOf(db, row), now());
        }
      }
      // Issue 27: from here on the order is stored, so the answer says so whatever fails next. Only a card has a
      // payment intent; one the provider (or a full disk) could not open now is `payment: null`, and the same
      // attempt (same key) opens it (the provider's key is the order's: never a second intent).
      const intent =
        order.paymentMethod === 'card'
          ? await ensureIntent(order).catch((error: unknown) => {
              deps.log.error({ err: error, orderId: order.id }, 'order stored, but its payment intent is not open');
              return null;
            })
          : null;
      // A new order is answered from its own transaction (no read that could fail after the commit).
      const fresh = created ? order : ((await orderById(order.id)) ?? order);
      return {
        created,
        replaced,
        response: {
          order: toCheckoutOrder(fresh, items ?? (await readOrderItems(db, order.id))),
          payment: intent && {
            intentId: intent.id,
            clientSecret: intent.clientSecret,
            amount: intent.amount,
            currency: 'pgk' as const,
          },
          checkoutToken,
        },
      };
    },

    /**
     * The order if the caller owns it: a registered order's shopper (session), or whoever holds a guest order's
     * checkout token. Anything else is answered like an unknown order.
     */
    async ownedOrder(id: number, caller: OrderCaller): Promise<OrderRow> {
      const order = await orderById(id);
      if (!order || !callerOwns(order, caller)) throw orderNotFound();
      return order;
    },

    /**
     * Issue 28 (decision 029): the single-use link of a guest's bank-transfer or pickup order: the long hold
     * starts now (through the lifecycle's `confirm-hold`). An unknown order, a wrong token and a used link get the
     * same answer; an order whose short hold has ended says so, to the token's holder only.
     */
    async confirmHold(orderId: number, token: string): Promise<ConfirmHoldAnswer> {
      if (!isSerialId(orderId)) throw new AppError('CONFLICT', checkoutMessages.holdConfirmLinkUsed);
      // Read before the transaction: on PGlite a query outside it would wait for the transaction to end.
      const shop = await deps.settings.get();
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order || order.holdConfirmTokenHash === null || !sameTokenHash(token, order.holdConfirmTokenHash)) {
          throw new AppError('CONFLICT', checkoutMessages.holdConfirmLinkUsed);
        }
        const at = now();
        const open = order.stockState === 'held' && order.paymentStatus === 'pending';
        if (!open || (order.holdExpiresAt !== null && order.holdExpiresAt <= at)) {
          throw new AppError('CONFLICT', checkoutMessages.holdConfirmExpired);
        }
        const payment = await readPaymentSettings(tx);
        const heldUntil = holdEndFor(order.paymentMethod, payment, at);
        const confirmed = await transition(tx, order.id, {
          event: 'confirm-hold',
          actor: 'shopper',
          at,
          set: { holdExpiresAt: heldUntil, holdConfirmedAt: at, holdConfirmTokenHash: null },
        });
        await recordActivity(tx, {
          actor: { kind: 'shopper', userId: null, email: order.email },
          action: 'order.hold-confirmed',
          entityType: 'order',
          entityId: order.id,
          summary: `Confirmed from the e-mail; stock held until ${heldUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          before: { holdExpiresAt: iso(order.holdExpiresAt) },
          after: { holdExpiresAt: iso(heldUntil) },
        });
        // The e-mail with the new deadline: what a signed-in shopper got when placing it.
        await queueHoldConfirmedEmail(deps, tx, confirmed, shop);
        return {
          orderId: confirmed.id,
          trackingCode: confirmed.trackingCode,
          paymentMethod: confirmed.paymentMethod,
          heldUntil: heldUntil.toISOString(),
          message: checkoutMessages.holdConfirmed(
            `${pngDateTime(heldUntil)} (Port Moresby time)`,
            confirmed.paymentMethod === 'pickup',
          ),
        };
      });
    },

    async checkoutOrder(order: OrderRow): Promise<CheckoutOrder> {
      return toCheckoutOrder(order, await readOrderItems(db, order.id));
    },

    /**
     * The confirmation page: the e-mail's status from the outbox (sending while queued or retrying). A paid order
     * without one yet is "sending": its document job draws the invoice and then queues it (issue 27).
     */
    async confirmation(order: OrderRow): Promise<OrderConfirmation> {
      let emailStatus: OrderConfirmation['emailStatus'] =
        order.paymentStatus === 'pending' || order.paymentStatus === 'paid' ? 'sending' : 'failed';
      if (order.confirmationEmailId !== null) {
        const [email] = await db
          .select({ status: emailOutbox.status })
          .from(emailOutbox)
          .where(eq(emailOutbox.id, order.confirmationEmailId));
        emailStatus = email?.status === 'sent' ? 'sent' : email?.status === 'failed' || !email ? 'failed' : 'sending';
      }
      return {
        orderId: order.id,
        trackingCode: order.trackingCode,
        email: order.email,
        isGuest: order.orderType === 'guest',
        paymentStatus: order.paymentStatus,
        emailStatus,
        payment: await orderPaymentInfo(db, order),
      };
    },

    /**
     * The Tracked order, by tracking code or by e-mail and order id, for guest and member orders alike. A wrong
     * e-mail and an unknown order get the same answer after the same single query.
     */
    async track(input: { email?: string; orderId?: string | number; trackingCode?: string }): Promise<TrackedOrder> {
      let order: OrderRow | undefined;
      if (input.trackingCode) {
        const [row] = await db
          .select()
          .from(orders)
          .where(eq(orders.trackingCode, normaliseTrackingCode(input.trackingCode)));
        order = row;
      } else {
        const digits = String(input.orderId ?? '')
          .trim()
          .replace(/^#/, '');
        const id = /^\d{1,9}$/.test(digits) ? Number(digits) : 0;
        const [row] = await db.select().from(orders).where(eq(orders.id, id));
        const email = (input.email ?? '').trim().toLowerCase();
        order = row && sha256(row.email) === sha256(email) ? row : undefined;
      }
      if (!order) throw orderNotFound();
      const items = await readOrderItems(db, order.id);
      const payment = await orderPaymentInfo(db, order);
      return {
        orderId: order.id,
        trackingCode: order.trackingCode,
        // An unpaid order is never tracked as placed (issue 17); a collected pickup order is "Collected" (issue 27).
        status: payment.status.label,
        shippingStatus: order.shippingStatus,
        paymentStatus: order.paymentStatus,
        firstName: order.firstName,
        lastName: order.lastName,
        email: order.email,
        phone: order.phone,
        shippingAddress: orderAddress(order),
        pickupLocation: order.pickupLocation,
        deliveryZone: order.deliveryZone,
        deliveryDays: order.deliveryDays,
        placedAt: order.placedAt.toISOString(),
        dispatchedAt: iso(order.dispatchedAt),
        deliveredAt: iso(order.deliveredAt),
        // Stored at dispatch (admin-orders.service.ts), so a later change of the delivery time does not move it.
        estimatedDelivery: iso(order.estimatedDeliveryAt),
        items: items.map((item) => ({
          productId: item.productId,
          name: orderLineName(item),
          image: item.productImage,
          quantity: item.quantity,
          unitPrice: item.unitPriceToea,
          lineTotal: item.unitPriceToea * item.quantity,
          isMembership: item.isMembership,
        })),
        shipping: order.shippingToea,
        discountCode: order.discountCode,
        discount: order.discountToea,
        total: order.totalToea,
        cardLast4: order.cardLast4 ?? 'N/A',
        payment,
        premiumActiveUntil:
          order.paymentStatus === 'paid' && order.userId !== null && isMembershipOnly(items)
            ? (await createMembershipService(db).getState(order.userId, now())).endsAt
            : null,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
