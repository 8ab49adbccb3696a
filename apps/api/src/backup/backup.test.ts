import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminOrdersResponse, AdminProductListResponse } from '@bilum/shared';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { type PlacedOrder, shopClient } from '../resilience/shop-client';
import { killShopServer, type ShopServer, startShopServer, stopShopServer } from '../resilience/shop-server';

/**
 * Issue "Upgrades that never strand a shop": `npm run backup` while guests are checking out, `npm run restore`
 * into a new data folder (PGlite) or a new database (PostgreSQL, with DATABASE_URL set, as CI runs the API tests
 * a second time), and a second shop on it serves the same orders, stock and pictures. Real server processes and
 * the real commands. BACKUP_TEST_PORT: the first of the two ports the shops use (default: free ones).
 */
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const adminPassword = 'backup-test-admin-password';
const firstPort = Number(process.env.BACKUP_TEST_PORT) || undefined;

let root: string;
const databases: { source: string; target: string } = { source: '', target: '' };
const servers: ShopServer[] = [];

async function onServer(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bilum-backup-test-'));
  mkdirSync(path.join(root, 'web'));
  writeFileSync(path.join(root, 'web/index.html'), '<!doctype html><title>Bilum</title><div id="root"></div>');
  if (kind === 'postgres') {
    const name = `bilum_backup_${Date.now()}_${randomBytes(3).toString('hex')}`;
    databases.source = `${name}_source`;
    databases.target = `${name}_target`;
    await onServer(async (client) => {
      await client.query(`create database ${databases.source}`);
      await client.query(`create database ${databases.target}`);
    });
  }
});

afterAll(async () => {
  for (const server of servers) await killShopServer(server);
  if (root) rmSync(root, { recursive: true, force: true });
  if (kind === 'postgres') {
    await onServer(async (client) => {
      for (const name of [databases.source, databases.target]) {
        if (name) await client.query(`drop database if exists ${name} with (force)`);
      }
    });
  }
});

/** Where a shop keeps its data: a data folder, and on PostgreSQL a database as well. */
function shopData(folder: string, database: string) {
  return {
    DATA_DIR: path.join(root, folder),
    DATABASE_URL: kind === 'postgres' ? databaseUrl(database) : '',
  };
}

async function startShop(env: ReturnType<typeof shopData>, portOffset: number) {
  const server = await startShopServer(
    { env },
    {
      port: firstPort === undefined ? undefined : firstPort + portOffset,
      env: {
        WEB_DIST: path.join(root, 'web'),
        SEED_DEMO_DATA: 'true',
        ADMIN_PASSWORD: adminPassword,
        CHECKOUT_JOBS_INTERVAL_MS: '0',
        MAIL_WORKER_INTERVAL_MS: '0',
      },
    },
  );
  servers.push(server);
  return server;
}

/** `npm run backup` / `npm run restore` as an operator runs them, with the shop's environment. */
function runCommand(args: string[], env: ReturnType<typeof shopData>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: chunks.join('') }));
  });
}

/** The admin's calls: signed in with a session cookie. */
async function adminOf(url: string) {
  const login = await fetch(`${url}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .find((value) => value.includes('bilum_session='))!
    .split(';')[0]!;
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call,
    async upload(bytes: Buffer): Promise<{ id: string }> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'picture.png');
      const response = await fetch(`${url}/api/admin/uploads`, { method: 'POST', headers: { cookie }, body: form });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    },
    async orders() {
      const orders = new Map<number, AdminOrdersResponse['orders'][number]>();
      for (let page = 1; ; page++) {
        const answer = await call<AdminOrdersResponse>('GET', `/admin/orders?payment=all&pageSize=100&page=${page}`);
        for (const order of answer.orders) orders.set(order.id, order);
        if (page * answer.pageSize >= answer.total) return orders;
      }
    },
    async stock() {
      const page = await call<AdminProductListResponse>('GET', '/admin/products?pageSize=100');
      return new Map(page.items.map((product) => [product.id, product]));
    },
  };
}

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

it(`a backup taken while guests check out restores into a new ${kind === 'pglite' ? 'data folder' : 'database'} with the same orders, stock and pictures`, async () => {
  const source = shopData('shop', databases.source);
  const shop = await startShop(source, 0);
  const admin = await adminOf(shop.url);

  // A picture of its own (random colours, so its content-addressed id is new), and stock for the checkouts.
  const picture = await sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: randomBytes(1)[0]!, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  const { id: pictureId } = await admin.upload(picture);
  const pictureBytes = await bytesOf(`${shop.url}/api/images/${pictureId}`);
  const variantBytes = await bytesOf(`${shop.url}/api/images/${pictureId}/320.webp`);
  const forSale = [...(await admin.stock()).values()].filter((product) => product.status === 'active');
  const bought = forSale.filter((product) => !product.isMembership).slice(0, 2);
  for (const product of bought)
    await admin.call('POST', `/admin/products/${product.id}/restock`, {
      quantity: 1000,
      reason: 'supplier-delivery',
    });
  const units = new Map(
    [...(await admin.stock()).values()].map((product) => [product.id, product.stock + product.held + product.sold]),
  );

  let next = 0;
  const checkout = async () => {
    const product = bought[next++ % bought.length]!;
    const { order, paid } = await shopClient(shop.url).checkout({
      type: 'items',
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(paid.status).toBe(200);
    return order;
  };

  // Orders committed before the backup starts: every one must be in it, as it was.
  const placedBefore: PlacedOrder[] = await Promise.all(Array.from({ length: 6 }, checkout));
  const before = await admin.orders();

  // Guests keep checking out while `npm run backup` runs (a few a second each, so the stock lasts).
  let checkingOut = true;
  let duringBackup = 0;
  const shoppers = Array.from({ length: 4 }, async () => {
    while (checkingOut) {
      await checkout();
      duringBackup++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  // A failed checkout ends its shopper at once; the failure is reported below, after the backup.
  const shoppersDone = Promise.all(shoppers).then(
    () => undefined,
    (error: unknown) => error,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const backupFile = path.join(root, 'backups', 'nightly.tgz');
  duringBackup = 0;
  const backup = await runCommand(['backup', '--', '--out', backupFile], source);
  const finishedDuringBackup = duringBackup;
  checkingOut = false;
  expect(await shoppersDone).toBeUndefined();
  expect(backup.output).toContain('Backup written');
  expect(backup.code).toBe(0);
  expect(finishedDuringBackup).toBeGreaterThan(0);
  const after = await admin.orders();
  expect(await stopShopServer(shop)).toBe(0);
  // A stopped shop leaves no control file behind: the next backup reads the folder itself.
  expect(existsSync(path.join(source.DATA_DIR, 'control.json'))).toBe(false);

  const target = shopData('restored', databases.target);
  const restore = await runCommand(['restore', backupFile], target);
  expect(restore.output).toContain('Restored the backup');
  expect(restore.code).toBe(0);
  const restored = await startShop(target, 1);
  const restoredAdmin = await adminOf(restored.url);

  // Every order committed before the backup, with the same totals and status; nothing the shop never had.
  const orders = await restoredAdmin.orders();
  for (const [id, order] of before) {
    expect(orders.get(id), `order ${id}`).toMatchObject({
      total: order.total,
      paymentStatus: order.paymentStatus,
      shippingStatus: order.shippingStatus,
      items: order.items,
    });
  }
  for (const [id, order] of orders) expect(after.get(id)?.total, `order ${id}`).toBe(order.total);

  // Stock as one moment of the shop: every unit is on hand, held by an order, or sold, in the restored shop too.
  const stock = await restoredAdmin.stock();
  for (const [id, total] of units) {
    const product = stock.get(id)!;
    expect(product.stock + product.held + product.sold, `product ${id}`).toBe(total);
  }
  const ordered = (id: number) =>
    [...orders.values()].flatMap((order) => order.items).filter((item) => item.productId === id).length;
  for (const product of bought) {
    const restoredProduct = stock.get(product.id)!;
    expect(restoredProduct.held + restoredProduct.sold).toBe(ordered(product.id));
  }

  // The picture, byte for byte, and guests' checkout links (the server key came along).
  expect((await bytesOf(`${restored.url}/api/images/${pictureId}`)).equals(pictureBytes)).toBe(true);
  expect((await bytesOf(`${restored.url}/api/images/${pictureId}/320.webp`)).equals(variantBytes)).toBe(true);
  const guest = shopClient(restored.url);
  expect((await guest.confirmation(placedBefore[0]!)).status).toBe(200);
}, 120_000);
