import { randomUUID } from 'node:crypto';
import { type AdminDiscountCode, type DiscountCodeInput, discountCodeAdminMessages as messages } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, discountCodes, discountCodeUses, orders } from '../../db/schema';
import { adminTestApp, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { signedInStaff } from '../../test/staff';

const shop = adminTestApp();

const wantok10: DiscountCodeInput = {
  code: 'wantok10',
  kind: 'percent',
  value: 10,
  minSpend: 10_000,
  startsAt: '2026-12-05T00:00:00+10:00',
  endsAt: '2026-12-07T00:00:00+10:00',
  maxUses: 100,
  maxUsesPerShopper: 1,
};

async function added(input: DiscountCodeInput): Promise<AdminDiscountCode> {
  const response = await shop.asAdmin('POST', '/api/admin/discount-codes', input);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { code: AdminDiscountCode }).code;
}

async function list(): Promise<AdminDiscountCode[]> {
  const response = await shop.asAdmin('GET', '/api/admin/discount-codes');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { codes: AdminDiscountCode[] }).codes;
}

/** An order that used the code, its use in `state` (the checkout writes these in step 2). */
async function usedBy(codeId: number, state: 'held' | 'counted' | 'released'): Promise<void> {
  const [order] = await shop.ctx.db
    .insert(orders)
    .values({
      orderType: 'guest',
      source: 'items',
      firstName: 'Kila',
      lastName: 'Rahu',
      email: 'kila@example.pg',
      phone: '+67571234567',
      subtotalToea: 10_000,
      savingsToea: 0,
      totalToea: 10_000,
      trackingCode: `BLM-${randomUUID().slice(0, 8)}`,
      idempotencyKeyHash: randomUUID(),
      requestHash: randomUUID(),
      checkoutTokenHash: randomUUID(),
    })
    .returning();
  await shop.ctx.db
    .insert(discountCodeUses)
    .values({ codeId, orderId: order!.id, emailKey: 'kila@example.pg', state, discountToea: 1_000 });
}

describe('adding a discount code', () => {
  it('keeps WANTOK10 in upper case with its terms, its dates as instants, no uses yet, and logs who added it', async () => {
    const code = await added(wantok10);
    expect(code).toMatchObject({
      code: 'WANTOK10',
      kind: 'percent',
      value: 10,
      minSpend: 10_000,
      startsAt: '2026-12-04T14:00:00.000Z',
      endsAt: '2026-12-06T14:00:00.000Z',
      maxUses: 100,
      maxUsesPerShopper: 1,
      categories: [],
      productIds: [],
      active: true,
      usesCounted: 0,
      usesHeld: 0,
    });
    expect((await list()).map((entry) => entry.code)).toContain('WANTOK10');
    const [entry] = await shop.ctx.db.select().from(activityLog).where(eq(activityLog.action, 'discount-code.added'));
    expect(entry).toMatchObject({ entityType: 'discount-code', summary: 'Discount code WANTOK10 added' });
  });

  it('takes a fixed amount in toea, and free delivery limited to a category and a product', async () => {
    const phone = await createProduct(shop.ctx.db, { category: 'phones' });
    expect(await added({ code: 'CHURCH-20', kind: 'fixed', value: 2_000 })).toMatchObject({
      kind: 'fixed',
      value: 2_000,
      minSpend: 0,
      startsAt: null,
      maxUses: null,
    });
    const lae = await added({
      code: 'LAE-FREE',
      kind: 'free-delivery',
      value: 500,
      categories: ['phones', 'phones'],
      productIds: [phone.id],
    });
    // Free delivery takes no value; a repeated limit is kept once.
    expect(lae).toMatchObject({ value: 0, categories: ['phones'], productIds: [phone.id] });
  });

  it('refuses bad terms with a 400 naming the field', async () => {
    const refusals: [DiscountCodeInput, string][] = [
      [{ ...wantok10, code: 'ab' }, messages.code],
      [{ ...wantok10, code: 'WANTOK 10' }, messages.code],
      [{ ...wantok10, code: 'x'.repeat(33) }, messages.code],
      [{ ...wantok10, value: 0 }, messages.percent],
      [{ ...wantok10, value: 101 }, messages.percent],
      [{ ...wantok10, kind: 'fixed', value: 0 }, messages.fixed],
      [{ ...wantok10, kind: 'bogus' as 'fixed' }, messages.kind],
      [{ ...wantok10, endsAt: '2026-12-05T00:00:00+10:00' }, messages.endBeforeStart],
      [{ ...wantok10, startsAt: '5 December' }, messages.date],
      [{ ...wantok10, maxUses: 0 }, messages.uses],
      [{ ...wantok10, maxUses: 1, maxUsesPerShopper: 2 }, messages.perShopperOverTotal],
      [{ ...wantok10, categories: ['Solar Lights'] }, 'address'],
      [{ ...wantok10, productIds: [-1] }, messages.productId],
    ];
    for (const [input, message] of refusals) {
      const response = await shop.asAdmin('POST', '/api/admin/discount-codes', input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.body, JSON.stringify(input)).toContain(message.replace(/"/g, '\\"'));
    }
  });

  it('refuses a category or product the shop does not have, and a code it already has (409)', async () => {
    const category = await shop.asAdmin('POST', '/api/admin/discount-codes', {
      ...wantok10,
      code: 'SOLAR5',
      categories: ['solar'],
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().error.message).toBe(messages.unknownCategory('solar'));
    const product = await shop.asAdmin('POST', '/api/admin/discount-codes', {
      ...wantok10,
      code: 'SOLAR5',
      productIds: [999_999],
    });
    expect(product.json().error.message).toBe(messages.unknownProduct(999_999));
    await added({ code: 'TWICE', kind: 'percent', value: 5 });
    const again = await shop.asAdmin('POST', '/api/admin/discount-codes', { code: 'twice', kind: 'fixed', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.codeTaken('TWICE'));
  });
});

describe('editing and deleting a discount code', () => {
  it('saves new terms, and logs only what changed', async () => {
    const code = await added({ code: 'SCHOOL-5', kind: 'percent', value: 5 });
    const response = await shop.asAdmin('PUT', `/api/admin/discount-codes/${code.id}`, {
      code: 'SCHOOL-5',
      kind: 'percent',
      value: 7,
      active: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: { value: 7, active: false }, message: messages.saved });
    const [entry] = await shop.ctx.db.select().from(activityLog).where(eq(activityLog.action, 'discount-code.updated'));
    expect(entry?.after).toEqual({ value: 7, active: false });
  });

  it('counts uses held and counted, and keeps the letters and the code itself once an order has used it', async () => {
    const code = await added({ code: 'USED-ONCE', kind: 'fixed', value: 1_000 });
    await usedBy(code.id, 'counted');
    await usedBy(code.id, 'held');
    await usedBy(code.id, 'released');
    expect((await list()).find((entry) => entry.id === code.id)).toMatchObject({ usesCounted: 1, usesHeld: 1 });

    const renamed = await shop.asAdmin('PUT', `/api/admin/discount-codes/${code.id}`, {
      code: 'USED-TWICE',
      kind: 'fixed',
      value: 1_000,
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.message).toBe(messages.codeFixed('USED-ONCE'));
    const paused = await shop.asAdmin('PUT', `/api/admin/discount-codes/${code.id}`, {
      code: 'USED-ONCE',
      kind: 'fixed',
      value: 1_000,
      active: false,
    });
    expect(paused.statusCode).toBe(200);

    const deleted = await shop.asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toBe(messages.inUse('USED-ONCE'));
    expect(await shop.ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code.id))).toHaveLength(1);
  });

  it('pauses and resumes a code without touching an edit another staff member saved meanwhile', async () => {
    const code = await added({ code: 'SCHOOL-15', kind: 'percent', value: 15 });
    // Another staff member raises it to 20% while this one's list still shows 15%.
    const edited = await shop.asAdmin('PUT', `/api/admin/discount-codes/${code.id}`, {
      code: 'SCHOOL-15',
      kind: 'percent',
      value: 20,
    });
    expect(edited.statusCode).toBe(200);
    const paused = await shop.asAdmin('PATCH', `/api/admin/discount-codes/${code.id}`, { active: false });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ code: { active: false, value: 20 }, message: 'SCHOOL-15 paused.' });
    const resumed = await shop.asAdmin('PATCH', `/api/admin/discount-codes/${code.id}`, { active: true });
    expect(resumed.json()).toMatchObject({
      code: { active: true, value: 20 },
      message: 'SCHOOL-15 can be used again.',
    });
    const entries = await shop.ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, String(code.id)));
    expect(entries.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining(['Discount code SCHOOL-15 paused', 'Discount code SCHOOL-15 resumed']),
    );
    expect((await shop.asAdmin('PATCH', '/api/admin/discount-codes/999999', { active: false })).statusCode).toBe(404);
    expect((await shop.asAdmin('PATCH', `/api/admin/discount-codes/${code.id}`, { active: 'no' })).statusCode).toBe(
      400,
    );
  });

  it('deletes a code no order has used; then, and for an unknown id, it is not found', async () => {
    const code = await added({ code: 'TYPO-CODE', kind: 'percent', value: 50 });
    const deleted = await shop.asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: messages.deleted });
    expect((await shop.asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`)).statusCode).toBe(404);
    expect(
      (await shop.asAdmin('PUT', '/api/admin/discount-codes/999999', { code: 'X-1', kind: 'percent', value: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await shop.asAdmin('DELETE', '/api/admin/discount-codes/abc')).statusCode).toBe(400);
  });
});

describe('who may manage codes and the member rule', () => {
  it('refuses shoppers, and staff without the catalogue permission; a manager may', async () => {
    const shopper = await signedInShopper(shop.ctx);
    const asShopper = await shop.ctx.app.inject({
      url: '/api/admin/discount-codes',
      headers: { cookie: shopper.cookie },
    });
    expect(asShopper.statusCode).toBe(403);
    const staff = await signedInStaff(shop.ctx, 'staff');
    const asStaff = await shop.ctx.app.inject({ url: '/api/admin/discount-codes', headers: { cookie: staff.cookie } });
    expect(asStaff.statusCode).toBe(403);
    const manager = await signedInStaff(shop.ctx, 'manager');
    const asManager = await shop.ctx.app.inject({
      url: '/api/admin/discount-codes',
      headers: { cookie: manager.cookie },
    });
    expect(asManager.statusCode).toBe(200);
    expect((await shop.ctx.app.inject({ url: '/api/admin/discount-codes' })).statusCode).toBe(401);
  });

  it('is the better of the two by default, and the owner can set it to stack; a manager cannot', async () => {
    const read = await shop.asAdmin('GET', '/api/admin/settings/member-code-rule');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ rule: 'better' });
    const set = await shop.asAdmin('PUT', '/api/admin/settings/member-code-rule', { rule: 'stack' });
    expect(set.json()).toEqual({ rule: 'stack', message: messages.ruleSaved });
    expect((await shop.asAdmin('GET', '/api/admin/settings/member-code-rule')).json()).toEqual({ rule: 'stack' });
    expect((await shop.asAdmin('PUT', '/api/admin/settings/member-code-rule', { rule: 'both' })).statusCode).toBe(400);
    const manager = await signedInStaff(shop.ctx, 'manager');
    const asManager = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/member-code-rule',
      headers: { cookie: manager.cookie },
      payload: { rule: 'better' },
    });
    expect(asManager.statusCode).toBe(403);
    // The shop's contact details are untouched by the rule.
    expect((await shop.ctx.app.inject({ url: '/api/settings' })).statusCode).toBe(200);
    await shop.asAdmin('PUT', '/api/admin/settings/member-code-rule', { rule: 'better' });
  });
});
