import { counterPaymentMethods } from '@bilum/shared';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, categories, discountCodes } from '../../db/schema';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  placeOrder,
  postOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createApiKey, enrolSecondFactor, signedInStaff } from '../../test/staff';

/**
 * Every admin write leaves exactly one activity entry, with what changed (issue 21, contracts B). This walks the
 * write operations of the OpenAPI document: each must have a case here (how to make one real change) or be listed
 * in `notAuditedWrites` with the reason. A new write route without either fails.
 */
type Call = { url: string; payload?: unknown; cookie?: string };

/** A category of its own for a case (issue 30), at the end of the order. */
async function walkCategory(ctx: CheckoutTestContext, slug: string): Promise<number> {
  const [row] = await ctx.db.insert(categories).values({ slug, name: slug, position: 100 }).returning();
  return row!.id;
}
/** A discount code of its own for a case (issue 30). */
async function walkCode(ctx: CheckoutTestContext, code: string): Promise<number> {
  const [row] = await ctx.db.insert(discountCodes).values({ code, kind: 'percent', value: 10 }).returning();
  return row!.id;
}
const writeCases: Record<string, (ctx: CheckoutTestContext, owner: SignedIn) => Promise<Call>> = {
  'POST /api/admin/products': async () => ({
    url: '/api/admin/products',
    payload: {
      name: 'Walk bilum',
      description: 'A bilum added by the activity walk test.',
      price: 5_000,
      image: '/images/products/test.svg',
      category: 'phones',
      stock: 3,
    },
  }),
  'PUT /api/admin/products/{id}': async (ctx) => {
    const product = await createProduct(ctx.db, { priceToea: 4_000 });
    return {
      url: `/api/admin/products/${product.id}`,
      payload: {
        name: product.name,
        category: product.category,
        description: product.description,
        price: 4_500,
        originalPrice: null,
        discountPercentage: null,
        image: product.image,
        condition: product.condition,
        status: 'active',
        version: product.version,
        stockChange: 0,
      },
    };
  },
  'DELETE /api/admin/products/{id}': async (ctx) => ({
    url: `/api/admin/products/${(await createProduct(ctx.db)).id}`,
  }),
  // Issue 30: a product's options and variants.
  'PUT /api/admin/products/{id}/variants': async (ctx) => ({
    url: `/api/admin/products/${(await createProduct(ctx.db)).id}/variants`,
    payload: {
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      variants: [
        { values: ['Small'], price: 4_000, stock: 1 },
        { values: ['Large'], price: 5_000, stock: 2 },
      ],
    },
  }),
  'POST /api/admin/products/{id}/restock': async (ctx) => ({
    url: `/api/admin/products/${(await createProduct(ctx.db)).id}/restock`,
    payload: { quantity: 2, reason: 'supplier-delivery', note: 'Invoice 88' },
  }),
  'POST /api/admin/products/import': async (ctx, owner) => {
    const product = await createProduct(ctx.db, { name: 'Import walk bag', sku: 'WALK-IMPORT-1' });
    const csv = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/products/export', headers: { cookie: owner.cookie } })
    ).body;
    return {
      url: '/api/admin/products/import',
      payload: { csv: csv.replace(product.name, 'Import walk bag renamed') },
    };
  },
  'POST /api/admin/categories': async () => ({ url: '/api/admin/categories', payload: { name: 'Walk solar' } }),
  'PATCH /api/admin/categories/{id}': async (ctx) => ({
    url: `/api/admin/categories/${await walkCategory(ctx, 'walk-rename')}`,
    payload: { name: 'Walk renamed', slug: 'walk-renamed' },
  }),
  'PUT /api/admin/categories/order': async (ctx) => {
    const ids = (await ctx.db.select({ id: categories.id }).from(categories)).map((row) => row.id);
    return { url: '/api/admin/categories/order', payload: { ids: ids.sort((a, b) => b - a) } };
  },
  'PUT /api/admin/categories/{id}/visibility': async (ctx) => ({
    url: `/api/admin/categories/${await walkCategory(ctx, 'walk-hide')}/visibility`,
    payload: { hidden: true },
  }),
  'DELETE /api/admin/categories/{id}': async (ctx) => ({
    url: `/api/admin/categories/${await walkCategory(ctx, 'walk-delete')}`,
  }),
  'POST /api/admin/discount-codes': async () => ({
    url: '/api/admin/discount-codes',
    payload: { code: 'WALK-NEW', kind: 'percent', value: 10 },
  }),
  'PUT /api/admin/discount-codes/{id}': async (ctx) => ({
    url: `/api/admin/discount-codes/${await walkCode(ctx, 'WALK-EDIT')}`,
    payload: { code: 'WALK-EDIT', kind: 'percent', value: 20 },
  }),
  'PATCH /api/admin/discount-codes/{id}': async (ctx) => ({
    url: `/api/admin/discount-codes/${await walkCode(ctx, 'WALK-PAUSE')}`,
    payload: { active: false },
  }),
  'DELETE /api/admin/discount-codes/{id}': async (ctx) => ({
    url: `/api/admin/discount-codes/${await walkCode(ctx, 'WALK-DELETE')}`,
  }),
  'PUT /api/admin/settings/member-code-rule': async () => ({
    url: '/api/admin/settings/member-code-rule',
    payload: { rule: 'stack' },
  }),
  'PATCH /api/admin/orders/{id}': async (ctx) => {
    const product = await createProduct(ctx.db, { priceToea: 12_500, stock: 5 });
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }));
    await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
    return { url: `/api/admin/orders/${placed.order.id}`, payload: { status: 'Dispatched' } };
  },
  'PUT /api/admin/settings': async () => ({
    url: '/api/admin/settings',
    payload: {
      contactEmail: 'walk@bilum.com.pg',
      phone: '+675 321 4567',
      address: 'Section 38, Allotment 12, Waigani Drive, Port Moresby, NCD, Papua New Guinea',
      deliveryDays: 4,
    },
  }),
  'POST /api/admin/staff': async () => ({
    url: '/api/admin/staff',
    payload: { email: `walk${Date.now()}@staff.example.pg`, fullName: 'Walk Staff', role: 'staff' },
  }),
  'PATCH /api/admin/staff/{id}': async (ctx) => ({
    url: `/api/admin/staff/${(await signedInStaff(ctx, 'staff')).user.id}`,
    payload: { role: 'manager' },
  }),
  'POST /api/admin/me/password': async (ctx) => {
    const member = await signedInStaff(ctx, 'staff');
    return {
      url: '/api/admin/me/password',
      cookie: member.cookie,
      payload: { currentPassword: 'correct-horse-battery', newPassword: 'a-new-walk-password-9' },
    };
  },
  // Issue 28: a staff member's own second factor, the owner's reset and rule.
  'POST /api/admin/me/second-factor/recovery-codes': async (ctx) => {
    const member = await signedInStaff(ctx, 'staff');
    const factor = await enrolSecondFactor(ctx, member.cookie, ctx.clock.now);
    return {
      url: '/api/admin/me/second-factor/recovery-codes',
      cookie: member.cookie,
      payload: { code: factor.codeAt(1) },
    };
  },
  'POST /api/admin/me/second-factor/disable': async (ctx) => {
    const member = await signedInStaff(ctx, 'staff');
    const factor = await enrolSecondFactor(ctx, member.cookie, ctx.clock.now);
    return {
      url: '/api/admin/me/second-factor/disable',
      cookie: member.cookie,
      payload: { password: 'correct-horse-battery', code: factor.codeAt(1) },
    };
  },
  'POST /api/admin/staff/{id}/second-factor/reset': async (ctx) => {
    const member = await signedInStaff(ctx, 'staff');
    await enrolSecondFactor(ctx, member.cookie, ctx.clock.now);
    return { url: `/api/admin/staff/${member.user.id}/second-factor/reset` };
  },
  'PUT /api/admin/settings/security': async () => ({
    url: '/api/admin/settings/security',
    payload: { requireStaffSecondFactor: false },
  }),
  'POST /api/admin/api-keys': async () => ({
    url: '/api/admin/api-keys',
    payload: { name: 'Walk key', scopes: ['orders.read'] },
  }),
  'DELETE /api/admin/api-keys/{id}': async (ctx, owner) => ({
    url: `/api/admin/api-keys/${(await createApiKey(ctx, owner.cookie, ['orders.read'])).id}`,
  }),
};

const bankSettings = {
  cardEnabled: true,
  bankTransferEnabled: true,
  pickupEnabled: true,
  bankAccountName: 'Bilum Crafts Ltd',
  bankName: 'BSP',
  bankBsb: '088-950',
  bankAccountNumber: '1001234567',
  bankTransferHoldHours: 48,
  pickupDeadlineDays: 3,
};

function as(owner: SignedIn, ctx: CheckoutTestContext, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
}

/** An order placed with bank transfer or pay at pickup (pay's methods, issue 19). */
async function placeWith(ctx: CheckoutTestContext, owner: SignedIn, paymentMethod: 'bank-transfer' | 'pickup') {
  await as(owner, ctx, 'PUT', '/api/admin/settings/payments', bankSettings);
  const product = await createProduct(ctx.db, { priceToea: 12_000, stock: 5 });
  let contact: Omit<typeof deliveryContact, 'email' | 'pickup'> & {
    email: string;
    pickup?: boolean;
    pickupPointId?: number;
  } = {
    ...deliveryContact,
    email: `walk.${paymentMethod}.${Date.now()}@example.pg`,
  };
  if (paymentMethod === 'pickup') {
    const options = (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json();
    contact = { ...contact, pickup: true, pickupPointId: options.pickupPoints[0].id };
  }
  const response = await postOrder(
    ctx,
    orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }, { contact, paymentMethod }),
  );
  if (response.statusCode !== 201) throw new Error(`order not placed: ${response.statusCode} ${response.body}`);
  return response.json().order as { id: number; total: number };
}

Object.assign(writeCases, {
  'PUT /api/admin/settings/payments': async () => ({
    url: '/api/admin/settings/payments',
    payload: { ...bankSettings, pickupDeadlineDays: 5 },
  }),
  'POST /api/admin/orders/{id}/payments': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const order = await placeWith(ctx, owner, 'bank-transfer');
    return {
      url: `/api/admin/orders/${order.id}/payments`,
      payload: { amount: 1_000, bankReference: 'BSP 88123', receivedOn: new Date().toISOString().slice(0, 10) },
    };
  },
  'POST /api/admin/orders/{id}/collected': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const order = await placeWith(ctx, owner, 'pickup');
    return { url: `/api/admin/orders/${order.id}/collected`, payload: { method: counterPaymentMethods[0] } };
  },
  'PUT /api/admin/settings/invoice': async () => ({
    url: '/api/admin/settings/invoice',
    payload: { legalName: 'Bilum Walk Ltd', tin: '500 123 456', address: 'Waigani Drive, Port Moresby' },
  }),
  'PUT /api/admin/delivery-zones': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const { zones } = (await as(owner, ctx, 'GET', '/api/admin/delivery-zones')).json() as {
      zones: { feeToea: number }[];
    };
    return {
      url: '/api/admin/delivery-zones',
      payload: { zones: zones.map((zone, index) => (index === 0 ? { ...zone, feeToea: zone.feeToea + 100 } : zone)) },
    };
  },
  'POST /api/admin/pickup-points': async () => ({
    url: '/api/admin/pickup-points',
    payload: { name: 'Walk pickup', address: 'Boroko, Port Moresby', openingHours: 'Mon–Fri 9–5' },
  }),
  'PUT /api/admin/pickup-points/{id}': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const point = { name: 'Walk pickup 2', address: 'Gordons, Port Moresby', openingHours: 'Mon–Sat 8–4' };
    const created = (await as(owner, ctx, 'POST', '/api/admin/pickup-points', point)).json();
    return { url: `/api/admin/pickup-points/${created.pickupPoint.id}`, payload: { ...point, name: 'Walk pickup 2b' } };
  },
  'DELETE /api/admin/pickup-points/{id}': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const point = { name: 'Walk pickup 3', address: 'Hohola, Port Moresby', openingHours: 'Mon–Fri 9–5' };
    const created = (await as(owner, ctx, 'POST', '/api/admin/pickup-points', point)).json();
    return { url: `/api/admin/pickup-points/${created.pickupPoint.id}` };
  },
  'POST /api/admin/webhooks': async () => ({
    url: '/api/admin/webhooks',
    payload: { url: 'https://hooks.example.com/bilum', events: ['order.paid'] },
  }),
  'PATCH /api/admin/webhooks/{id}': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const created = (
      await as(owner, ctx, 'POST', '/api/admin/webhooks', {
        url: 'https://hooks.example.com/a',
        events: ['order.paid'],
      })
    ).json();
    return { url: `/api/admin/webhooks/${created.id}`, payload: { active: false } };
  },
  'DELETE /api/admin/webhooks/{id}': async (ctx: CheckoutTestContext, owner: SignedIn) => {
    const created = (
      await as(owner, ctx, 'POST', '/api/admin/webhooks', {
        url: 'https://hooks.example.com/b',
        events: ['order.paid'],
      })
    ).json();
    return { url: `/api/admin/webhooks/${created.id}` };
  },
});

// The back office (issue 21, decision 018).
Object.assign(writeCases, {
  'POST /api/admin/orders/{id}/notes': async (ctx: CheckoutTestContext) => {
    const product = await createProduct(ctx.db, { priceToea: 12_500, stock: 5 });
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }));
    return { url: `/api/admin/orders/${placed.order.id}/notes`, payload: { body: 'Walk note' } };
  },
  'POST /api/admin/orders/{id}/refunds': async (ctx: CheckoutTestContext) => {
    const product = await createProduct(ctx.db, { priceToea: 12_500, stock: 5 });
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 2 }] }));
    await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
    return {
      url: `/api/admin/orders/${placed.order.id}/refunds`,
      payload: { lines: [{ productId: product.id, quantity: 1 }], restock: true, reason: 'Walk refund' },
    };
  },
  'POST /api/admin/customers/{id}/membership': async (ctx: CheckoutTestContext) => ({
    url: `/api/admin/customers/${(await signedInShopper(ctx)).user.id}/membership`,
    payload: { action: 'grant', months: 12, reason: 'Walk grant' },
  }),
  'PUT /api/admin/settings/orders': async () => ({
    url: '/api/admin/settings/orders',
    payload: { orderEmail: 'orders.walk@bilum.com.pg' },
  }),
});

/** Write operations that change nothing an activity entry would tell, and why. */
const notAuditedWrites: Record<string, string> = {
  'POST /api/admin/products/import/preview': 'a preview: nothing is written',
  'POST /api/admin/uploads': 'stores a picture file only; the product that uses it is logged when saved',
  'POST /api/admin/uploads/from-url': 'stores a picture file only; the product that uses it is logged when saved',
  'POST /api/admin/webhooks/{id}/test': 'sends a test event to the endpoint; changes nothing in the shop',
};

let ctx: CheckoutTestContext;
let owner: SignedIn;
let writes: { method: string; path: string; name: string }[];

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  owner = await signedInAdmin(ctx);
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  writes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path, name: `${method.toUpperCase()} ${path}` })),
    );
}, 120_000);
afterAll(() => ctx.close());

async function entries() {
  const [row] = await ctx.db.select({ n: count() }).from(activityLog);
  return row?.n ?? 0;
}

describe('every admin write operation', () => {
  it('has a case here or a reason not to be logged', () => {
    const missing = writes.map((w) => w.name).filter((name) => !(name in writeCases) && !(name in notAuditedWrites));
    expect(missing, 'admin write operations without an activity case').toEqual([]);
  });

  it('leaves exactly one activity entry, with what it changed', async () => {
    const wrong: string[] = [];
    for (const write of writes) {
      const make = writeCases[write.name];
      if (!make) continue;
      const call = await make(ctx, owner);
      const before = await entries();
      const response = await ctx.app.inject({
        method: write.method as 'POST',
        url: call.url,
        headers: { cookie: call.cookie ?? owner.cookie },
        ...(call.payload === undefined ? {} : { payload: call.payload as object }),
      });
      if (response.statusCode >= 300) {
        wrong.push(`${write.name}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const added = (await entries()) - before;
      if (added !== 1) {
        wrong.push(`${write.name}: ${added} entries`);
        continue;
      }
      const [entry] = await ctx.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
      // A creation has no before, a removal no after: one of them tells what changed.
      if (
        !entry ||
        (entry.before === null && entry.after === null) ||
        entry.summary === '' ||
        entry.actorKind !== 'staff'
      ) {
        wrong.push(`${write.name}: entry without before/after, summary or staff actor (${JSON.stringify(entry)})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
