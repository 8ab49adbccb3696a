import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { sessionCookieOf } from '../test/accounts';
import { createTestDatabase } from '../test/test-database';
import {
  differences,
  fixtureNames,
  type IntendedChange,
  manifestOf,
  restoreFixture,
  snapshot,
  totals,
} from '../test/upgrade-fixtures';
import { type DatabaseHandle, migrationsFolder } from './client';
import { readMigrations } from './migrator';

/**
 * Upgrades that never strand a shop (issue 26): the database of every earlier release, made by that release
 * (apps/api/test-fixtures/upgrades), is restored, migrated to this release, and must keep every row and value;
 * then this release's shop serves it: a shopper signs in and sees their orders, a paid order tracks, the owner
 * sees every order. On PGlite under `npm test`, on PostgreSQL with DATABASE_URL (.ci/run).
 */

/** What the migrations change on purpose in an earlier release's rows. Anything else changed is a failure. */
const intendedChanges: IntendedChange[] = [
  {
    table: 'products',
    columns: ['status', 'stock'],
    migration: '0016_stock_movements',
    why: '"Sold" follows the stock: a product stored as sold is on sale again at 0 units, its units logged as a movement',
    applies: (before, after) => before.status === 'sold' && after.status === 'active' && after.stock === 0,
  },
  {
    table: 'products',
    columns: ['search_document'],
    migration: '0037_variant_search',
    why: 'the search document holds the SKU and the variants’ words too (issue 30): every word it had, and more',
    applies: (before, after) => {
      const now = new Set(lexemes(after.search_document));
      return lexemes(before.search_document).every((word) => now.has(word));
    },
  },
  {
    table: 'cache_versions',
    columns: ['version'],
    migration: 'any that changes the catalogue or settings',
    why: 'the change triggers of 0008 count every change, so every instance drops its cached copy',
  },
];

/** The words of a tsvector as text ("'galaxy':1 'a55':2,5"). */
function lexemes(document: unknown): string[] {
  return [...String(document).matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!);
}

const handles: DatabaseHandle[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function restored(name: string): Promise<DatabaseHandle> {
  const handle = await createTestDatabase({ migrated: false });
  handles.push(handle);
  await restoreFixture(handle, name);
  return handle;
}

async function rows<T>(handle: DatabaseHandle, text: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

const fixtures = fixtureNames();

describe('upgrading a shop of an earlier release', () => {
  it('has the fixtures of the releases named in issue 26 and of 39fff75 (issue 18, the first with 0017)', () => {
    expect(fixtures).toEqual(expect.arrayContaining(['6435df0', '39fff75', 'd1469d1']));
  });

  describe.each(fixtures)('release %s', (name) => {
    const manifest = manifestOf(name);

    it('migrates to this release keeping every account, order, payment, stock figure and setting', async () => {
      const handle = await restored(name);
      const before = await snapshot(handle);
      const movementIdsBefore = new Set(
        (await rows<{ id: number }>(handle, 'select id from stock_movements').catch(() => [])).map((row) => row.id),
      );
      const run = await handle.migrate();
      expect(run.current).toBe(readMigrations(migrationsFolder).at(-1)!.tag);
      const after = await snapshot(handle);

      expect(differences(before, after, intendedChanges)).toEqual([]);
      // 0039 (issue 31, decision 044): an earlier release's orders get their texts in English, and every account
      // has texts on (the shopper gave the number for their orders).
      expect(await rows(handle, "select id from orders where locale <> 'en'")).toEqual([]);
      expect(await rows(handle, 'select id from users where not text_messages')).toEqual([]);
      // The counts and sums of every table that was there, the same but where a listed change explains them.
      const [was, is] = [totals(before), totals(after)];
      for (const table of Object.keys(was)) {
        const unchanged = { ...was[table] };
        const now = { ...is[table] };
        if (table === 'products') [unchanged.stock, now.stock] = [0, 0];
        expect({ table, ...now }).toMatchObject({ table, ...unchanged });
      }
      // Stock is accounted for: a product's units now are its units then plus what the migrations logged.
      const movements = await rows<{ id: number; product_id: number; change: number }>(
        handle,
        'select id, product_id, change from stock_movements',
      );
      const stockThen = new Map([...before.get('products')!.rows.values()].map((p) => [p.id, p.stock as number]));
      for (const product of after.get('products')!.rows.values()) {
        const logged = movements
          .filter((m) => m.product_id === product.id && !movementIdsBefore.has(m.id))
          .reduce((sum, m) => sum + m.change, 0);
        expect({ product: product.id, stock: product.stock }).toEqual({
          product: product.id,
          stock: (stockThen.get(product.id) ?? 0) + logged,
        });
      }
      // 0032 (issue 30): the release's restocks gave no reason, so they read "other", with no note; no other
      // movement has a reason.
      const reasons = await rows<{ reason: string; restock_reason: string | null; note: string | null }>(
        handle,
        'select reason, restock_reason, note from stock_movements',
      );
      // A release that kept reasons already keeps them as they were (the snapshot above compares them).
      const hadReasons = [...(before.get('stock_movements')?.rows.values() ?? [])].some(
        (row) => 'restock_reason' in row,
      );
      for (const move of hadReasons ? [] : reasons) {
        expect(move).toEqual({
          reason: move.reason,
          restock_reason: move.reason === 'restock' ? 'other' : null,
          note: null,
        });
      }
      if (manifest.scenarios?.ran.some((scenario) => scenario.includes('restocks a product'))) {
        expect(reasons.filter((move) => move.reason === 'restock').length).toBeGreaterThan(0);
      }
      // 0033 (issue 30): the five categories the release had in code, in its order, visible, none renamed; every
      // product (archived ones too) names one of them through the new foreign key, which is validated. A release
      // that had the table already keeps its owner's categories as they were (the snapshot above compares them).
      const hadCategories = before.has('categories');
      const seeded = await rows<{ slug: string; name: string; position: number; hidden: boolean }>(
        handle,
        'select slug, name, position, hidden from categories order by position, id',
      );
      if (!hadCategories)
        expect(seeded).toEqual(
          ['Phones', 'Computers', 'Cameras', 'Vehicles', 'Accessories'].map((name, index) => ({
            slug: name.toLowerCase(),
            name,
            position: index + 1,
            hidden: false,
          })),
        );
      if (!hadCategories) expect(await rows(handle, 'select slug from category_slug_redirects')).toEqual([]);
      const orphans = await rows<{ n: number }>(
        handle,
        'select count(*)::int as n from products p where not exists (select 1 from categories c where c.slug = p.category)',
      );
      expect(orphans).toEqual([{ n: 0 }]);
      const constraints = await rows<{ conname: string; convalidated: boolean }>(
        handle,
        "select conname, convalidated from pg_constraint where conrelid = 'products'::regclass and contype in ('c', 'f') and conname like 'products_category%'",
      );
      expect(constraints).toEqual([{ conname: 'products_category_fk', convalidated: true }]);
      // 0036 (issue 30): every product (archived ones too) has one variant without options, carrying its SKU,
      // prices, stock, low-stock line, picture and archived time; every cart line, order line and stock movement of
      // a product is on that variant, the order line with no variant label and the product's SKU.
      if (!before.has('product_variants')) {
        expect(await rows(handle, 'select id from product_options')).toEqual([]);
        expect(await rows(handle, 'select variant_id from variant_option_values')).toEqual([]);
        const variants = await rows<Record<string, unknown>>(
          handle,
          `select p.id as product, count(v.id)::int as variants,
             bool_and(v.sku = p.sku and v.price_toea = p.price_toea
               and v.original_price_toea is not distinct from p.original_price_toea and v.stock = p.stock
               and v.low_stock_threshold = p.low_stock_threshold and v.image is not distinct from p.image
               and v.archived_at is not distinct from p.archived_at) as same
           from products p left join product_variants v on v.product_id = p.id group by p.id order by p.id`,
        );
        expect(variants.length).toBe(after.get('products')!.rows.size);
        for (const variant of variants) {
          expect(variant).toEqual({ product: variant.product, variants: 1, same: true });
        }
        for (const table of ['cart_items', 'order_items', 'stock_movements']) {
          const [lines] = await rows<{ n: number; on_its_variant: number }>(
            handle,
            `select count(*)::int as n, count(*) filter (where v.product_id = t.product_id)::int as on_its_variant
             from ${table} t left join product_variants v on v.id = t.variant_id`,
          );
          expect({ table, ...lines }).toEqual({ table, n: is[table]?.rows ?? 0, on_its_variant: lines!.n });
        }
        expect(
          await rows(
            handle,
            `select count(*)::int as n from order_items i join products p on p.id = i.product_id
             where i.variant_label <> '' or i.variant_sku <> p.sku`,
          ),
        ).toEqual([{ n: 0 }]);
      }
      // 0037 (issue 30): no product of an earlier release has options, so none says "from" and none has variant
      // words; every search document (made again) holds the name, description and SKU, under its GIN index.
      if (!before.has('product_options')) {
        expect(
          await rows(
            handle,
            `select count(*)::int as n from products where variant_words <> '' or variant_prices_differ`,
          ),
        ).toEqual([{ n: 0 }]);
      }
      expect(
        await rows(
          handle,
          `select count(*)::int as n from products where search_document is distinct from
             to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || sku || ' ' || variant_words)`,
        ),
      ).toEqual([{ n: 0 }]);
      expect(
        await rows(
          handle,
          `select count(*)::int as n from products
           where not search_document @@ plainto_tsquery('simple'::regconfig, sku)`,
        ),
      ).toEqual([{ n: 0 }]);
      expect(
        await rows(handle, `select indexdef from pg_indexes where indexname = 'products_search_document_idx'`),
      ).toEqual([{ indexdef: expect.stringMatching(/USING gin \(search_document\)$/) }]);
      // 0038 (issue 31): the names' trigram index (pg_trgm, unaccent) is built over the earlier release's products;
      // nothing is backfilled (it is an index of the names they have), and every name folds as the search expects.
      expect(await rows(handle, `select indexdef from pg_indexes where indexname = 'products_name_trgm_idx'`)).toEqual([
        { indexdef: expect.stringMatching(/USING gin \(search_fold\(name\) gin_trgm_ops\)$/) },
      ]);
      expect(
        await rows(
          handle,
          `select count(*)::int as n from products where search_fold(name) is distinct from lower(name)
          and unaccent(name) = name`,
        ),
      ).toEqual([{ n: 0 }]);
      // 0034 (issue 30): no discount codes or uses yet, and the shop's settings (when it had saved any) take the
      // member rule's default, the better of the member price and a code. (A release that had codes keeps them.)
      if (before.has('discount_codes')) return;
      expect(await rows(handle, 'select id from discount_codes')).toEqual([]);
      expect(await rows(handle, 'select id from discount_code_uses')).toEqual([]);
      for (const setting of await rows<{ member_code_rule: string }>(
        handle,
        'select member_code_rule from shop_settings',
      )) {
        expect(setting).toEqual({ member_code_rule: 'better' });
      }
      // 0035 (issue 30): every earlier order and line was placed without a code, and its totals stand as they were.
      expect(
        await rows(
          handle,
          'select count(*)::int as n from orders where discount_code is not null or discount_toea <> 0',
        ),
      ).toEqual([{ n: 0 }]);
      expect(await rows(handle, 'select count(*)::int as n from order_items where discount_toea <> 0')).toEqual([
        { n: 0 },
      ]);
    });

    it('serves the migrated shop: shoppers see their orders, a paid order tracks, the owner sees every order', async () => {
      const handle = await restored(name);
      await handle.migrate();
      const app = await buildApp({ db: handle.db, config: testConfig({ secretKey: manifest.secretKey }) });
      try {
        await app.ready();
        let paidOrdersSeen = 0;
        for (const shopper of manifest.shoppers) {
          const login = await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: shopper.email, password: shopper.password },
          });
          expect(login.statusCode, `${shopper.email} signs in: ${login.body}`).toBe(200);
          const mine = await app.inject({ url: '/api/orders/mine', headers: { cookie: sessionCookieOf(login) } });
          expect(mine.statusCode).toBe(200);
          const listed = (mine.json() as { orders: { id: number }[] }).orders.map((order) => order.id);
          const paid = shopper.orderIds.filter((order) => order.paymentStatus === 'paid').map((order) => order.id);
          expect(listed).toEqual(expect.arrayContaining(paid));
          paidOrdersSeen += paid.length;
        }
        expect(paidOrdersSeen).toBeGreaterThan(0);

        // The storefront's categories (issue 30, 0033): the five, in the order the shop has always shown them, and
        // those its owner added (a hidden one left out), for a release that had categories.
        const added = manifest.scenarios?.ran.some((scenario) => scenario.includes('adds the category Solar'));
        const shown = await app.inject({ url: '/api/categories' });
        expect(shown.statusCode, shown.body).toBe(200);
        expect((shown.json() as { categories: { slug: string }[] }).categories.map((c) => c.slug)).toEqual([
          'phones',
          'computers',
          'cameras',
          'vehicles',
          'accessories',
          ...(added ? ['solar'] : []),
        ]);

        const tracked = manifest.trackedOrder;
        const track = await app.inject({
          method: 'POST',
          url: '/api/orders/track',
          payload: { trackingCode: tracked.trackingCode },
        });
        expect(track.statusCode, track.body).toBe(200);
        expect((track.json() as { order: object }).order).toMatchObject({
          orderId: tracked.id,
          email: tracked.email,
          paymentStatus: tracked.paymentStatus,
          shippingStatus: tracked.status,
        });

        const admin = await app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: manifest.admin,
        });
        expect(admin.statusCode, admin.body).toBe(200);
        const orders = await app.inject({
          url: '/api/admin/orders?payment=all&pageSize=100',
          headers: { cookie: sessionCookieOf(admin) },
        });
        expect(orders.statusCode, orders.body).toBe(200);
        const [count] = await rows<{ n: number }>(handle, 'select count(*)::int as n from orders');
        expect((orders.json() as { total: number }).total).toBe(count!.n);
        // Discount codes (issue 30, 0034): the owner adds one to the migrated shop.
        const code = await app.inject({
          method: 'POST',
          url: '/api/admin/discount-codes',
          headers: { cookie: sessionCookieOf(admin) },
          payload: { code: 'UPGRADED10', kind: 'percent', value: 10, categories: ['phones'] },
        });
        expect(code.statusCode, code.body).toBe(201);
        // A release that took codes at checkout: its paid order's use of WANTOK10 is still counted.
        if (manifest.scenarios?.ran.some((scenario) => scenario.includes('adds WANTOK10'))) {
          const codes = await app.inject({
            url: '/api/admin/discount-codes',
            headers: { cookie: sessionCookieOf(admin) },
          });
          const wantok = (codes.json() as { codes: { code: string; usesCounted: number }[] }).codes.find(
            (entry) => entry.code === 'WANTOK10',
          );
          expect(wantok).toMatchObject({ usesCounted: 1 });
        }

        // The storefront's search finds a product by its SKU (issue 30, 0037), as by a word of its name.
        const [listed] = await rows<{ id: number; sku: string; name: string }>(
          handle,
          `select id, sku, name from products where archived_at is null and status = 'active' and not is_membership
           order by id limit 1`,
        );
        if (listed) {
          for (const q of [listed.sku, listed.name.split(' ')[0]!]) {
            const search = await app.inject({ url: `/api/products?q=${encodeURIComponent(q)}&pageSize=60` });
            expect(search.statusCode, search.body).toBe(200);
            const found = (search.json() as { items: { id: number }[] }).items.map((item) => item.id);
            expect(found, q).toContain(listed.id);
          }
          // And by a word of its name with a letter left out (issue 31, 0038): the trigram index of the names.
          const word = listed.name
            .split(/[^\p{L}]+/u)
            .filter((part) => part.length >= 6)
            .sort((a, b) => b.length - a.length)[0];
          if (word) {
            const typo = `${word.slice(0, 3)}${word.slice(4)}`;
            const search = await app.inject({ url: `/api/products?q=${encodeURIComponent(typo)}&pageSize=60` });
            expect(search.statusCode, search.body).toBe(200);
            const found = (search.json() as { items: { id: number }[] }).items.map((item) => item.id);
            expect(found, typo).toContain(listed.id);
          }
        }

        // Pictures uploaded by that release are served as they were stored (their bytes stay in their row; later
        // ones are stored in pieces, migration 0031).
        // A picture stored in pieces (releases from 0031 on) is the pieces in order.
        const pictures = await rows<{ id: string; bytes: string }>(
          handle,
          `select i.id, coalesce(encode(i.bytes, 'hex'),
             (select string_agg(encode(p.bytes, 'hex'), '' order by p.part) from uploaded_image_parts p where p.image_id = i.id))
             as bytes from uploaded_images i`,
        );
        for (const picture of pictures) {
          const served = await app.inject({ url: `/api/images/${picture.id}` });
          expect(served.statusCode, `picture ${picture.id}`).toBe(200);
          expect(served.rawPayload.toString('hex')).toBe(picture.bytes);
        }
        if (manifest.scenarios?.ran.some((scenario) => scenario.includes('uploads a product picture'))) {
          expect(pictures.length).toBeGreaterThan(0);
        }
      } finally {
        await app.close();
      }
    });
  });

  it('fails when a migration loses a row (the test of the test, with a broken migration not in the chain)', async () => {
    const name = fixtures.at(-1)!;
    const folder = mkdtempSync(path.join(tmpdir(), 'bilum-broken-chain-'));
    folders.push(folder);
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Record<string, unknown>[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({
      ...last,
      idx: journal.entries.length,
      when: (last.when as number) + 1000,
      tag: '9999_loses_an_order',
    });
    writeFileSync(journalFile, JSON.stringify(journal));
    // A plausible mistake: a clean-up of "old unpaid orders" that also takes one that was paid.
    writeFileSync(
      path.join(folder, '9999_loses_an_order.sql'),
      'DELETE FROM "orders" WHERE "id" = (SELECT max("id") FROM "orders");',
    );
    const handle = await restored(name);
    const before = await snapshot(handle);
    await handle.migrate({ migrationsFolder: folder });
    const problems = differences(before, await snapshot(handle), intendedChanges);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^orders row id=\d+ is gone$/)]));
  });
});
