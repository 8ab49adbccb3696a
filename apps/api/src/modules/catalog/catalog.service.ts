import { createHash } from 'node:crypto';
import {
  categoryOfSearchWord,
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
import { categories, categorySlugRedirects, type ProductRow, products } from '../../db/schema';
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
  const words = searchWords(q);
  return words.length ? prefixQueryOf(words) : null;
}

/** The words of a search text as the search reads them (lower case; no character of the query language). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .replace(/[&|!():*<>'"\\]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

const prefixQueryOf = (words: readonly string[]) => words.map((word) => `'${word}':*`).join(' & ');

/** The document has a word starting with each of these words. */
function prefixMatch(words: readonly string[]): SQL {
  return sql`${products.searchDocument} @@ to_tsquery('simple'::regconfig, ${prefixQueryOf(words)})`;
}

/**
 * The product is in the category `slug` names: the category with that slug, or the one a rename took it to
 * (category_slug_redirects), so the synonyms' table keeps working after the owner renames "phones".
 */
function inCategoryNamed(slug: string): SQL {
  return sql`${products.category} in (select ${categories.slug} from ${categories} where ${categories.slug} = ${slug}
    union all select ${categories.slug} from ${categorySlugRedirects} join ${categories}
      on ${categories.id} = ${categorySlugRedirects.categoryId} where ${categorySlugRedirects.slug} = ${slug})`;
}

/**
 * The forgiving search (decision 043). A search first finds what starts the products' words (decision 014); a word
 * that names a category in Tok Pisin ("fon", packages/shared/src/search-synonyms.ts) also finds that category's
 * products. When that finds fewer than `fewMatches`, each word may instead be like a word of the product's name
 * (pg_trgm's strict word similarity, at least `fuzzyThreshold`, without accents and case): "samsng" finds
 * Samsung. The products found the first way come first.
 */
const fewMatches = 3;
/** strict_word_similarity('lenvo', 'lenovo') is 0.44, 'toyta'/'toyota' 0.44, 'samsng'/'samsung' 0.5; 'lenvo'/'lens' 0.38. */
const fuzzyThreshold = 0.4;
/** "Did you mean": a name whose word is this like the shopper's gives its closest word ('samsnug'/'samsung' 0.33). */
const suggestionThreshold = 0.3;
/** At most this many words of a search are corrected for "Did you mean" (one query each, only for an empty result). */
const maxSuggestedWords = 6;

/** A word the trigram search may forgive: 3 or more characters with a letter ("hp" and "128" are only prefixes). */
const forgivable = (word: string) => [...word].length >= 3 && /\p{L}/u.test(word);

const foldedName = sql`search_fold(${products.name})`;

interface SearchSql {
  /** What a search finds by the start of words and by category words. */
  exact: SQL;
  /** What it finds when each word may also be like a word of the name: `exact` and more. */
  forgiving: SQL | null;
  /** How like the name the words are (the forgiving list's order after `exact`). */
  likeness: SQL | null;
}

function searchSql(words: readonly string[]): SearchSql {
  const plain = words.filter((word) => !categoryOfSearchWord(word));
  const named = words.filter((word) => categoryOfSearchWord(word));
  const exact = and(
    plain.length ? prefixMatch(plain) : undefined,
    ...named.map((word) => sql`(${prefixMatch([word])} or ${inCategoryNamed(categoryOfSearchWord(word)!)})`),
  )!;
  const fuzzy = plain.filter(forgivable);
  if (!fuzzy.length) return { exact, forgiving: null, likeness: null };
  const forgiving = and(
    ...plain.map((word) =>
      forgivable(word) ? sql`(${prefixMatch([word])} or ${foldedName} %>> search_fold(${word}))` : prefixMatch([word]),
    ),
    ...named.map((word) => sql`(${prefixMatch([word])} or ${inCategoryNamed(categoryOfSearchWord(word)!)})`),
  )!;
  const likeness = sql.join(
    fuzzy.map((word) => sql`strict_word_similarity(search_fold(${word}), ${foldedName})`),
    sql` + `,
  );
  return { exact, forgiving, likeness };
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

/** The list's filters but the search. */
function filterConditions(query: ProductListQuery, paying: SQL<number>): SQL | undefined {
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
  return and(listed, query.category === 'all' ? undefined : eq(products.category, query.category), band, feature);
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

/** How many products a search and filters match, and whether it forgave (its pages are read the forgiving way). */
interface Counted {
  total: number;
  forgiving: boolean;
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
  // an infinite scroll (and a change of sort) pay only for their rows; and whether the search forgave (decision
  // 043: its few exact matches and the products like it). Dropped with the answers.
  const totals = new LRUCache<string, Promise<Counted>>({ max: maxCachedAnswers });
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
  function keepTotal(key: string, total: Promise<Counted>, asked: number) {
    if (asked !== version || totals.has(key)) return;
    totals.set(key, total);
    total.catch(() => totals.delete(key));
  }

  /**
   * Runs `work` in a transaction whose pg_trgm threshold is `threshold`: the operators `%>>` that the trigram index
   * answers read it from the session, and `set_config(…, true)` keeps it to this transaction (a pooled connection
   * goes back as it was).
   */
  function withLikeness<T>(threshold: number, work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(threshold)}, true)`);
      return work(tx);
    });
  }

  /**
   * The ids and paying prices of one page in order, with the count of every match. A count already known (an
   * earlier page or sort of the same search) is not asked again; otherwise the page's query counts its matches as it
   * reads them (`count(*) over ()`): the first page of a new search scans its matches once instead of twice, which
   * at 10,000 products was most of a search's time on PGlite. A page past the end has no row to carry the count:
   * then it is counted on its own. A search that finds fewer than `fewMatches` by the start of words is asked
   * again, forgiving (decision 043): the same filters, each word by its start or by its likeness to a word of the
   * name, the exact matches first; only then, so a search that finds what was typed costs what it did.
   */
  async function pageOf(
    query: ProductListQuery,
    audience: ListAudience,
    paying: SQL<number>,
  ): Promise<{ order: { id: number; paying: number }[]; total: number }> {
    const filters = filterConditions(query, paying);
    const words = searchWords(query.q);
    const search = words.length ? searchSql(words) : null;
    const exactWhere = and(filters, search?.exact);
    const sortOrder = orderFor(query.sort, paying);
    const forgiving =
      search?.forgiving && search.likeness
        ? {
            where: and(filters, search.forgiving),
            // Found as typed first; then, in the shop's own order, the closest names first.
            order: [
              sql`(${search.exact}) desc`,
              ...(query.sort === 'default' ? [sql`(${search.likeness}) desc`] : []),
              ...sortOrder,
            ],
          }
        : null;
    const key = totalKey(query, audience);
    const known = totals.get(key);
    const page = <Extra extends Record<string, SQL>>(
      executor: DbExecutor,
      where: SQL | undefined,
      order: SQL[],
      extra: Extra,
    ) =>
      executor
        .select({ id: products.id, paying, ...extra })
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
    const countOf = (executor: DbExecutor, where: SQL | undefined) =>
      executor
        .select({ total: count() })
        .from(products)
        .where(where)
        .then(([row]) => Number(row?.total ?? 0));
    if (known) {
      if (!forgiving) {
        const [rowsRead, counted] = await Promise.all([page(db, exactWhere, sortOrder, {}), known]);
        return { order: rowsRead, total: counted.total };
      }
      const counted = await known;
      const rowsRead = counted.forgiving
        ? await withLikeness(fuzzyThreshold, (tx) => page(tx, forgiving.where, forgiving.order, {}))
        : await page(db, exactWhere, sortOrder, {});
      return { order: rowsRead, total: counted.total };
    }
    const asked = version;
    const withCount = { total: sql<number>`count(*) over ()` };
    const rowsRead = await page(db, exactWhere, sortOrder, withCount);
    const exactTotal = rowsRead[0] ? Number(rowsRead[0].total) : null;
    if (!forgiving || (exactTotal ?? 0) >= fewMatches) {
      const counted = (exactTotal !== null ? Promise.resolve(exactTotal) : countOf(db, exactWhere)).then(
        (total): Counted => ({ total, forgiving: false }),
      );
      keepTotal(key, counted, asked);
      return { order: rowsRead, total: (await counted).total };
    }
    // A page past the end of a few exact matches says nothing about how many there are: counted on its own.
    if (exactTotal === null) {
      const total = await countOf(db, exactWhere);
      if (total >= fewMatches) {
        keepTotal(key, Promise.resolve({ total, forgiving: false }), asked);
        return { order: rowsRead, total };
      }
    }
    const read = await withLikeness(fuzzyThreshold, async (tx) => {
      const forgivingRows = await page(tx, forgiving.where, forgiving.order, withCount);
      const total = forgivingRows[0] ? Number(forgivingRows[0].total) : await countOf(tx, forgiving.where);
      return { rowsRead: forgivingRows, total };
    });
    keepTotal(key, Promise.resolve({ total: read.total, forgiving: true }), asked);
    return { order: read.rowsRead, total: read.total };
  }

  /**
   * "Did you mean …?" for a search that found nothing (decision 043): each word that starts no word of the listed
   * products (with the same filters) is replaced by the closest word of their names, without accents and case, when
   * one is like it at all (`suggestionThreshold`, through the trigram index); the text is offered only if it finds
   * something with those filters. Words that name a category, or are too short to be a typo, stay as typed.
   */
  async function suggestionFor(query: ProductListQuery, paying: SQL<number>): Promise<string | null> {
    const words = searchWords(query.q);
    if (!words.some(forgivable)) return null;
    const filters = filterConditions(query, paying);
    return withLikeness(suggestionThreshold, async (tx) => {
      const corrected: string[] = [];
      for (const [index, word] of words.entries()) {
        if (index >= maxSuggestedWords || !forgivable(word) || categoryOfSearchWord(word)) {
          corrected.push(word);
          continue;
        }
        const [found] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(filters, prefixMatch([word])))
          .limit(1);
        if (found) {
          corrected.push(word);
          continue;
        }
        const closest = (await tx.execute(sql`
          select w.word from ${products}
            cross join lateral unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${products.name}))) as w(word)
          where ${and(filters, sql`${foldedName} %>> search_fold(${word})`)} and w.word ~ '[[:alpha:]]'
          order by similarity(search_fold(w.word), search_fold(${word})) desc, w.word
          limit 1`)) as unknown as { rows: { word: string }[] };
        corrected.push(closest.rows[0]?.word ?? word);
      }
      if (corrected.join(' ') === words.join(' ')) return null;
      const [found] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(filters, searchSql(corrected).exact))
        .limit(1);
      return found ? corrected.join(' ') : null;
    });
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
    const didYouMean = totalCount === 0 && query.q ? await suggestionFor(query, paying) : null;
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
      ...(didYouMean ? { didYouMean } : {}),
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
