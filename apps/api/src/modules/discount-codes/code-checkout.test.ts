import {
  type CheckoutQuote,
  type CheckoutSource,
  type CreateOrderResponse,
  type DiscountCodeInput,
  discountCodeMessages,
  formatKina,
  gstIncluded,
} from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discountCodes, discountCodeUses, emailOutbox, orderItems } from '../../db/schema';
import { makeMember, signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createAllMethodsTestApp,
  deliveryContact,
  orderBody,
  ownership,
  payOrder,
  placeOrder,
  postOrder,
  runDocumentJobs,
} from '../../test/checkout';
import { pdfShownText } from '../../test/pdf-reading';
import { portMoresbyTime } from '../backoffice/exports.service';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { createProduct, orderRow, stockOf } from '../../test/factories';
import type { SignedIn } from '../../test/accounts';

/*
 * Discount codes at checkout (issue 30, decision 040): the quote and the order price a code by the shared rule, the
 * order holds one use with the code locked (the last use goes to one order), the lifecycle counts it when paid and
 * releases it when the order ends unpaid, is cancelled or refunded in whole.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;

beforeAll(async () => {
  ({ ctx, admin } = await createAllMethodsTestApp());
});
afterAll(() => ctx.close());

beforeEach(async () => {
  await ctx.db.delete(discountCodeUses);
});

async function addCode(input: Partial<DiscountCodeInput> & Pick<DiscountCodeInput, 'code'>): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/discount-codes',
    headers: { cookie: admin.cookie },
    payload: { kind: 'percent', value: 10, ...input },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { code: { id: number } }).code.id;
}

async function quote(body: object, cookie?: string): Promise<CheckoutQuote> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    headers: cookie ? { cookie } : {},
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function usesOf(codeId: number) {
  return ctx.db
    .select({ orderId: discountCodeUses.orderId, state: discountCodeUses.state })
    .from(discountCodeUses)
    .where(eq(discountCodeUses.codeId, codeId));
}

/** The order's items: one unit of each product. */
function items(...ids: number[]): CheckoutSource {
  return { type: 'items', items: ids.map((productId) => ({ productId, quantity: 1 })) };
}

const lae = { ...deliveryContact, city: 'Lae', state: 'Morobe', postcode: '411' };

describe('a discount code on the checkout quote', () => {
  it('takes 10% off phones over K100, whatever case it is typed in, and says why a code does not apply', async () => {
    const phone = await createProduct(ctx.db, { category: 'phones', priceToea: 60_000 });
    const charger = await createProduct(ctx.db, { category: 'accessories', priceToea: 5_000 });
    await addCode({ code: 'WANTOK10', minSpend: 10_000, categories: ['phones'] });
    const items = {
      type: 'items',
      items: [
        { productId: phone.id, quantity: 1 },
        { productId: charger.id, quantity: 1 },
      ],
    };

    const applied = await quote({ source: items, discountCode: ' wantok10 ' });
    expect(applied.discountCode).toEqual({ code: 'WANTOK10', description: '10% off', refusal: null });
    // 10% of the phone only (K60.00), not of the charger.
    expect(applied.summary).toMatchObject({ discount: 6_000, total: 59_000 });

    const unknown = await quote({ source: items, discountCode: 'NOSUCH' });
    expect(unknown.discountCode).toEqual({
      code: 'NOSUCH',
      description: null,
      refusal: discountCodeMessages.unknown('NOSUCH'),
    });
    expect(unknown.summary).toMatchObject({ discount: 0, total: 65_000 });

    const chargerOnly = { type: 'items', items: [{ productId: charger.id, quantity: 1 }] };
    expect((await quote({ source: chargerOnly, discountCode: 'WANTOK10' })).discountCode?.refusal).toBe(
      discountCodeMessages.nothingEligible('WANTOK10'),
    );
    const cheapPhone = await createProduct(ctx.db, { category: 'phones', priceToea: 5_000 });
    const small = { type: 'items', items: [{ productId: cheapPhone.id, quantity: 1 }] };
    expect((await quote({ source: small, discountCode: 'WANTOK10' })).discountCode?.refusal).toBe(
      discountCodeMessages.minSpend('WANTOK10', 10_000, 5_000, true),
    );
    // Without a code the quote says nothing of codes.
    expect((await quote({ source: items })).discountCode).toBeNull();
  });

  it('free delivery to Lae takes the delivery fee off, and is refused for a pickup order', async () => {
    const lamp = await createProduct(ctx.db, { category: 'accessories', priceToea: 8_000 });
    await addCode({ code: 'LAE-FREE', kind: 'free-delivery', value: 0 });
    const source = { type: 'items', items: [{ productId: lamp.id, quantity: 1 }] };
    const delivered = await quote({
      source,
      delivery: { pickup: false, province: 'Morobe' },
      discountCode: 'lae-free',
    });
    expect(delivered.summary).toMatchObject({ shipping: 3_000, discount: 3_000, total: 8_000 });
    const pickup = await quote({ source, delivery: { pickup: true, province: null }, discountCode: 'LAE-FREE' });
    expect(pickup.discountCode?.refusal).toBe(discountCodeMessages.pickup('LAE-FREE'));
    expect(pickup.summary.total).toBe(8_000);
  });
});

describe('an order placed with a discount code', () => {
  it('is charged the discounted total, keeps each line’s share, and counts its use once paid', async () => {
    const phone = await createProduct(ctx.db, { category: 'phones', priceToea: 60_000, stock: 5 });
    const codeId = await addCode({ code: 'CHURCH20', kind: 'fixed', value: 2_000 });
    const placed = await placeOrder(
      ctx,
      orderBody(
        { type: 'items', items: [{ productId: phone.id, quantity: 2 }] },
        { discountCode: 'church20', expectedTotalToea: 118_000 },
      ),
    );
    expect(placed.order.discountCode).toBe('CHURCH20');
    expect(placed.order.summary).toMatchObject({ subtotal: 120_000, discount: 2_000, total: 118_000 });
    expect(placed.order.lines).toEqual([expect.objectContaining({ lineTotal: 120_000, discount: 2_000 })]);
    expect(placed.payment?.amount).toBe(118_000);
    expect(await usesOf(codeId)).toEqual([{ orderId: placed.order.id, state: 'held' }]);

    const paid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 118_000 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(ctx.db, placed.order.id)).paymentStatus).toBe('paid');
    expect(await usesOf(codeId)).toEqual([{ orderId: placed.order.id, state: 'counted' }]);

    // The tax invoice names the code and its discount; its GST is on what was paid.
    const invoice = await ctx.app.inject({
      url: `/api/orders/${placed.order.id}/invoice`,
      headers: ownership(placed),
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json()).toMatchObject({
      subtotal: 120_000,
      discount: 2_000,
      discountCode: 'CHURCH20',
      total: 118_000,
      gstIncluded: gstIncluded(118_000),
    });
    const pdf = await pdfShownText(await renderInvoicePdf(invoice.json()));
    expect(pdf).toContain('Discount (CHURCH20)-K20.00');
    expect(pdf).toContain(`Total (PGK)${formatKina(118_000)}`);
    // So does the e-mail of the order.
    await runDocumentJobs(ctx);
    const mails = await ctx.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, deliveryContact.email));
    expect(mails.some((mail) => mail.text.includes('Discount (CHURCH20): -K20.00'))).toBe(true);
    // And the owner's exports: the order's code and discount, the line's share.
    const day = portMoresbyTime(ctx.clock.now()).slice(0, 10);
    const exported = async (what: string) => {
      const response = await ctx.app.inject({
        url: `/api/admin/exports/${what}?from=${day}&to=${day}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.body.split('\r\n').find((row) => row.startsWith(`${placed.order.id},`));
    };
    expect(await exported('orders')).toContain(',CHURCH20,20.00,1180.00,');
    expect(await exported('order-lines')).toContain(',2,600.00,1200.00,20.00,paid');
  });

  it('refuses an order whose code does not apply (400 on discountCode) and places nothing', async () => {
    const phone = await createProduct(ctx.db, { category: 'phones', priceToea: 5_000, stock: 3 });
    await addCode({ code: 'BIGSPEND', minSpend: 50_000 });
    const response = await postOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: phone.id, quantity: 1 }] }, { discountCode: 'BIGSPEND' }),
    );
    expect(response.statusCode).toBe(400);
    const message = discountCodeMessages.minSpend('BIGSPEND', 50_000, 5_000, false);
    expect(response.json().error).toMatchObject({ message, issues: [{ path: 'discountCode', message }] });
    expect(await stockOf(ctx.db, phone.id)).toBe(3);
  });

  it('releases the use when the order is cancelled, so a one-per-shopper code can be used again', async () => {
    const phone = await createProduct(ctx.db, { category: 'phones', priceToea: 20_000, stock: 5 });
    const codeId = await addCode({ code: 'ONCE', maxUsesPerShopper: 1 });
    const source = items(phone.id);
    const first = await placeOrder(
      ctx,
      orderBody(source, { discountCode: 'ONCE', paymentMethod: 'bank-transfer', contact: lae }),
    );
    // The same shopper by e-mail (another spelling of the address): refused while the first order holds the use.
    const again = await postOrder(
      ctx,
      orderBody(source, { discountCode: 'ONCE', contact: { ...lae, email: 'Kila.Amini+2@example.pg' } }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(discountCodeMessages.usedByYou('ONCE', 1));

    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${first.order.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'Cancelled', reason: 'Customer asked to cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usesOf(codeId)).toEqual([{ orderId: first.order.id, state: 'released' }]);
    const second = await placeOrder(ctx, orderBody(source, { discountCode: 'ONCE', contact: lae }));
    expect(second.order.summary.discount).toBe(2_000);
  });

  it('gives the last use to one of two shoppers placing orders at the same moment', async () => {
    const phone = await createProduct(ctx.db, { category: 'phones', priceToea: 30_000, stock: 10 });
    const codeId = await addCode({ code: 'LASTONE', maxUses: 1 });
    const source = items(phone.id);
    const answers = await Promise.all(
      ['mary@example.pg', 'john@example.pg'].map((email) =>
        postOrder(ctx, orderBody(source, { discountCode: 'LASTONE', contact: { ...deliveryContact, email } })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().error.message).toBe(discountCodeMessages.usedUp('LASTONE'));
    expect(await usesOf(codeId)).toHaveLength(1);
    expect(await stockOf(ctx.db, phone.id)).toBe(9);
  });

  it('a member pays the better of the member price and the code, never both, unless the shop stacks them', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const laptop = await createProduct(ctx.db, { category: 'computers', priceToea: 100_000 });
    await addCode({ code: 'SCHOOL5', value: 5 });
    await addCode({ code: 'SCHOOL15', value: 15 });
    const source = items(laptop.id);
    // The member price is 10% off (K900.00): 5% off the regular price is no better, 15% is (K850.00).
    expect((await quote({ source, discountCode: 'SCHOOL5' }, shopper.cookie)).discountCode?.refusal).toBe(
      discountCodeMessages.nothingOff('SCHOOL5'),
    );
    expect((await quote({ source, discountCode: 'SCHOOL15' }, shopper.cookie)).summary).toMatchObject({
      discount: 5_000,
      total: 85_000,
    });
    const rule = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/member-code-rule',
      headers: { cookie: admin.cookie },
      payload: { rule: 'stack' },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    try {
      // Stacked: 5% off the member price K900.00 is K45.00 off.
      const stacked = await placeOrder(ctx, orderBody(source, { discountCode: 'SCHOOL5' }), shopper.cookie);
      expect(stacked.order.summary).toMatchObject({ discount: 4_500, total: 85_500 });
    } finally {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/member-code-rule',
        headers: { cookie: admin.cookie },
        payload: { rule: 'better' },
      });
    }
  });

  it('refunds a line at what it was paid, and releases the use when the order is refunded in whole', async () => {
    const speaker = await createProduct(ctx.db, { category: 'accessories', priceToea: 10_000, stock: 5 });
    const codeId = await addCode({ code: 'HALF', value: 50 });
    const placed: CreateOrderResponse = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: speaker.id, quantity: 2 }] }, { discountCode: 'HALF' }),
    );
    expect(placed.order.summary.total).toBe(10_000);
    expect((await payOrder(ctx, placed, { card: card() })).statusCode).toBe(200);
    const refund = (lines: object[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${placed.order.id}/refunds`,
        headers: { cookie: admin.cookie },
        payload: { lines, reason: 'Returned unopened', restock: true },
      });
    const one = await refund([{ productId: speaker.id, quantity: 1 }]);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().refund.amount).toBe(5_000);
    expect(await usesOf(codeId)).toEqual([{ orderId: placed.order.id, state: 'counted' }]);
    const rest = await refund([{ productId: speaker.id, quantity: 1 }]);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().refund.amount).toBe(5_000);
    expect((await orderRow(ctx.db, placed.order.id)).paymentStatus).toBe('refunded');
    expect(await usesOf(codeId)).toEqual([{ orderId: placed.order.id, state: 'released' }]);
  });

  it('an unpaid order priced again (the shopper joins Premium) keeps its code, its price only falls, and a code left nothing to take off gives its use back', async () => {
    const shopper = await signedInShopper(ctx);
    const tablet = await createProduct(ctx.db, { category: 'computers', priceToea: 50_000, stock: 5 });
    const codeId = await addCode({ code: 'TAB8', value: 8, maxUsesPerShopper: 1 });
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: tablet.id, quantity: 1 }] }, { discountCode: 'TAB8' }),
      shopper.cookie,
    );
    expect(placed.order.summary).toMatchObject({ discount: 4_000, total: 46_000 });
    await makeMember(ctx.db, shopper.user.id);
    // The member price (K450.00) is better than the code's K460.00: the line costs the member price, no code share.
    const paid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 46_000 }, shopper.cookie);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json().error.details.quote).toMatchObject({ discount: 0, total: 45_000 });
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    expect(line).toMatchObject({ unitPriceToea: 45_000, discountToea: 0 });
    expect((await ctx.db.select().from(discountCodes).where(eq(discountCodes.code, 'TAB8'))).length).toBe(1);
    // The code took nothing off: its one use for this shopper is given back, and stays so once the order is paid.
    expect(await usesOf(codeId)).toEqual([{ orderId: placed.order.id, state: 'released' }]);
    const repaid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 45_000 }, shopper.cookie);
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect(await usesOf(codeId)).toEqual([{ orderId: placed.order.id, state: 'released' }]);
  });
});
