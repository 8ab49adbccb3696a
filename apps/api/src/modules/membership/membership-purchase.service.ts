import {
  addOneYear,
  checkoutMessages,
  type ConfirmMembershipPaymentInput,
  type MembershipPaymentResult,
  catalogAdminMessages,
  parseSerialId,
  type PremiumOffer,
  safeReturnUrl,
  type StartMembershipPayment,
} from '@bilum/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MembershipRow, memberships, products } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Mailer } from '../mail/mail.service';
import type { PaymentEvent, PaymentIntent, PaymentProvider } from '../payments/payment-provider';
import { requoteShopperOrders } from '../orders/order-quote';
import type { SettingsService } from '../settings/settings.service';
import { recordPremiumCardSale } from './premium-sale';
import { assertCanBuyPremium, createMembershipService, premiumStillBuyable } from './membership.service';

export interface MembershipPurchaseDeps {
  db: Database;
  payments: PaymentProvider;
  /** The one outbox: the sale's invoice job (and its e-mail) is queued in the transaction that completes the year. */
  mailer: Mailer;
  /** The shop's settings, for the sale's "order paid" alert. */
  settings: Pick<SettingsService, 'get'>;
  /** The shop's address (shopUrl in config.ts): 3-D Secure returns to a page of it. */
  shopUrl: string;
  now?: () => Date;
}

/** Marks the provider's intents that pay for a membership, so the one webhook route can send them here. */
export const membershipIntentKind = 'membership';

const openStatuses: MembershipRow['status'][] = ['pending', 'failed'];

/**
 * The Premium membership product (issue 18): its price is the one source of what /membership-choice,
 * /membership-payment, the cart and the checkout show and charge. 404 when the shop has none on sale.
 */
export async function premiumOffer(db: Database): Promise<PremiumOffer> {
  const [row] = await db
    .select({ id: products.id, price: products.priceToea })
    .from(products)
    .where(and(eq(products.isMembership, true), eq(products.status, 'active'), isNull(products.archivedAt)))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw notFound(catalogAdminMessages.premiumUnavailable);
  return { productId: row.id, price: row.price };
}
const notFoundMessage = 'Membership payment not found.';

/**
 * Buying Premium on /membership-payment. A pending membership record holds the payment intent (the Premium
 * product's price when the record was opened, kept on the record; created once per record with an idempotency key
 * derived from it). The record becomes a completed year only
 * when the intent, read back from the provider, has succeeded for exactly that amount in kina: from the confirm
 * call, the provider's webhook or the reconciliation, whichever comes first, and only once. A renewal's year
 * starts where the active one ends; a declined card leaves the shopper as they were.
 */
export function createMembershipPurchaseService({
  db,
  payments,
  mailer,
  settings,
  shopUrl,
  now = () => new Date(),
}: MembershipPurchaseDeps) {
  const stateOf = (userId: number) => createMembershipService(db).getState(userId, now());

  async function ownRecord(userId: number, id: number): Promise<MembershipRow> {
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, id), eq(memberships.userId, userId)));
    // Another shopper's record is answered like a missing one.
    if (!row) throw notFound(notFoundMessage);
    return row;
  }

  /** The record's intent, created once; never inside a transaction (the simulator writes to the same database). */
  async function ensureIntent(row: MembershipRow): Promise<PaymentIntent> {
    if (row.paymentReference) return payments.retrieveIntent(row.paymentReference);
    if (row.amountToea === null) throw new Error('membership record without an amount');
    const intent = await payments.createIntent({
      amount: row.amountToea,
      currency: 'pgk',
      metadata: { kind: membershipIntentKind, membershipId: String(row.id), userId: String(row.userId) },
      description: 'Bilum Premium membership, one year',
      idempotencyKey: `bilum-membership-${row.id}-payment`,
    });
    await db
      .update(memberships)
      .set({ paymentReference: intent.id })
      .where(and(eq(memberships.id, row.id), eq(memberships.status, 'pending')));
    return intent;
  }

  /** Paid means the provider says so, for this record, this amount and this currency. */
  function paysFor(intent: PaymentIntent, row: MembershipRow): boolean {
    return (
      intent.status === 'succeeded' &&
      intent.amount === row.amountToea &&
      intent.currency === 'pgk' &&
      intent.metadata.kind === membershipIntentKind &&
      intent.metadata.membershipId === String(row.id) &&
      row.paymentReference === intent.id
    );
  }

  /**
   * Turns an open record into a completed year, once: the conditional update on the status lets only one of the
   * confirm call, the webhook and the reconciliation do it. The year runs from now, or from the end of the
   * active membership (a renewal adds a year to its end). Returns false, and refunds the payment, when another
   * payment (a second record, or a Premium order) bought this shopper's Premium first: never a second year.
   */
  async function complete(row: MembershipRow, intent: PaymentIntent): Promise<boolean> {
    let sent = false;
    // Read before the transaction: on PGlite a query outside it would wait for the transaction to end.
    const shop = await settings.get();
    const completed = await db.transaction(async (tx) => {
      const at = now();
      const buyable = await premiumStillBuyable(tx, row.userId, at);
      const [current] = await tx
        .select({ status: memberships.status })
        .from(memberships)
        .where(eq(memberships.id, row.id));
      if (current?.status === 'completed') return true;
      if (!buyable) {
        await tx
          .update(memberships)
          .set({ status: 'failed' })
          .where(and(eq(memberships.id, row.id), inArray(memberships.status, openStatuses)));
        return false;
      }
      const [active] = await tx
        .select({ endsAt: memberships.endsAt })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, row.userId),
            eq(memberships.status, 'completed'),
            lte(memberships.startsAt, at),
            gt(memberships.endsAt, at),
          ),
        )
        .orderBy(desc(memberships.endsAt))
        .limit(1)
        .for('update');
      const from = active?.endsAt && active.endsAt > at ? active.endsAt : at;
      const [made] = await tx
        .update(memberships)
        .set({ status: 'completed', startsAt: at, endsAt: addOneYear(from), lastPaymentAt: at })
        .where(
          and(
            eq(memberships.id, row.id),
            inArray(memberships.status, openStatuses),
            eq(memberships.paymentReference, intent.id),
          ),
        )
        .returning({ endsAt: memberships.endsAt });
      // Only the call that completed the year records it as a sale (decision 024): a paid one-line order with its
      // invoice number, in the books, whose confirmation e-mail carries the tax invoice and the end date.
      if (made?.endsAt) {
        // A member now: the shopper's unpaid orders get member prices and free delivery (decision 022).
        await requoteShopperOrders(tx, row.userId, at);
        await recordPremiumCardSale({ mailer, shopUrl }, tx, {
          membershipId: row.id,
          userId: row.userId,
          amountToea: intent.amount,
          intentId: intent.id,
          cardLast4: intent.cardLast4,
          paidAt: at,
          endsAt: made.endsAt,
          renewal: Boolean(active),
          settings: shop,
        });
        sent = true;
      }
      return true;
    });
    if (sent) mailer.wake();
    if (!completed) {
      // Outside the transaction (a provider call); the key makes a repeat (reconciliation) refund nothing more.
      await payments.refund({ intentId: intent.id, idempotencyKey: `bilum-membership-${row.id}-refund-${intent.id}` });
    }
    return completed;
  }

  /** Acts on what the provider says about the record's intent, and answers the page. */
  async function settle(row: MembershipRow, intent: PaymentIntent): Promise<MembershipPaymentResult> {
    if (paysFor(intent, row)) {
      if (await complete(row, intent)) return { status: 'succeeded', membership: await stateOf(row.userId) };
      return {
        status: 'refunded',
        membership: await stateOf(row.userId),
        error: { code: 'already_member', message: checkoutMessages.refundedPremiumActive },
      };
    }
    const result: MembershipPaymentResult = {
      status: intent.status === 'requires_confirmation' ? 'requires_payment_method' : intent.status,
      membership: await stateOf(row.userId),
    };
    if (intent.status === 'succeeded') {
      // Succeeded, but not for this record's amount or currency: never honoured.
      return {
        ...result,
        status: 'requires_payment_method',
        error: { code: 'amount_mismatch', message: 'Payment confirmation failed.' },
      };
    }
    if (intent.status === 'requires_action' && intent.nextActionUrl) result.nextActionUrl = intent.nextActionUrl;
    if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
      result.error = { code: intent.lastPaymentError.code, message: intent.lastPaymentError.message };
      await db
        .update(memberships)
        .set({ status: 'failed' })
        .where(and(eq(memberships.id, row.id), eq(memberships.status, 'pending')));
    }
    return result;
  }

  return {
    /** GET /api/membership/premium: the Premium product and its price. */
    offer: () => premiumOffer(db),

    /**
     * Opens (or reopens) the shopper's Premium payment: 409 for an active member outside the last 30 days.
     * An open record of theirs is reused, so opening the page again does not make another payment.
     */
    async start(userId: number): Promise<StartMembershipPayment> {
      const state = await stateOf(userId);
      assertCanBuyPremium(state, now());
      const { price } = await premiumOffer(db);
      let [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, userId), inArray(memberships.status, openStatuses)))
        .orderBy(desc(memberships.id))
        .limit(1);
      if (row?.paymentReference) {
        // An intent that can no longer be paid (canceled, or paid already) is not reused.
        const intent = await payments.retrieveIntent(row.paymentReference);
        if (paysFor(intent, row)) await complete(row, intent);
        if (intent.status === 'succeeded' || intent.status === 'canceled') row = undefined;
      }
      // Opened at another price (the admin changed it since): a new record asks the price of now.
      if (row && row.amountToea !== price) row = undefined;
      if (!row) {
        [row] = await db
          .insert(memberships)
          .values({ userId, type: 'premium', status: 'pending', amountToea: price })
          .returning();
        if (!row) throw new Error('memberships insert returned nothing');
      }
      const intent = await ensureIntent(row);
      return {
        membershipId: row.id,
        renewal: state.isMember,
        payment: { intentId: intent.id, clientSecret: intent.clientSecret, amount: intent.amount, currency: 'pgk' },
      };
    },

    /** Confirms the card with the provider; a declined card answers requires_payment_method with its message. */
    async confirm(userId: number, id: number, input: ConfirmMembershipPaymentInput): Promise<MembershipPaymentResult> {
      const row = await ownRecord(userId, id);
      if (row.status === 'completed') return { status: 'succeeded', membership: await stateOf(userId) };
      if (!row.paymentReference) throw notFound(notFoundMessage);
      let intent: PaymentIntent;
      try {
        intent = await payments.confirmIntent(row.paymentReference, {
          card: input.card ? { ...input.card, name: input.cardholderName } : undefined,
          paymentMethodId: input.paymentMethodId,
          // Only a page of the shop (the one return-URL helper), absolute as Stripe requires.
          returnUrl: `${shopUrl}${safeReturnUrl(input.returnUrl, '/membership-payment', shopUrl)}`,
        });
      } catch (error) {
        // Confirmed already (a double click, or paid from another tab): what the provider has now is the answer.
        if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
        intent = await payments.retrieveIntent(row.paymentReference);
      }
      return settle(row, intent);
    },

    /** After the 3-D Secure page, or while processing: reads the intent again. */
    async refresh(userId: number, id: number): Promise<MembershipPaymentResult> {
      const row = await ownRecord(userId, id);
      if (row.status === 'completed') return { status: 'succeeded', membership: await stateOf(userId) };
      if (!row.paymentReference) throw notFound(notFoundMessage);
      return settle(row, await payments.retrieveIntent(row.paymentReference));
    },

    /** True when a verified webhook event is about a membership payment (for the one webhook route). */
    handles: (event: PaymentEvent) => event.intent?.metadata.kind === membershipIntentKind,

    /** A verified webhook event: the intent is read again from the provider rather than trusted from the event. */
    async handleEvent(event: PaymentEvent): Promise<void> {
      const id = parseSerialId(event.intent?.metadata.membershipId);
      if (!event.intent || id === null) return;
      const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
      if (!row || row.status === 'completed' || row.paymentReference !== event.intent.id) return;
      await settle(row, await payments.retrieveIntent(event.intent.id));
    },

    /** Catches what a lost webhook missed: open records with an intent, younger than `maxAgeMs`. */
    async reconcile(maxAgeMs = 3 * 24 * 60 * 60_000): Promise<number> {
      const since = new Date(now().getTime() - maxAgeMs);
      const rows = await db
        .select()
        .from(memberships)
        .where(
          and(
            inArray(memberships.status, openStatuses),
            isNotNull(memberships.paymentReference),
            gt(memberships.createdAt, since),
          ),
        );
      let completed = 0;
      for (const row of rows) {
        const intent = await payments.retrieveIntent(row.paymentReference as string);
        if (paysFor(intent, row) && (await complete(row, intent))) completed += 1;
      }
      return completed;
    },
  };
}

export type MembershipPurchaseService = ReturnType<typeof createMembershipPurchaseService>;
