import type { Cart, MembershipPaymentResult, SessionState, StartMembershipPayment } from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, memberships, products, simulatedPaymentIntents } from '../../db/schema';
import { makeMember, type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import { card, orderBody, payOrder, placeOrder, postOrder, runDocumentJobs } from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestCardSimulator } from '../payments/test-card-simulator';

let ctx: TestContext;
let simulator: TestCardSimulator;
/** The shop's Premium membership product: its price is what Premium costs (issue 18). */
let premiumProduct: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  ctx = await createTestApp();
  if (ctx.app.payments.name !== 'simulator') throw new Error('the tests run on the test-card simulator');
  simulator = ctx.app.payments;
  premiumProduct = await createProduct(ctx.db, {
    name: 'Premium Membership (1 year)',
    isMembership: true,
    priceToea: 20_050,
    category: 'accessories',
    stock: 1_000_000,
  });
});
afterAll(() => ctx.close());

const day = 24 * 60 * 60_000;
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const declinedCard = { ...goodCard, number: '4000 0000 0000 0002' };
const form = { cardholderName: 'Kila Rahu', termsAccepted: true };

function post(shopper: SignedIn | null, url: string, payload: object = {}) {
  return ctx.app.inject({ method: 'POST', url, headers: shopper ? { cookie: shopper.cookie } : {}, payload });
}

async function start(shopper: SignedIn): Promise<StartMembershipPayment> {
  const response = await post(shopper, '/api/membership/payment');
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function pay(shopper: SignedIn, card = goodCard): Promise<MembershipPaymentResult> {
  const { membershipId } = await start(shopper);
  const response = await post(shopper, `/api/membership/payment/${membershipId}/confirm`, { ...form, card });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The e-mails queued to the shopper, oldest first. */
const mailTo = (shopper: SignedIn) =>
  ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, shopper.user.email)).orderBy(emailOutbox.id);

async function sessionOf(shopper: SignedIn): Promise<SessionState> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: shopper.cookie } })).json();
}

describe('membership purchase', () => {
  it('answers 401 without a session', async () => {
    expect((await post(null, '/api/membership/payment')).statusCode).toBe(401);
    expect((await post(null, '/api/membership/payment/1/confirm', { ...form, card: goodCard })).statusCode).toBe(401);
  });

  it('opens one K200.50 intent per pending record, and reuses it when the page is opened again', async () => {
    const shopper = await signedInShopper(ctx);
    const first = await start(shopper);
    expect(first.payment).toMatchObject({ amount: 20_050, currency: 'pgk' });
    expect(first.renewal).toBe(false);
    const again = await start(shopper);
    expect(again.membershipId).toBe(first.membershipId);
    expect(again.payment.intentId).toBe(first.payment.intentId);
    const [record] = await ctx.db.select().from(memberships).where(eq(memberships.id, first.membershipId));
    expect(record).toMatchObject({ status: 'pending', paymentReference: first.payment.intentId, startsAt: null });
  });

  it('makes the shopper a member at once when paid with the test card: member prices in the cart and on products', async () => {
    const shopper = await signedInShopper(ctx);
    const laptop = await createProduct(ctx.db, { name: 'Member laptop', priceToea: 300_000 });
    await post(shopper, '/api/cart/items', { productId: laptop.id });
    const before: Cart = (
      await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: shopper.cookie } })
    ).json();
    expect(before.items[0]?.unitPrice).toBe(300_000);

    const result = await pay(shopper);
    expect(result.status).toBe('succeeded');
    expect(result.membership).toMatchObject({ isMember: true, discountRate: 0.1, membershipType: 'premium' });

    const session = await sessionOf(shopper);
    expect(session.membership.isMember).toBe(true);
    const endsAt = new Date(session.membership.endsAt ?? 0).getTime();
    expect(endsAt - Date.now()).toBeGreaterThan(364 * day);
    expect(endsAt - Date.now()).toBeLessThan(367 * day);

    const after: Cart = (
      await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: shopper.cookie } })
    ).json();
    expect(after.items[0]).toMatchObject({ unitPrice: 270_000, isMemberPrice: true, originalPrice: 300_000 });
    expect(after.isMember).toBe(true);
    // Product pages price from the session's membership (member-pricing.ts in the web): 10% off from now on.
    expect(session.membership.discountRate).toBe(0.1);
    // Exclusive Member offers are open to the member now.
    const exclusive = await createProduct(ctx.db, { isExclusive: true });
    expect((await post(shopper, '/api/cart/items', { productId: exclusive.id })).statusCode).toBe(201);
  });

  it('changes nothing when the card is declined: no membership, no discount, the record failed', async () => {
    const shopper = await signedInShopper(ctx);
    const result = await pay(shopper, declinedCard);
    expect(result.status).toBe('requires_payment_method');
    expect(result.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(result.membership.isMember).toBe(false);
    expect((await sessionOf(shopper)).membership.isMember).toBe(false);
    const records = await ctx.db.select().from(memberships).where(eq(memberships.userId, shopper.user.id));
    expect(records).toEqual([expect.objectContaining({ status: 'failed', startsAt: null, endsAt: null })]);
    const exclusive = await createProduct(ctx.db, { isExclusive: true });
    expect((await post(shopper, '/api/cart/items', { productId: exclusive.id })).statusCode).toBe(403);

    // Another card on the same payment then works.
    const { membershipId } = await start(shopper);
    expect(membershipId).toBe(records[0]?.id);
    const retry = await post(shopper, `/api/membership/payment/${membershipId}/confirm`, { ...form, card: goodCard });
    expect(retry.json().status).toBe('succeeded');
  });

  it('refuses a form without a cardholder name or accepted terms with the spec’s messages', async () => {
    const shopper = await signedInShopper(ctx);
    const { membershipId } = await start(shopper);
    const response = await post(shopper, `/api/membership/payment/${membershipId}/confirm`, {
      cardholderName: ' ',
      termsAccepted: false,
      card: goodCard,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'cardholderName', message: 'Cardholder name is required' },
        { path: 'termsAccepted', message: 'You must accept the terms and conditions to proceed.' },
      ]),
    );
    expect((await sessionOf(shopper)).membership.isMember).toBe(false);
  });

  it('gives no discount once a membership has expired, and lets the shopper buy a new one', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id, {
      startsAt: new Date(Date.now() - 400 * day),
      endsAt: new Date(Date.now() - day),
    });
    const product = await createProduct(ctx.db, { priceToea: 10_000 });
    await post(shopper, '/api/cart/items', { productId: product.id });
    const cart: Cart = (
      await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: shopper.cookie } })
    ).json();
    expect(cart.isMember).toBe(false);
    expect(cart.items[0]).toMatchObject({ unitPrice: 10_000, isMemberPrice: false });
    const started = await start(shopper);
    expect(started.renewal).toBe(false);
  });

  it('refuses a second purchase for an active member outside the last 30 days', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const response = await post(shopper, '/api/membership/payment');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You already have an active membership.');
  });

  it('renews in the last 30 days by adding a year to the end date', async () => {
    const shopper = await signedInShopper(ctx);
    const endsAt = new Date(Date.now() + 10 * day);
    await makeMember(ctx.db, shopper.user.id, { startsAt: new Date(Date.now() - 355 * day), endsAt });
    const started = await start(shopper);
    expect(started.renewal).toBe(true);
    const result = await post(shopper, `/api/membership/payment/${started.membershipId}/confirm`, {
      ...form,
      card: goodCard,
    });
    expect(result.json().status).toBe('succeeded');
    const renewedEnd = new Date((await sessionOf(shopper)).membership.endsAt ?? 0);
    const expected = new Date(endsAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(renewedEnd.toISOString()).toBe(expected.toISOString());
  });

  it('sells Premium through the cart and checkout to an active member only in the last 30 days, adding a year', async () => {
    const premium = premiumProduct;
    const buy = { type: 'items' as const, items: [{ productId: premium.id, quantity: 1 }] };

    const settled = await signedInShopper(ctx);
    await makeMember(ctx.db, settled.user.id);
    const added = await post(settled, '/api/cart/items', { productId: premium.id });
    expect(added.statusCode).toBe(409);
    expect(added.json().error.message).toBe('You already have an active membership.');
    const ordered = await postOrder(ctx, orderBody(buy), settled.cookie);
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json().error.message).toBe('You already have an active membership.');

    const renewing = await signedInShopper(ctx);
    const endsAt = new Date(Date.now() + 10 * day);
    await makeMember(ctx.db, renewing.user.id, { startsAt: new Date(Date.now() - 355 * day), endsAt });
    expect((await post(renewing, '/api/cart/items', { productId: premium.id })).statusCode).toBe(201);
    const placed = await placeOrder(ctx, orderBody(buy), renewing.cookie);
    const paid = await payOrder(ctx, placed, { card: card() }, renewing.cookie);
    expect(paid.json().status).toBe('succeeded');
    const expected = new Date(endsAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect((await sessionOf(renewing)).membership.endsAt).toBe(expected.toISOString());
  });

  it('completes once even when confirmed twice, and never from another shopper’s account', async () => {
    const shopper = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const { membershipId } = await start(shopper);
    const stranger = await post(other, `/api/membership/payment/${membershipId}/confirm`, { ...form, card: goodCard });
    expect(stranger.statusCode).toBe(404);
    const [first, second] = await Promise.all([
      post(shopper, `/api/membership/payment/${membershipId}/confirm`, { ...form, card: goodCard }),
      post(shopper, `/api/membership/payment/${membershipId}/confirm`, { ...form, card: goodCard }),
    ]);
    expect([first.json().status, second.json().status]).toEqual(['succeeded', 'succeeded']);
    const records = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, shopper.user.id), eq(memberships.status, 'completed')));
    expect(records).toHaveLength(1);
    expect((await sessionOf(other)).membership.isMember).toBe(false);
  });

  it('is completed by the provider’s webhook when the browser never reports back', async () => {
    const shopper = await signedInShopper(ctx);
    const { membershipId, payment } = await start(shopper);
    // The shopper paid with the provider, then the page closed: no confirm call reaches the shop. The
    // simulator's signed payment_intent.succeeded event goes through the one webhook handler.
    await simulator.confirmIntent(payment.intentId, { card: goodCard });
    await simulator.whenEventsDelivered();
    const [record] = await ctx.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(record?.status).toBe('completed');
    expect((await sessionOf(shopper)).membership.isMember).toBe(true);
  });

  it('is completed by the reconciliation when the webhook was lost', async () => {
    const shopper = await signedInShopper(ctx);
    const { membershipId, payment } = await start(shopper);
    // Paid at the provider without the shop hearing of it (the event is lost).
    await ctx.db
      .update(simulatedPaymentIntents)
      .set({ status: 'succeeded', cardLast4: '4242' })
      .where(eq(simulatedPaymentIntents.id, payment.intentId));
    expect((await sessionOf(shopper)).membership.isMember).toBe(false);
    await ctx.app.checkout.jobs.runOnce();
    const [record] = await ctx.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(record?.status).toBe('completed');
    expect((await sessionOf(shopper)).membership.isMember).toBe(true);
  });

  it('goes through 3-D Secure: requires action, then processing, then active after the refresh', async () => {
    const shopper = await signedInShopper(ctx);
    const { membershipId, payment } = await start(shopper);
    const confirm = await post(shopper, `/api/membership/payment/${membershipId}/confirm`, {
      ...form,
      card: { ...goodCard, number: '4000 0025 0000 3155' },
      returnUrl: 'https://elsewhere.example/steal',
    });
    expect(confirm.json()).toMatchObject({ status: 'requires_action', membership: { isMember: false } });
    expect(confirm.json().nextActionUrl).toContain(payment.intentId);
    const { returnUrl } = await simulator.completeAuthentication(payment.intentId, true);
    // Never the foreign address: the shop's own page, absolute as Stripe requires.
    expect(returnUrl).toBe('http://localhost:3000/membership-payment');
    const processing = await post(shopper, `/api/membership/payment/${membershipId}/refresh`);
    expect(processing.json().status).toBe('processing');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const done = await post(shopper, `/api/membership/payment/${membershipId}/refresh`);
    expect(done.json()).toMatchObject({ status: 'succeeded', membership: { isMember: true } });
  });

  it('does not honour an intent whose amount differs from the price', async () => {
    const shopper = await signedInShopper(ctx);
    const { membershipId, payment } = await start(shopper);
    await ctx.db
      .update(simulatedPaymentIntents)
      .set({ amount: 100 })
      .where(eq(simulatedPaymentIntents.id, payment.intentId));
    const result = await post(shopper, `/api/membership/payment/${membershipId}/confirm`, { ...form, card: goodCard });
    expect(result.json().status).not.toBe('succeeded');
    expect((await sessionOf(shopper)).membership.isMember).toBe(false);
  });
});

describe('issue 17: the Premium receipt e-mail', () => {
  it('e-mails one receipt when the webhook and the confirm call both complete the same payment', async () => {
    const shopper = await signedInShopper(ctx);
    const { membershipId, payment } = await start(shopper);
    // Paid at the provider: its webhook event and the page's refresh race to complete the year.
    await simulator.confirmIntent(payment.intentId, { card: goodCard });
    const [refreshed] = await Promise.all([
      post(shopper, `/api/membership/payment/${membershipId}/refresh`),
      simulator.whenEventsDelivered(),
    ]);
    expect(refreshed.json().status).toBe('succeeded');
    await post(shopper, `/api/membership/payment/${membershipId}/confirm`, { ...form, card: goodCard });
    await ctx.app.checkout.jobs.runOnce();
    await runDocumentJobs(ctx);

    const receipts = (await mailTo(shopper)).filter((mail) => mail.subject.includes('Premium'));
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your Bilum Premium receipt']);
    const endsAt = new Date((await sessionOf(shopper)).membership.endsAt ?? 0);
    const day = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });
    expect(receipts[0]?.text).toContain('K200.50');
    expect(receipts[0]?.text).toContain('ending 4242');
    expect(receipts[0]?.text).toContain(`until ${day.format(endsAt)}`);
  });

  it('e-mails a renewal receipt with the new end date, and none for a declined card', async () => {
    const shopper = await signedInShopper(ctx);
    expect((await pay(shopper, declinedCard)).status).toBe('requires_payment_method');
    expect(await mailTo(shopper)).toEqual([]);

    const endsAt = new Date(Date.now() + 10 * day);
    await makeMember(ctx.db, shopper.user.id, { startsAt: new Date(Date.now() - 355 * day), endsAt });
    expect((await pay(shopper)).status).toBe('succeeded');
    await runDocumentJobs(ctx);
    const renewedEnd = new Date((await sessionOf(shopper)).membership.endsAt ?? 0);
    const receipts = await mailTo(shopper);
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your Bilum Premium renewal receipt']);
    const format = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });
    expect(receipts[0]?.text).toContain(`until ${format.format(renewedEnd)}`);
  });
});

describe('one Premium price (issue 18)', () => {
  it('takes the price of Premium from the membership product: after an admin edit the pages, the payment and the cart all ask the new price', async () => {
    const admin = await signedInAdmin(ctx);
    const shopper = await signedInShopper(ctx);
    const offer = async () => (await ctx.app.inject({ method: 'GET', url: '/api/membership/premium' })).json();
    expect(await offer()).toEqual({ productId: premiumProduct.id, price: premiumProduct.priceToea });
    const before = await start(shopper);
    expect(before.payment.amount).toBe(premiumProduct.priceToea);

    const [row] = await ctx.db.select().from(products).where(eq(products.id, premiumProduct.id));
    const edit = (price: number, version: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${premiumProduct.id}`,
        headers: { cookie: admin.cookie },
        payload: {
          name: premiumProduct.name,
          category: 'accessories',
          description: premiumProduct.description,
          price,
          originalPrice: null,
          discountPercentage: null,
          image: premiumProduct.image,
          condition: 'New',
          status: 'active',
          version,
          isHot: false,
          isAuction: false,
          isTopPick: false,
        },
      });
    const edited = await edit(25_000, row?.version ?? 1);
    expect(edited.statusCode).toBe(200);
    try {
      expect((await offer()).price).toBe(25_000);
      // The record opened at the old price is not reused: the payment asks the price of now.
      const after = await start(shopper);
      expect(after.membershipId).not.toBe(before.membershipId);
      expect(after.payment.amount).toBe(25_000);
      const paid = await post(shopper, `/api/membership/payment/${after.membershipId}/confirm`, {
        ...form,
        card: goodCard,
      });
      expect(paid.json().status).toBe('succeeded');

      const buyer = await signedInShopper(ctx);
      expect((await post(buyer, '/api/cart/items', { productId: premiumProduct.id })).statusCode).toBe(201);
      const cart: Cart = (
        await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: buyer.cookie } })
      ).json();
      expect(cart.items.find((line) => line.productId === premiumProduct.id)?.unitPrice).toBe(25_000);
    } finally {
      const [now] = await ctx.db.select().from(products).where(eq(products.id, premiumProduct.id));
      await edit(premiumProduct.priceToea, now?.version ?? 1);
    }
  });

  it('answers 404 with a message when the shop has no Premium product on sale, and opens no payment', async () => {
    await ctx.db.update(products).set({ status: 'inactive' }).where(eq(products.id, premiumProduct.id));
    try {
      const answer = await ctx.app.inject({ method: 'GET', url: '/api/membership/premium' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe('Premium membership is not on sale at the moment.');
      const shopper = await signedInShopper(ctx);
      expect((await post(shopper, '/api/membership/payment')).statusCode).toBe(404);
    } finally {
      await ctx.db.update(products).set({ status: 'active' }).where(eq(products.id, premiumProduct.id));
    }
  });
});
