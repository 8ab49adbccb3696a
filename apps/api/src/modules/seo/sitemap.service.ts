import { canonicalProductPath, sitePages } from '@bilum/shared';
import { and, asc, count, eq, gt, isNull, max, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { categories, products } from '../../db/schema';

/** At most this many addresses per sitemap file (the protocol allows 50,000; smaller files are quicker to serve). */
export const DEFAULT_SITEMAP_URLS_PER_FILE = 10_000;
/** Products read per query while a file is written: memory stays bounded however large the catalogue. */
const BATCH = 1_000;

/** Products with a page search engines should list: not deleted, not hidden, not the membership (sold on /membership). */
const listed = and(isNull(products.archivedAt), ne(products.status, 'inactive'), eq(products.isMembership, false));

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * The shop's own pages for a sitemap: home, the visible categories in the owner's order (lastmod: their newest
 * product change, or the category's own change when later: a new name), content pages. A hidden category has
 * no page for shoppers, so it is left out.
 */
async function pageEntries(db: DbExecutor): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ category: products.category, lastmod: max(products.updatedAt) })
    .from(products)
    .where(listed)
    .groupBy(products.category);
  const byCategory = new Map(rows.map((row) => [row.category, row.lastmod ? new Date(row.lastmod) : null]));
  const newest = rows.reduce<Date | null>((latest, row) => {
    const at = byCategory.get(row.category) ?? null;
    return at && (!latest || at > latest) ? at : latest;
  }, null);
  const shown = await db
    .select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.position), asc(categories.id));
  const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const content = [
    ...new Set(sitePages.filter((page) => page.kind === 'content').map((page) => page.canonical ?? page.pattern)),
  ];
  return [
    { path: '/', lastmod: newest },
    { path: '/category/all', lastmod: newest },
    ...shown.map((category) => ({
      path: `/category/${category.slug}`,
      lastmod: latest(byCategory.get(category.slug) ?? null, new Date(category.updatedAt)),
    })),
    ...content.map((path) => ({ path, lastmod: null })),
  ];
}

/**
 * The sitemap (issue 20): the shop's pages and every listed product at its canonical address, lastmod from
 * `updated_at`. Up to `urlsPerFile` addresses it is one file; beyond, an index of files: "pages" and
 * "products-1", "products-2", … of `urlsPerFile` products each. Products are read in batches by id (keyset), so a
 * file of 10,000 never holds more than a batch in memory.
 */
export function createSitemapService(db: DbExecutor, urlsPerFile = DEFAULT_SITEMAP_URLS_PER_FILE) {
  async function productCount(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(products).where(listed);
    return Number(row?.total ?? 0);
  }

  /** `limit` products from the `offset`-th (by id), read `BATCH` at a time. */
  async function* productEntries(offset: number, limit: number): AsyncGenerator<SitemapEntry> {
    let after: number | null = null;
    let left = limit;
    while (left > 0) {
      const size = Math.min(BATCH, left);
      const rows: { id: number; updatedAt: Date }[] = await db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(after === null ? listed : and(listed, gt(products.id, after)))
        .orderBy(asc(products.id))
        .offset(after === null ? offset : 0)
        .limit(size);
      for (const row of rows) yield { path: canonicalProductPath(row.id), lastmod: new Date(row.updatedAt) };
      if (rows.length < size) return;
      after = rows[rows.length - 1]!.id;
      left -= rows.length;
    }
  }

  return {
    urlsPerFile,

    /** What /sitemap.xml is: one file of every address, or an index naming the files. */
    async plan(): Promise<{ kind: 'single' } | { kind: 'index'; files: string[] }> {
      const pages = await pageEntries(db);
      const total = await productCount();
      if (pages.length + total <= urlsPerFile) return { kind: 'single' };
      const productFiles = Math.ceil(total / urlsPerFile);
      return {
        kind: 'index',
        files: ['pages.xml', ...Array.from({ length: productFiles }, (_, index) => `products-${index + 1}.xml`)],
      };
    },

    /** Every address, for a single-file sitemap. */
    async *all(): AsyncGenerator<SitemapEntry> {
      yield* await pageEntries(db);
      yield* productEntries(0, urlsPerFile);
    },

    pages: () => pageEntries(db),

    /** The products of file `n` (from 1); null when there is no such file. */
    async productFile(n: number): Promise<AsyncGenerator<SitemapEntry> | null> {
      const total = await productCount();
      if (!Number.isSafeInteger(n) || n < 1 || (n - 1) * urlsPerFile >= total) return null;
      return productEntries((n - 1) * urlsPerFile, urlsPerFile);
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
