import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions } from '../db/client';
import { seedDemoData } from '../db/seed';
import { insertProduct } from '../modules/variants/variants.service';

/** Units of the checkout product: every checkout of the suite takes one (the demo products have a handful). */
const checkoutStock = 1_000_000;

export interface ShopDatabase {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR and DATABASE_URL for a server on this database. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** A product with plenty of stock, for checkouts. */
  checkoutProductId: number;
  /**
   * Runs one SQL query. On PGlite only while no server runs on the folder (one process at a time); it reads a
   * copy of the folder, so the next server still starts on the files exactly as the last one left them.
   */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  dispose(): Promise<void>;
}

/**
 * A new database for one test file: migrated, with the demo catalogue and one product with a million in stock.
 * PGlite in a temporary data folder by default; with DATABASE_URL, a database of its own on that PostgreSQL
 * server, dropped by dispose() (like test/test-database.ts).
 */
export async function createShopDatabase(): Promise<ShopDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bilum-resilience-'));
  const serverUrl = process.env.DATABASE_URL || undefined;
  let databaseUrl = '';
  let name = '';
  if (serverUrl) {
    name = `bilum_resilience_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await withClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }

  const handle = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
  await handle.migrate();
  await seedDemoData(handle.db);
  const product = await insertProduct(handle.db, {
    name: 'Resilience test cable',
    description: 'A product for the resilience suite: plenty of stock, so that every checkout can succeed.',
    category: 'accessories',
    priceToea: 1_500,
    condition: 'New',
    status: 'active',
    stock: checkoutStock,
    image: '/images/products/anker-65w-usb-c-fast-charger.svg',
  });
  await handle.close();

  return {
    kind: serverUrl ? 'postgres' : 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    checkoutProductId: product.id,
    async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
      if (databaseUrl)
        return withClient(databaseUrl, async (client) => (await client.query(sql, params)).rows as Row[]);
      const copy = mkdtempSync(path.join(os.tmpdir(), 'bilum-resilience-copy-'));
      try {
        cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
        const client = await PGlite.create(copy, { extensions: pgliteExtensions });
        try {
          return (await client.query<Row>(sql, params)).rows;
        } finally {
          await client.close();
        }
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl)
        await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
