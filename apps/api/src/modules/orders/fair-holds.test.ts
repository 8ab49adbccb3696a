import {
  checkoutMessages,
  type CreateOrderResponse,
  fairHoldDefaults,
  formatKina,
  type OrderConfirmation,
} from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { emailOutbox, orders } from '../../db/schema';
import { signedInAdmin, signedInShopper, type SignedIn } from '../../test/accounts';
import {
  allPaymentMethods,
  card,
  type CheckoutTestContext,
  confirmFromEmail,
  createCheckoutTestApp,
  deliveryContact,
  holdConfirmToken,
  orderBody,
  payOrder,
} from '../../test/checkout';
import { createProduct, stockOf } from '../../test/factories';

/*
 * Issue 28 (docs/decisions/029-fair-holds.md): fair holds for PNG's shared internet addresses. The app runs with
 * the configuration's real checkout limits and, unless a test says otherwise, the shop's default hold caps.
 */
const HOUR = 60 * 60_000;
const MINUTE = 60_000;
let ctx: CheckoutTestContext;
let admin: SignedIn;

async function saveHoldCaps(caps: Partial<Record<keyof typeof fairHoldDefaults, number>> = {}) {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/payments',
    headers: { cookie: admin.cookie },
    payload: { ...allPaymentMethods, ...fairHoldDefaults, ...caps },
  });
  expect(saved.statusCode).toBe(200);
}

beforeAll(async () => {
  // The throttle on placing orders per address has its own test (order-holds.test.ts); the attacks here place more.
  ctx = await createCheckoutTestApp({
    config: { checkoutLimits: { ...testConfig().checkoutLimits, ordersPerIp: 100_000 } },
  });
  admin = await signedInAdmin(ctx);
  await saveHoldCaps();
});
afterAll(() => ctx.close());

let shopperCounter = 0;
/** A shopper of their own: e-mail address and phone. */
function newShopper() {
  shopperCounter += 1;
  const digits = String(shopperCounter).padStart(7, '0');
  return {
    ...deliveryContact,
    email: `shopper-${shopperCounter}@example.pg`,
    phone: `7${digits.slice(0, 3)} ${digits.slice(3)}`,
  };
}

type Method = 'bank-transfer' | 'pickup' | 'card';
type Lines = { productId: number; quantity: number }[];

let pickupPointId: number | undefined;
async function pickupContact() {
  if (pickupPointId === undefined) {
    const options = (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json();
    pickupPointId = options.pickupPoints[0].id as number;
  }
  return { ...newShopper(), pickup: true, pickupPointId };
}

function place(
  address: string,
  items: Lines,
  paymentMethod: Method,
  options: { contact?: Omit<ReturnType<typeof newShopper>, 'pickup'> & { pickup?: boolean }; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: address,
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: orderBody({ type: 'items', items }, { contact: options.contact ?? newShopper(), paymentMethod }),
  });
}

/** Everything a refusal may not say: that the stranger reading it has orders, or to wait days. */
function expectFairRefusal(response: LightMyRequestResponse) {
  const message: string = response.json().error.message;
  expect(message).not.toMatch(/you (already )?have (several|\d+|some|many)? ?orders/i);
  expect(message).not.toMatch(/\bdays?\b/i);
  expect(message).not.toMatch(/\b(\d{3,}|[2-9]\d) minutes?\b/);
  expect(message).toMatch(/pay by card|sign in|fewer/);
  return message;
}

/**
 * The attack of issue 28: from `nextAddress()` (one address, or a rotating /64), anonymous bank-transfer orders of
 * every product, each from a new e-mail address and phone, five units at first and fewer when refused, again and
 * again until every attempt is refused. Returns the refusals' messages.
 */
async function holdEverything(productIds: number[], nextAddress: () => string): Promise<string[]> {
  const refusals: string[] = [];
  for (let round = 0; round < 200; round += 1) {
    let placedThisRound = 0;
    for (const productId of productIds) {
      for (let quantity = 5; quantity >= 1; quantity -= 1) {
        const answer = await place(nextAddress(), [{ productId, quantity }], 'bank-transfer');
        if (answer.statusCode === 201) {
          placedThisRound += 1;
          break;
        }
        expect([409, 429]).toContain(answer.statusCode);
        refusals.push(expectFairRefusal(answer));
      }
    }
    if (placedThisRound === 0) return refusals;
  }
  throw new Error('the attack was never refused');
}

/** Another shopper, from another address, buys two units of each product by card. */
async function expectTwoBuyableOfEach(productIds: number[], address: string) {
  for (const productId of productIds) {
    expect(await stockOf(ctx.db, productId)).toBeGreaterThanOrEqual(2);
    const answer = await place(address, [{ productId, quantity: 2 }], 'card');
    expect(answer.statusCode).toBe(201);
    const paid = await payOrder(ctx, answer.json() as CreateOrderResponse, { card: card() });
    expect(paid.json().status).toBe('succeeded');
  }
}

async function catalogue(stocks: number[]) {
  const made = [];
  for (const [i, stock] of stocks.entries()) {
    made.push(await createProduct(ctx.db, { stock, priceToea: 5_000 + i * 20_000 }));
  }
  return made.map((product) => product.id);
}

describe('shoppers behind one carrier address (issue 28)', () => {
  it('lets ten shoppers behind one address each place an unpaid bank-transfer order of one unit, and an eleventh pay by card', async () => {
    const address = '203.0.113.10';
    const product = await createProduct(ctx.db, { stock: 20 });
    for (let i = 0; i < 10; i += 1) {
      const answer = await place(address, [{ productId: product.id, quantity: 1 }], 'bank-transfer');
      expect(answer.statusCode).toBe(201);
    }
    const eleventh = await place(address, [{ productId: product.id, quantity: 1 }], 'card');
    expect(eleventh.statusCode).toBe(201);
    const paid = await payOrder(ctx, eleventh.json() as CreateOrderResponse, { card: card() });
    expect(paid.json().status).toBe('succeeded');
    expect(await stockOf(ctx.db, product.id)).toBe(9);
  });

  it('leaves every product with two or more units for another shopper when one address places anonymous bank-transfer orders of everything until refused', async () => {
    const productIds = await catalogue([3, 4, 5, 8, 13, 40]);
    const refusals = await holdEverything(productIds, () => '203.0.113.66');
    expect(refusals.some((message) => message.includes('rest stays on sale'))).toBe(true);
    await expectTwoBuyableOfEach(productIds, '198.51.100.200');
  });

  it('leaves every product with two or more units when the orders come from a rotating IPv6 /64, and counts the /64 as one address', async () => {
    const productIds = await catalogue([3, 6, 11, 25]);
    let n = 0;
    const rotating = () => `2001:db8:28:64:${(++n).toString(16)}:${(n * 7).toString(16)}::1`;
    const refusals = await holdEverything(productIds, rotating);
    expect(refusals.length).toBeGreaterThan(0);
    await expectTwoBuyableOfEach(productIds, '2001:db8:99:1::1');

    // The backstop per address counts the whole /64: a small one is reached whatever address of the block asks.
    await saveHoldCaps({ holdUnitsPerAddress: 6 });
    try {
      const plenty = await createProduct(ctx.db, { stock: 100 });
      const answers = [];
      for (let i = 0; i < 4; i += 1)
        answers.push(await place(rotating(), [{ productId: plenty.id, quantity: 2 }], 'bank-transfer'));
      // Earlier holds of this /64 already count: the block is refused, and says what to do.
      const refused = answers.filter((answer) => answer.statusCode !== 201);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.statusCode).toBe(409);
        expect(expectFairRefusal(answer)).toBe(checkoutMessages.holdPerAddress);
      }
      // Another /64 is not held back, nor a shopper of the same /64 paying by card.
      expect(
        (await place('2001:db8:28:65::1', [{ productId: plenty.id, quantity: 2 }], 'bank-transfer')).statusCode,
      ).toBe(201);
      expect((await place(rotating(), [{ productId: plenty.id, quantity: 2 }], 'card')).statusCode).toBe(201);
    } finally {
      await saveHoldCaps();
    }
  });
});

describe('the caps on what one shopper’s unpaid orders hold (issue 28)', () => {
  it('bounds the units and the value one shopper holds unpaid, found by e-mail (any case or +tag), not by address nor by a phone a family shares', async () => {
    const product = await createProduct(ctx.db, { stock: 200, priceToea: 10_000 });
    const shopper = newShopper();
    const first = await place('198.51.100.1', [{ productId: product.id, quantity: 5 }], 'bank-transfer', {
      contact: shopper,
    });
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1) {
      const more = await place(`198.51.100.${2 + i}`, [{ productId: product.id, quantity: 5 }], 'bank-transfer', {
        contact: { ...shopper, email: shopper.email.replace('@', `+${i}@`).toUpperCase() },
      });
      expect(more.statusCode).toBe(201);
    }
    // Another shopper with the same phone (a family's, never verified) is not this shopper: not counted.
    const family = await place('198.51.100.8', [{ productId: product.id, quantity: 1 }], 'bank-transfer', {
      contact: { ...newShopper(), phone: shopper.phone },
    });
    expect(family.statusCode).toBe(201);
    // Twenty units held: the twenty-first is refused from any address.
    const refused = await place('198.51.100.9', [{ productId: product.id, quantity: 1 }], 'bank-transfer', {
      contact: { ...shopper, email: shopper.email.toUpperCase() },
    });
    expect(refused.statusCode).toBe(409);
    expect(expectFairRefusal(refused)).toBe(checkoutMessages.holdUnitsPerShopper(fairHoldDefaults.holdUnitsPerShopper));
    // The same shopper can still pay by card now.
    expect(
      (await place('198.51.100.9', [{ productId: product.id, quantity: 1 }], 'card', { contact: shopper })).statusCode,
    ).toBe(201);

    const dear = await createProduct(ctx.db, { stock: 10, priceToea: 1_500_000 });
    const rich = newShopper();
    expect(
      (await place('198.51.100.10', [{ productId: dear.id, quantity: 1 }], 'bank-transfer', { contact: rich }))
        .statusCode,
    ).toBe(201);
    const tooDear = await place('198.51.100.10', [{ productId: dear.id, quantity: 1 }], 'bank-transfer', {
      contact: rich,
    });
    expect(tooDear.statusCode).toBe(409);
    expect(expectFairRefusal(tooDear)).toBe(
      checkoutMessages.holdValuePerShopper(formatKina(fairHoldDefaults.holdValuePerShopperToea)),
    );
  });

  it('counts a signed-in shopper’s unpaid orders by account, and gives them the long hold at once without a confirmation link', async () => {
    const product = await createProduct(ctx.db, { stock: 100 });
    const shopper = await signedInShopper(ctx);
    const before = ctx.clock.now().getTime();
    const answer = await place('198.51.100.20', [{ productId: product.id, quantity: 5 }], 'bank-transfer', {
      cookie: shopper.cookie,
      contact: newShopper(),
    });
    expect(answer.statusCode).toBe(201);
    const placed = answer.json() as CreateOrderResponse;
    expect(Date.parse(placed.order.holdExpiresAt!) - before).toBe(48 * HOUR);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.holdConfirmTokenHash).toBeNull();
    for (let i = 0; i < 3; i += 1) {
      const more = await place(`198.51.100.${21 + i}`, [{ productId: product.id, quantity: 5 }], 'bank-transfer', {
        cookie: shopper.cookie,
        contact: newShopper(),
      });
      expect(more.statusCode).toBe(201);
    }
    const refused = await place('198.51.100.30', [{ productId: product.id, quantity: 1 }], 'bank-transfer', {
      cookie: shopper.cookie,
      contact: newShopper(),
    });
    expect(refused.statusCode).toBe(409);
    expectFairRefusal(refused);
  });

  it('lets one shopper reserve the last unit of a product, and a small shop’s product of two units one at a time', async () => {
    const last = await createProduct(ctx.db, { stock: 1 });
    expect((await place('198.51.100.40', [{ productId: last.id, quantity: 1 }], 'bank-transfer')).statusCode).toBe(201);
    const pair = await createProduct(ctx.db, { stock: 2 });
    const both = await place('198.51.100.41', [{ productId: pair.id, quantity: 2 }], 'bank-transfer');
    expect(both.statusCode).toBe(409);
    expect(expectFairRefusal(both)).toBe(checkoutMessages.holdStockShare(pair.name, 1));
    expect(both.json().error.details).toMatchObject({ productId: pair.id, quantityAvailable: 1 });
    expect((await place('198.51.100.41', [{ productId: pair.id, quantity: 1 }], 'bank-transfer')).statusCode).toBe(201);
    // The other unit stays on sale: paid for now by card.
    expect((await place('198.51.100.42', [{ productId: pair.id, quantity: 1 }], 'card')).statusCode).toBe(201);
  });
});

describe('the short hold until a guest confirms from the e-mail (issue 28)', () => {
  async function confirmation(placed: CreateOrderResponse): Promise<OrderConfirmation> {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.order.id}/confirmation`,
      headers: { 'x-checkout-token': placed.checkoutToken },
    });
    return answer.json();
  }

  it('ends the hold of an unconfirmed guest bank-transfer order after 15 minutes, and tells the guest so on the page and in the e-mail', async () => {
    const product = await createProduct(ctx.db, { stock: 10 });
    const answer = await place('198.51.100.50', [{ productId: product.id, quantity: 2 }], 'bank-transfer');
    expect(answer.statusCode).toBe(201);
    const placed = answer.json() as CreateOrderResponse;
    expect(Date.parse(placed.order.holdExpiresAt!) - Date.parse(placed.order.placedAt)).toBe(15 * MINUTE);
    const page = await confirmation(placed);
    expect(page.payment.confirmBy).toBe(placed.order.holdExpiresAt);
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, placed.order.email));
    expect(email?.subject).toMatch(/^Confirm your Bilum order #\d+ within 15 minutes/);
    expect(email?.text).toContain('Confirm your order within 15 minutes, or the items go back on sale:');
    expect(email?.text).toContain('Once you confirm, we hold your items for 48 hours');
    expect(await stockOf(ctx.db, product.id)).toBe(8);

    ctx.clock.advance(14 * MINUTE);
    await ctx.checkoutJobs().runOnce();
    expect(await stockOf(ctx.db, product.id)).toBe(8);
    ctx.clock.advance(2 * MINUTE);
    await ctx.checkoutJobs().runOnce();
    expect(await stockOf(ctx.db, product.id)).toBe(10);
    const [ended] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(ended?.stockState).toBe('released');
    const cancelled = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, placed.order.email))).find(
      (mail) => mail.subject.endsWith('was cancelled'),
    );
    expect(cancelled?.text).toContain('was not confirmed from our e-mail in time');
    // The link now says the order went back on sale.
    const late = await confirmFromEmail(ctx, placed.order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(checkoutMessages.holdConfirmExpired);
  });

  it('gives a confirmed guest order the long hold from the moment it is confirmed, and the link works once', async () => {
    const product = await createProduct(ctx.db, { stock: 10 });
    const placed = (
      await place('198.51.100.51', [{ productId: product.id, quantity: 1 }], 'bank-transfer')
    ).json() as CreateOrderResponse;
    // Staff see that the guest has not confirmed it yet, and until when it is held meanwhile.
    const adminView = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/orders/${placed.order.id}/payments`,
          headers: { cookie: admin.cookie },
        })
      ).json() as { awaitingConfirmation: boolean; holdExpiresAt: string };
    expect(await adminView()).toMatchObject({ awaitingConfirmation: true, holdExpiresAt: placed.order.holdExpiresAt });
    ctx.clock.advance(10 * MINUTE);
    const confirmedAt = ctx.clock.now().getTime();
    const confirmed = await confirmFromEmail(ctx, placed.order.id);
    expect(confirmed.statusCode).toBe(200);
    expect(Date.parse(confirmed.json().heldUntil) - confirmedAt).toBe(48 * HOUR);
    expect(confirmed.json().message).toMatch(
      /^Thank you, your order is confirmed\. We hold your items until .+ \(Port Moresby time\): please pay by bank transfer before then\.$/,
    );
    expect((await confirmation(placed)).payment.confirmBy).toBeNull();
    expect((await adminView()).awaitingConfirmation).toBe(false);
    // And an e-mail with the new deadline: how to pay, as a signed-in shopper gets it when placing.
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, placed.order.email));
    const afterConfirming = mails.find((mail) => mail.subject.startsWith('Pay '));
    expect(afterConfirming?.subject).toMatch(/^Pay K[\d,.]+ with reference PAY [\d ]+: Bilum order #\d+$/);
    expect(afterConfirming?.text).toMatch(/We hold your items until .+ \(Port Moresby time\)/);
    expect(afterConfirming?.text).not.toContain('Confirm your order within');

    const again = await confirmFromEmail(ctx, placed.order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(checkoutMessages.holdConfirmLinkUsed);

    ctx.clock.advance(47 * HOUR);
    await ctx.checkoutJobs().runOnce();
    expect(await stockOf(ctx.db, product.id)).toBe(9);
    ctx.clock.advance(2 * HOUR);
    await ctx.checkoutJobs().runOnce();
    expect(await stockOf(ctx.db, product.id)).toBe(10);
  });

  it('gives a confirmed guest pickup order the pickup deadline, and answers a wrong token or another order like a used link', async () => {
    const product = await createProduct(ctx.db, { stock: 10 });
    const placed = (
      await place('198.51.100.52', [{ productId: product.id, quantity: 1 }], 'pickup', {
        contact: await pickupContact(),
      })
    ).json() as CreateOrderResponse;
    expect(Date.parse(placed.order.holdExpiresAt!) - Date.parse(placed.order.placedAt)).toBe(15 * MINUTE);
    const token = await holdConfirmToken(ctx, placed.order.id);
    for (const [id, wrong] of [
      [placed.order.id, `${token}x`],
      [placed.order.id + 1_000, token],
    ] as const) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/confirm-hold`,
        payload: { token: wrong },
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(checkoutMessages.holdConfirmLinkUsed);
    }
    const at = ctx.clock.now().getTime();
    const confirmed = await confirmFromEmail(ctx, placed.order.id);
    expect(confirmed.statusCode).toBe(200);
    expect(Date.parse(confirmed.json().heldUntil) - at).toBe(3 * 24 * HOUR);
    expect(confirmed.json().message).toMatch(/collect and pay at the counter/);
  });
});
