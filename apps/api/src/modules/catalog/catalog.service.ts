import { createHash } from 'node:crypto';
import {
  type MembershipState,
  productListPageSchema,
  type ProductListPage,
  type ProductListQuery,
  productMessages,
  productStatusFor,
  type Product,
  type SortOrder,
} from '@bilum/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { markCacheChanged } from '../../db/change-feed';
import type { DbExecutor } from '../../db/client';
import { type ProductRow, products } from '../../db/schema';
import { notFound } from '../../errors';
import { heldProducts, heldVariants } from '../orders/order-holds';
import { productChoice } from '../variants/variant-lookup';
import { type BodyEncoding, compressOnce } from '../../compress';

/**
 * A product as the shop shows it. `heldUntil`: the product's entry in `heldProducts` (unpaid orders hold units of
 * it, the first until then), or undefined when none does; with no stock on hand the product is then "Reserved".
 */
export function toProduct(row: Omit<ProductRow, 'searchDocument' | 'variantWords'>, heldUntil?: Date | null): Product {
  const reserved = heldUntil !== undefined && row.stock <= 0 && row.status === 'active' && !row.isMembership;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as Product['category'],
    price: row.priceToea,
    originalPrice: row.originalPriceToea,
    discountPercentage: row.discountPercentage,
    condition: row.condition,
    // "Sold" follows the stock (issue 18): stored is only active or hidden.
    status: productStatusFor(row),
    stock: row.stock,
    isHot: row.isHot,
    isAuction: row.isAuction,
    isTopPick: row.isTopPick,
    isExclusive: row.isExclusive,
    isMembership: row.isMembership,
    image: row.image,
    galleryImages: row.galleryImages,
    reserved,
    reservedUntil: reserved && heldUntil ? heldUntil.toISOString() : null,
  };
}

const visible = and(isNull(products.archivedAt), ne(products.status, 'inactive'));
/**
 * What the storefront's grids list (home, categories, search, the member pages): the visible products except the
 * Premium membership (issue 17), which is sold on the membership pages and stays in a cart, and answers by its id.
 */
const listed = and(visible, eq(products.isMembership, false));

/** A product's columns but the search's (its document and variant words): a list page reads only what it shows. */
const { searchDocument: _searchDocument, variantWords: _variantWords, ...shownColumns } = getTableColumns(products);
type ShownRow = Omit<ProductRow, 'searchDocument' | 'variantWords'>;

/**
 * Who a list is priced for (decision 014): everyone who pays the normal price shares one answer; an active
 * member pays `memberPrice(price, rate)` (packages/shared/src/pricing.ts), worked out by the database.
 */
export type ListAudience = { kind: 'guest' } | { kind: 'member'; discountRate: number };
export const guestAudience: ListAudience = { kind: 'guest' };

/** The audience of a shopper's membership state: a member with a usable rate, else a guest. */
export function audienceOf(membership: Pick<MembershipState, 'isMember' | 'discountRate'> | null): ListAudience {
  const rate = membership?.discountRate ?? 0;
  return membership?.isMember && rate > 0 && rate < 1 ? { kind: 'member', discountRate: rate } : guestAudience;
}

const audienceKey = (audience: ListAudience) =>
  audience.kind === 'guest' ? 'guest' : `member:${audience.discountRate}`;

/**
 * The price the audience pays, in SQL: `memberPrice` of packages/shared/src/pricing.ts (Math.round(price x
 * (1 - rate)), the membership product never discounted) in double precision like JavaScript's numbers, so both
 * give the same toea (tested in catalog-list.test.ts). The list's price sorts and bands use it: for a product with
 * variants that is its "from" price, the cheapest live variant's, which the product row keeps (decision 042).
 */
export function payingPriceSql(audience: ListAudience): SQL<number> {
  if (audience.kind === 'guest') return sql<number>`${products.priceToea}`;
  const factor = 1 - audience.discountRate;
  return sql<number>`(case when ${products.isMembership} then ${products.priceToea} else floor(${products.priceToea}::float8 * ${factor}::float8 + 0.5)::integer end)`;
}

/**
 * The search text as a PostgreSQL full-text query (decision 014): every word a prefix ("sam" finds Samsung),
 * all of them required. Characters that mean something to `to_tsquery` are spaces here; each word is then parsed by
 * the same 'simple' parser as the document ("wi-fi" finds "Wi-Fi", "1.5" finds "1.5L"). Null when the text has
 * no letter or digit (nothing to search for: the list is not narrowed).
 */
export function searchQueryText(q: string | undefined): string | null {
  const words = (q ?? '')
    .toLowerCase()
    .replace(/[&|!():*<>'"\\]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : null;
}

const nameSortKey = sql`lower(${products.name}) collate "C"`;

/** Ties are broken by the id, ascending in every order (as the shared rule's stable sort from the id order does). */
function orderFor(sort: SortOrder, paying: SQL<number>): SQL[] {
  switch (sort) {
    case 'priceAsc':
      return [asc(paying), asc(products.id)];
    case 'priceDesc':
      return [desc(paying), asc(products.id)];
    case 'nameAsc':
      return [asc(nameSortKey), asc(products.id)];
    case 'nameDesc':
      return [desc(nameSortKey), asc(products.id)];
    default:
      return [asc(products.id)];
  }
}

function listConditions(query: ProductListQuery, paying: SQL<number>): SQL | undefined {
  const search = searchQueryText(query.q);
  const band =
    query.price === 'under-500'
      ? sql`${paying} < 50000`
      : query.price === '500-1000'
        ? sql`${paying} between 50000 and 100000`
        : query.price === 'over-1000'
          ? sql`${paying} > 100000`
          : undefined;
  const feature =
    query.feature === 'hot-deals'
      ? eq(products.isHot, true)
      : query.feature === 'auctions'
        ? eq(products.isAuction, true)
        : query.feature === 'top-picks'
          ? eq(products.isTopPick, true)
          : undefined;
  return and(
    listed,
    query.category === 'all' ? undefined : eq(products.category, query.category),
    band,
    feature,
    search ? sql`${products.searchDocument} @@ to_tsquery('simple'::regconfig, ${search})` : undefined,
  );
}

/** The list as it goes on the wire: serialised once per query and audience, with an ETag for conditional requests. */
export interface ProductListAnswer {
  body: Buffer;
  etag: string;
  /** A member's answer: private to that session (Cache-Control private). */
  personal: boolean;
  /**
   * The body in brotli or gzip, compressed once when first asked for and kept with the answer (instead of by
   * @fastify/compress on every request: a 16 KB page in brotli costs more than everything else the request does).
   */
  encoded(encoding: BodyEncoding): Promise<Buffer>;
}

/** Pages kept in memory (per query, page and audience); the least recently asked go first. */
const maxCachedAnswers = 1000;
/** Product rows kept for list pages (about 1 KB each). */
const maxCachedRows = 20_000;

/**
 * The storefront catalogue. Lists are answered a page at a time by the database (search, filters, sorts and
 * the count in SQL, decision 014); each page's answer is kept as the bytes sent, keyed by the catalogue's version,
 * the audience and the query. A change of anything a list shows bumps the version (`invalidate()` after an admin
 * write here; on every instance the change feed calls `dropCache()`, fed by triggers on products and on the holds
 * of orders): the old pages are no longer found and age out, and each page is worked out again (two indexed
 * queries) when it is next asked for, instead of the whole catalogue.
 */
export function createCatalogService(db: DbExecutor) {
  let version = 0;
  const answers = new LRUCache<string, Promise<ProductListAnswer>>({ max: maxCachedAnswers });
  // How many products match a search and filters: the same for every page and sort of them, so the next pages of
  // an infinite scroll (and a change of sort) pay only for their rows. Dropped with the answers.
  const totals = new LRUCache<string, Promise<number>>({ max: maxCachedAnswers });
  // The rows list pages show, by id (rowsOf). Dropped with the answers.
  const rows = new LRUCache<number, ShownRow>({ max: maxCachedRows });
  // The products unpaid orders hold ("Reserved" when none is on hand): a short list, read once per version (a
  // hold taken or released changes the version through the orders' trigger, as a product change does).
  let held: Promise<Map<number, Date | null>> | null = null;
  function heldNow(): Promise<Map<number, Date | null>> {
    if (!held) {
      const reading = heldProducts(db);
      held = reading;
      reading.catch(() => {
        if (held === reading) held = null;
      });
    }
    return held;
  }

  /** The key of a search's and filters' count: only a price band depends on the audience's prices. */
  function totalKey(query: ProductListQuery, audience: ListAudience): string {
    const who = query.price ? audienceKey(audience) : 'any';
    return `${who}\n${JSON.stringify([query.q ?? '', query.category, query.price ?? '', query.feature])}`;
  }

  /**
   * Keeps a count for the later pages and sorts of the same search: only one asked in this version (one asked
   * before a change was announced is right for its own answer, not for the next version's).
   */
  function keepTotal(key: string, total: Promise<number>, asked: number) {
    if (asked !== version || totals.has(key)) return;
    totals.set(key, total);
    total.catch(() => totals.delete(key));
  }

  /**
   * The ids and paying prices of one page in order, with the count of every match. A count already known (an
   * earlier page or sort of the same search) is not asked again; otherwise the page's query counts its matches as it
   * reads them (`count(*) over ()`): the first page of a new search scans its matches once instead of twice, which
   * at 10,000 products was most of a search's time on PGlite. A page past the end has no row to carry the count:
   * then it is counted on its own.
   */
  async function pageOf(
    query: ProductListQuery,
    audience: ListAudience,
    paying: SQL<number>,
  ): Promise<{ order: { id: number; paying: number }[]; total: number }> {
    const where = listConditions(query, paying);
    const key = totalKey(query, audience);
    const known = totals.get(key);
    const page = <Extra extends Record<string, SQL>>(extra: Extra) =>
      db
        .select({ id: products.id, paying, ...extra })
        .from(products)
        .where(where)
        .orderBy(...orderFor(query.sort, paying))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
    if (known) {
      const [rowsRead, total] = await Promise.all([page({}), known]);
      return { order: rowsRead, total };
    }
    const asked = version;
    const rowsRead = await page({ total: sql<number>`count(*) over ()` });
    const counted = rowsRead[0]
      ? Promise.resolve(Number(rowsRead[0].total))
      : db
          .select({ total: count() })
          .from(products)
          .where(where)
          .then(([row]) => Number(row?.total ?? 0));
    keepTotal(key, counted, asked);
    return { order: rowsRead, total: await counted };
  }

  /**
   * The rows of these products, from this version's copy where it has them (one query for the others). A list
   * page first asks the database only for the ids and prices in order (search, filters, sort, page); the rest of
   * each row is the same on every page and in every search it appears in, so it is read once per catalogue
   * version: at 10,000 products most of a search's time was reading and parsing 24 whole rows (decision 014).
   */
  async function rowsOf(ids: readonly number[]): Promise<Map<number, ShownRow>> {
    const found = new Map<number, ShownRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length) {
      const asked = version;
      const read = await db.select(shownColumns).from(products).where(inArray(products.id, missing));
      for (const row of read) {
        found.set(row.id, row);
        // Read before a change was announced: good for this answer (read in the same moment as its ids), not
        // for the next version's.
        if (asked === version) rows.set(row.id, row);
      }
    }
    return found;
  }

  async function listPage(query: ProductListQuery, audience: ListAudience): Promise<ProductListPage> {
    const paying = payingPriceSql(audience);
    const { order, total: totalCount } = await pageOf(query, audience, paying);
    const shown = await rowsOf(order.map(({ id }) => id));
    // A product changed or deleted between the two reads is left out of this answer; the change has bumped the
    // version, so the next request asks again.
    const listedRows = order.flatMap(({ id, paying: pays }) => {
      const row = shown.get(id);
      return row ? [{ row, pays: Number(pays) }] : [];
    });
    const held = listedRows.some(({ row }) => row.stock <= 0) ? await heldNow() : new Map<number, Date | null>();
    const items = listedRows.map(({ row, pays }) => ({
      ...toProduct(row, held.get(row.id)),
      memberPrice: audience.kind === 'member' && pays < row.priceToea ? pays : null,
      // "from K…" (issue 30): the product's price is its cheapest live variant's, and the others cost more.
      priceFrom: row.variantPricesDiffer ? row.priceToea : null,
    }));
    return {
      items,
      total: totalCount,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(totalCount / query.pageSize),
    };
  }

  /** A new version: the pages kept are no longer found (and are dropped at once, to free the memory). */
  function dropAnswers() {
    version += 1;
    answers.clear();
    totals.clear();
    rows.clear();
    held = null;
  }

  async function answer(query: ProductListQuery, audience: ListAudience): Promise<ProductListAnswer> {
    // The same checks and key order as the route's response serialiser, done once instead of per request.
    const json = JSON.stringify(productListPageSchema.parse(await listPage(query, audience)));
    const body = Buffer.from(json);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const encodings = new Map<BodyEncoding, Promise<Buffer>>();
    return {
      body,
      etag,
      personal: audience.kind === 'member',
      encoded(encoding) {
        let bytes = encodings.get(encoding);
        if (!bytes) {
          bytes = compressOnce(body, encoding);
          encodings.set(encoding, bytes);
        }
        return bytes;
      },
    };
  }

  return {
    /** The catalogue's version on this instance: it changes whenever anything a list shows may have. */
    version: () => version,

    /** One page of the storefront list for `audience` (not cached: the route's answers are). */
    listPage,

    /**
     * The serialised page for a query and audience, kept until the catalogue changes. The key is the parsed
     * query (so `?page=1` and no page share it) with the audience: a member's prices never reach a guest.
     */
    listProductsAnswer(query: ProductListQuery, audience: ListAudience = guestAudience): Promise<ProductListAnswer> {
      const key = `${version}\n${audienceKey(audience)}\n${JSON.stringify([query.q ?? '', query.category, query.price ?? '', query.feature, query.sort, query.page, query.pageSize])}`;
      let found = answers.get(key);
      if (!found) {
        const asked = version;
        found = answer(query, audience);
        answers.set(key, found);
        found.catch(() => {
          if (asked === version) answers.delete(key);
        });
      }
      return found;
    },

    /** One product by id; archived and inactive products are not found. */
    async getProduct(id: number): Promise<Product> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), visible));
      if (!row) throw notFound(productMessages.notFound);
      const held = row.stock <= 0 ? await heldProducts(db, [row.id]) : new Map<number, Date | null>();
      // Its options and variants (issue 30), for the page's chooser.
      const choice = await productChoice(db, row.id, (ids) => heldVariants(db, ids));
      return { ...toProduct(row, held.get(row.id)), ...choice };
    },

    /**
     * Call after changing anything the product list shows: drops this instance's copy now and tells every
     * other instance (pass the transaction to tell them only if it commits). Writes to the products table tell
     * them by themselves, through the trigger; this makes it immediate here.
     */
    async invalidate(tx: DbExecutor = db): Promise<void> {
      dropAnswers();
      await markCacheChanged(tx, 'catalog');
    },

    /** Drops this instance's copy only (the change feed calls it when another instance changed the catalogue). */
    dropCache() {
      dropAnswers();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
