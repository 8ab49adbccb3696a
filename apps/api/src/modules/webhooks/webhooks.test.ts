import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookEventIdHeader, webhookMessages, webhookSignatureHeader } from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox, outboxJobs, webhookEndpoints } from '../../db/schema';
import { secretHasher } from '../../security/server-key';
import { createUser, type SignedIn, signedInAdmin } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  orderBody,
  payOrder,
  placeOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { createMailer } from '../mail/mail.service';
import { maxJobAttempts } from '../outbox/outbox-jobs';
import { verifyWebhookSignature } from '../payments/webhook-signature';
import { changeStock, stockActors } from '../stock/stock.service';
import { createWebhooksService } from './webhooks.service';

/** A local receiver that refuses (503) the first `refusals` requests, then accepts (204); it keeps what it got. */
function receiver() {
  const got: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];
  let refusals = 0;
  let calls = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls += 1;
      if (calls <= refusals) {
        response.writeHead(503).end('down for maintenance');
        return;
      }
      got.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(204).end();
    });
  });
  return {
    got,
    refuseNext(count: number) {
      refusals = calls + count;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let ctx: TestContext;
let admin: SignedIn;
const hooks = receiver();
let hookUrl: string;

beforeAll(async () => {
  // IMAGE_FETCH_ALLOW_LOOPBACK: the only way the outbound guard lets the shop reach a local receiver.
  ctx = await createTestApp({ imageFetch: { allowLoopback: true } });
  admin = await signedInAdmin(ctx);
  hookUrl = await hooks.listen();
});
afterAll(async () => {
  await ctx.close();
  await hooks.close();
});
beforeEach(async () => {
  await ctx.db.delete(webhookEndpoints);
  hooks.got.length = 0;
});

const createHook = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: { cookie: admin.cookie }, payload });

/** Every pending job is due now (as if its retry delay had passed). */
const makeDue = () => ctx.db.update(outboxJobs).set({ nextAttemptAt: new Date(Date.now() - 1000) });

/** Takes a product across its low-stock line, in one transaction, as a checkout would. */
async function sellDownToLow() {
  const product = await createProduct(ctx.db, { stock: 8, lowStockThreshold: 3 });
  await ctx.db.transaction(async (tx) => {
    const result = await changeStock(tx, {
      productId: product.id,
      change: -6,
      reason: 'order-placed',
      actor: stockActors.checkout,
      at: new Date(),
    });
    expect(result.ok).toBe(true);
  });
  return product;
}

describe('outgoing webhooks (issue 21)', () => {
  it('retries a delivery while the receiver is down, then delivers it once, signed, even with two workers', async () => {
    const created = await createHook({ url: hookUrl, events: ['stock.low'], description: 'Warehouse' });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown only once: the list does not carry it.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks',
      headers: { cookie: admin.cookie },
    });
    expect(JSON.stringify(listed.json())).not.toContain(secret);

    const product = await sellDownToLow();
    const [job] = await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.webhookId, id));
    expect(job).toMatchObject({ kind: 'webhook', eventType: 'stock.low', status: 'pending', attempts: 0 });

    hooks.refuseNext(2);
    await ctx.app.mailer.drainOutbox();
    let [row] = await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.id, job!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503 });
    expect(row!.lastError).toContain('503');
    // Backed off: not due again at once (30 s with jitter down to 22.5 s).
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    await ctx.app.mailer.drainOutbox();
    expect(hooks.got).toHaveLength(0);

    await makeDue();
    await ctx.app.mailer.drainOutbox();
    [row] = await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.id, job!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });

    // The receiver is back; two workers race for the delivery: it is claimed by one and sent once.
    await makeDue();
    await Promise.all([ctx.app.mailer.jobs.drain(), ctx.app.mailer.jobs.drain(), ctx.app.mailer.drainOutbox()]);
    [row] = await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.id, job!.id));
    expect(row).toMatchObject({ status: 'done', attempts: 3, responseStatus: 204, lastError: null });
    expect(hooks.got).toHaveLength(1);

    const delivery = hooks.got[0]!;
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      type: 'stock.low',
      data: { productId: product.id, stock: 2, lowStockThreshold: 3, sku: product.sku },
    });
    expect(delivery.headers[webhookEventIdHeader]).toBe(event.id);
    expect(row!.eventId).toBe(event.id);
    // Verifies like the shop's own incoming payment webhooks: HMAC-SHA256 of "t.body" under the shown secret.
    const signature = String(delivery.headers[webhookSignatureHeader]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verifyWebhookSignature(delivery.body, signature, secret, Math.floor(Date.now() / 1000))).not.toThrow();
    expect(() =>
      verifyWebhookSignature(delivery.body, signature, 'whsec_wrong', Math.floor(Date.now() / 1000)),
    ).toThrow();

    // Nothing more is sent for it.
    await makeDue();
    await ctx.app.mailer.drainOutbox();
    expect(hooks.got).toHaveLength(1);

    // The admin sees the delivery and its status.
    const overview = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: { cookie: admin.cookie } })
    ).json();
    expect(overview.deliveries[0]).toMatchObject({ eventId: event.id, status: 'done', attempts: 3, url: hookUrl });
  });

  it('records an event only for endpoints that want it, only when the change commits', async () => {
    await createHook({ url: hookUrl, events: ['order.paid'] });
    await sellDownToLow();
    expect(await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.eventType, 'stock.low'))).toHaveLength(0);

    const { id } = (await createHook({ url: hookUrl, events: ['stock.low'] })).json();
    const product = await createProduct(ctx.db, { stock: 8, lowStockThreshold: 3 });
    await ctx.db
      .transaction(async (tx) => {
        await changeStock(tx, {
          productId: product.id,
          change: -6,
          reason: 'order-placed',
          actor: stockActors.checkout,
          at: new Date(),
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.webhookId, id))).toHaveLength(0);
    // A change that stays above the line, or is already below it, sends nothing.
    await ctx.db.transaction((tx) =>
      changeStock(tx, {
        productId: product.id,
        change: -1,
        reason: 'order-placed',
        actor: stockActors.checkout,
        at: new Date(),
      }),
    );
    expect(await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.webhookId, id))).toHaveLength(0);
  });

  it('gives up after the last try, visibly', async () => {
    const { id } = (await createHook({ url: hookUrl, events: ['stock.low'] })).json();
    await sellDownToLow();
    await ctx.db
      .update(outboxJobs)
      .set({ attempts: maxJobAttempts.webhook - 1 })
      .where(eq(outboxJobs.webhookId, id));
    hooks.refuseNext(1);
    await ctx.app.mailer.drainOutbox();
    const [row] = await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.webhookId, id));
    expect(row).toMatchObject({ status: 'failed', attempts: maxJobAttempts.webhook, responseStatus: 503 });
    const overview = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: { cookie: admin.cookie } })
    ).json();
    expect(overview.deliveries[0]).toMatchObject({ status: 'failed', maxAttempts: maxJobAttempts.webhook });
    // E-mails given up on are there too, for a person to follow up.
    await ctx.db.insert(emailOutbox).values({
      to: 'lost@example.pg',
      subject: 'Your order is confirmed',
      text: 'x',
      status: 'failed',
      attempts: 10,
      lastError: 'connect ECONNREFUSED',
    });
    const withEmails = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: { cookie: admin.cookie } })
    ).json();
    expect(withEmails.failedEmails[0]).toMatchObject({
      to: 'lost@example.pg',
      attempts: 10,
      lastError: 'connect ECONNREFUSED',
    });
  });

  it('sends a test event to one endpoint on request', async () => {
    const { id } = (await createHook({ url: hookUrl, events: ['order.paid'] })).json();
    const queued = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${id}/test`,
      headers: { cookie: admin.cookie },
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await ctx.app.mailer.drainOutbox();
    expect(hooks.got.map((got) => JSON.parse(got.body).type)).toEqual(['webhook.test']);
  });

  it('refuses endpoints on private networks, other schemes and bad input with a clear 400', async () => {
    for (const url of [
      'http://10.0.0.8/hook',
      'https://192.168.1.20/hook',
      'https://169.254.169.254/latest',
      'ftp://x.example/',
    ]) {
      const refused = await createHook({ url, events: ['order.paid'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.issues[0].path).toBe('url');
    }
    const noEvents = await createHook({ url: 'https://hooks.example/x', events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().error.issues[0]).toEqual({ path: 'events', message: 'Choose at least one event.' });
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/webhooks/999999',
      headers: { cookie: admin.cookie },
      payload: { active: false },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses at registration an address with a user name or a private host name, and stores nothing (issue 28)', async () => {
    for (const [url, message] of [
      ['https://user:pw@hooks.example/in', webhookMessages.credentials],
      ['https://token@hooks.example/in', webhookMessages.credentials],
      ['https://metadata.google.internal/computeMetadata/v1/', webhookMessages.privateAddress],
      ['https://intranet/hook', webhookMessages.privateAddress],
      ['https://printer.local/hook', webhookMessages.privateAddress],
      ['https://router.home.arpa./hook', webhookMessages.privateAddress],
      ['https://[fe80::1]/hook', webhookMessages.privateAddress],
      ['https://[::ffff:10.0.0.1]/hook', webhookMessages.privateAddress],
      ['https://0x0a000001/hook', webhookMessages.privateAddress],
    ] as const) {
      const refused = await createHook({ url, events: ['order.paid'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.issues, url).toEqual([{ path: 'url', message }]);
    }
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('refuses at registration a host name that resolves to a private or loopback address, as a delivery would', async () => {
    const publicAddress = { address: '93.184.216.34', family: 4 };
    const dns: Record<string, { address: string; family: number }[]> = {
      'rebind.example': [{ address: '127.0.0.1', family: 4 }],
      'mixed.example': [publicAddress, { address: '10.0.0.5', family: 4 }],
      'metadata.example': [{ address: '169.254.169.254', family: 4 }],
      'hooks.example': [publicAddress],
    };
    const webhooks = createWebhooksService({
      db: ctx.db,
      // A mailer of its own: this service's delivery handler must not replace the app's.
      mailer: createMailer({
        db: ctx.db,
        transport: { kind: 'test', async send() {} },
        from: 'shop@example.pg',
        log: { error: () => undefined },
      }),
      secrets: secretHasher(Buffer.from('test-key')),
      allowLoopback: false,
      resolve: async (host) => {
        const answer = dns[host];
        if (!answer) throw new Error('ENOTFOUND');
        return answer;
      },
    });
    const actor = { kind: 'system', name: 'test' } as const;
    const register = (url: string) => webhooks.create({ url, events: ['order.paid'] }, actor);
    for (const url of [
      'https://rebind.example/in',
      'https://mixed.example/in',
      'https://metadata.example/latest',
      'https://localhost/in',
      'https://shop.localhost/in',
      'https://127.0.0.1/in',
    ]) {
      await expect(register(url), url).rejects.toMatchObject({
        statusCode: 400,
        message: webhookMessages.privateAddress,
        issues: [{ path: 'url', message: webhookMessages.privateAddress }],
      });
    }
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual([]);
    // A public receiver is taken, and so is one whose name does not resolve yet: each delivery checks it again.
    expect((await register('https://hooks.example/in')).url).toBe('https://hooks.example/in');
    expect((await register('https://not-live-yet.example/in')).url).toBe('https://not-live-yet.example/in');
  });

  it('is for the admin only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/webhooks' })).statusCode).toBe(401);
  });

  it('never reaches a private address at delivery time, whatever the host name resolves to (SSRF guard)', async () => {
    const database = ctx.db;
    const mailer = createMailer({
      db: database,
      transport: { kind: 'test', async send() {} },
      from: 'shop@example.pg',
      log: { error: () => undefined },
    });
    const webhooks = createWebhooksService({
      db: database,
      mailer,
      secrets: secretHasher(Buffer.from('test-key')),
      allowLoopback: false,
      // "Public DNS" answers a private address for this name (DNS rebinding, or a typo'd internal host).
      resolve: async () => [{ address: '10.1.2.3', family: 4 }],
    });
    const [endpoint] = await database
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example/in', events: ['order.paid'], secretSalt: 'salt' })
      .returning();
    await mailer.jobs.enqueue(database, {
      kind: 'webhook',
      payload: { id: 'evt_x', type: 'order.paid', data: {} },
      webhookId: endpoint!.id,
      eventId: 'evt_x',
      eventType: 'order.paid',
    });
    await mailer.jobs.drain();
    const [row] = await database.select().from(outboxJobs).where(eq(outboxJobs.webhookId, endpoint!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('private or local network');
    void webhooks;
  });
});

describe('forgot-password e-mails are durable (decision 017)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('stores a job in the request; a worker composes the e-mail, even after a restart', async () => {
    const config = testConfig({});
    const first = await buildApp({ db: database.db, config });
    await first.ready();
    const user = await createUser(database.db);
    const answer = await first.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(answer.statusCode).toBe(202);
    const jobs = await database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'password-reset'));
    expect(jobs).toMatchObject([{ status: 'pending', payload: { email: user.email } }]);
    // The process goes away before its worker ran the job (MAIL_WORKER_INTERVAL_MS=0 in tests: no timer).
    await first.close();
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toEqual([]);

    const second = await buildApp({ db: database.db, config });
    await second.ready();
    await second.mailer.drainOutbox();
    const [job] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.id, jobs[0]!.id));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.subject, 'Your Bilum password reset code')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe('sent');
    await second.close();
  });
});

/** The delivery fee the order was charged (from the delivery work of issue 19). */
const jobsShipping = (payload: Record<string, unknown>) =>
  (payload as { data: { shippingToea: number } }).data.shippingToea;

describe('order events (decision 017)', () => {
  let shop: CheckoutTestContext;
  let owner: SignedIn;
  beforeAll(async () => {
    shop = await createCheckoutTestApp({ config: { imageFetch: { allowLoopback: true } } });
    owner = await signedInAdmin(shop);
  });
  afterAll(() => shop.close());

  it('records order.paid when an order is paid and order.status_changed when staff dispatch it, once each', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: owner.cookie },
      payload: { url: hookUrl, events: ['order.paid', 'order.status_changed'] },
    });
    const { id } = created.json();
    const product = await createProduct(shop.db, { priceToea: 15_000, stock: 50 });
    const placed = await placeOrder(
      shop,
      orderBody({ type: 'items', items: [{ productId: product.id, quantity: 2 }] }),
    );
    expect((await payOrder(shop, placed, { card: card() })).statusCode).toBe(200);
    await shop.simulator.whenEventsDelivered();
    const dispatched = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${placed.order.id}`,
      headers: { cookie: owner.cookie },
      payload: { status: 'Dispatched' },
    });
    expect(dispatched.statusCode).toBe(200);

    const jobs = await shop.db.select().from(outboxJobs).where(eq(outboxJobs.webhookId, id)).orderBy(outboxJobs.id);
    expect(jobs.map((job) => job.eventType)).toEqual(['order.paid', 'order.status_changed']);
    expect(jobs[0]!.payload).toMatchObject({
      type: 'order.paid',
      data: {
        orderId: placed.order.id,
        paymentStatus: 'paid',
        totalToea: 30_000 + jobsShipping(jobs[0]!.payload),
        items: [{ productId: product.id, quantity: 2, unitPriceToea: 15_000 }],
      },
    });
    expect(jobs[1]!.payload).toMatchObject({
      type: 'order.status_changed',
      data: { orderId: placed.order.id, from: 'Pending', to: 'Dispatched', shippingStatus: 'Dispatched' },
    });
  });
});
