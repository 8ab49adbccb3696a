import {
  type AddCategoryInput,
  type AdminCategory,
  type CategorySlugResolution,
  categoryMessages,
  categorySlugFromName,
  type PublicCategory,
  type RenameCategoryInput,
} from '@bilum/shared';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { categories, type CategoryRow, categorySlugRedirects, products } from '../../db/schema';
import { AppError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../errors';
import { type Actor, recordActivity } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';

const byOrder = [asc(categories.position), asc(categories.id)] as const;

async function productCountOf(tx: DbExecutor, slug: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(products).where(eq(products.category, slug));
  return row?.n ?? 0;
}

async function lockedCategory(tx: DbExecutor, id: number): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw notFound(categoryMessages.notFound);
  return row;
}

/**
 * A slug free for `forCategory` (or for a new category): no other category has it now, and no other category had
 * it before a rename (its old addresses still lead there). 409 otherwise.
 */
async function ensureSlugFree(tx: DbExecutor, slug: string, forCategory: number | null): Promise<void> {
  const [holder] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (holder && holder.id !== forCategory) {
    throw new AppError('CONFLICT', categoryMessages.slugTaken(slug), undefined, [
      { path: 'slug', message: categoryMessages.slugTaken(slug) },
    ]);
  }
  const [old] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categorySlugRedirects)
    .innerJoin(categories, eq(categories.id, categorySlugRedirects.categoryId))
    .where(eq(categorySlugRedirects.slug, slug));
  if (old && old.id !== forCategory) {
    const message = categoryMessages.slugWasTaken(slug, old.name);
    throw new AppError('CONFLICT', message, undefined, [{ path: 'slug', message }]);
  }
}

/** Whether the shop has a category with this slug (hidden ones included): a product may be saved into it. */
export async function categoryExists(executor: DbExecutor, slug: string): Promise<boolean> {
  const [row] = await executor.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row !== undefined;
}

/** The whole table as the storefront reads it, kept in memory: a few dozen rows, asked on every page. */
interface CategoryIndex {
  visible: PublicCategory[];
  bySlug: Map<string, { slug: string; name: string; hidden: boolean }>;
  /** An old slug (before a rename) and the category's slug now. */
  moved: Map<string, string>;
}

async function readIndex(db: DbExecutor): Promise<CategoryIndex> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(...byOrder);
  const redirects = await db
    .select({ from: categorySlugRedirects.slug, categoryId: categorySlugRedirects.categoryId })
    .from(categorySlugRedirects);
  const slugOfId = new Map(rows.map((row) => [row.id, row.slug]));
  const moved = new Map<string, string>();
  for (const redirect of redirects) {
    const slug = slugOfId.get(redirect.categoryId);
    if (slug) moved.set(redirect.from, slug);
  }
  return {
    visible: rows
      .filter((row) => !row.hidden)
      .map((row) => ({ slug: row.slug, name: row.name, position: row.position })),
    bySlug: new Map(rows.map((row) => [row.slug, { slug: row.slug, name: row.name, hidden: row.hidden }])),
    moved,
  };
}

/**
 * The categories the owner manages (issue 30, decisions 038 and 041). Every change drops the storefront's copy
 * here and, through the catalogue's `invalidate` (the change feed's "catalog" name), on every instance: the
 * app's change feed calls `dropCache()`.
 */
export function createCategoriesService(db: Database, catalog: Pick<CatalogService, 'invalidate'>) {
  let index: Promise<CategoryIndex> | null = null;
  function indexNow(): Promise<CategoryIndex> {
    if (!index) {
      const reading = readIndex(db);
      index = reading;
      reading.catch(() => {
        if (index === reading) index = null;
      });
    }
    return index;
  }
  /** A write's transaction: tells every instance (when it commits) and drops this instance's copy after it. */
  async function changing<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        await catalog.invalidate(tx);
        return result;
      });
    } finally {
      index = null;
    }
  }

  async function adminView(executor: DbExecutor, ids?: number[]): Promise<AdminCategory[]> {
    const rows = await executor
      .select()
      .from(categories)
      .where(ids ? inArray(categories.id, ids) : undefined)
      .orderBy(...byOrder);
    const counts = await executor
      .select({ slug: products.category, n: count() })
      .from(products)
      .groupBy(products.category);
    const redirects = await executor
      .select()
      .from(categorySlugRedirects)
      .orderBy(asc(categorySlugRedirects.createdAt), asc(categorySlugRedirects.slug));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      position: row.position,
      hidden: row.hidden,
      productCount: counts.find((c) => c.slug === row.slug)?.n ?? 0,
      oldSlugs: redirects.filter((r) => r.categoryId === row.id).map((r) => r.slug),
    }));
  }

  async function oneAdminView(executor: DbExecutor, id: number): Promise<AdminCategory> {
    const [category] = await adminView(executor, [id]);
    if (!category) throw notFound(categoryMessages.notFound);
    return category;
  }

  return {
    /** GET /api/categories: the visible categories in the owner's order. */
    async listVisible(): Promise<PublicCategory[]> {
      return (await indexNow()).visible;
    },

    /** Drops this instance's copy (the change feed calls it when any instance changed the categories). */
    dropCache() {
      index = null;
    },

    /** Every category, hidden ones included, with its product count and old slugs. */
    async listAll(): Promise<AdminCategory[]> {
      return adminView(db);
    },

    async add(actor: Actor, input: AddCategoryInput): Promise<AdminCategory> {
      const slug = input.slug ?? categorySlugFromName(input.name);
      const refused =
        slug === '' ? categoryMessages.slugFromName : slug === 'all' ? categoryMessages.slugReserved : null;
      if (refused) throw new AppError('VALIDATION', refused, undefined, [{ path: 'slug', message: refused }]);
      try {
        return await changing(async (tx) => {
          await ensureSlugFree(tx, slug, null);
          const [last] = await tx
            .select({ position: sql<number>`coalesce(max(${categories.position}), 0)::int` })
            .from(categories);
          const [row] = await tx
            .insert(categories)
            .values({ slug, name: input.name, position: (last?.position ?? 0) + 1 })
            .returning();
          if (!row) throw new Error('category insert returned nothing');
          await recordActivity(tx, {
            actor,
            action: 'category.added',
            entityType: 'category',
            entityId: row.id,
            summary: `Category "${row.name}" added (/${row.slug})`,
            after: { slug: row.slug, name: row.name },
          });
          return oneAdminView(tx, row.id);
        });
      } catch (error) {
        // Two owners adding the same slug at once: the unique index decides, the second hears why.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', categoryMessages.slugTaken(slug));
        throw error;
      }
    },

    /** A new name and/or slug; a changed slug is kept as an old one, so its addresses lead to the new one. */
    async rename(actor: Actor, id: number, input: RenameCategoryInput): Promise<AdminCategory> {
      try {
        return await changing(async (tx) => {
          const before = await lockedCategory(tx, id);
          const name = input.name ?? before.name;
          const slug = input.slug ?? before.slug;
          if (slug !== before.slug) {
            await ensureSlugFree(tx, slug, id);
            // Taking back one of its own old slugs: that address is the category's own again, not a redirect.
            await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug));
            await tx.insert(categorySlugRedirects).values({ slug: before.slug, categoryId: id });
          }
          await tx.update(categories).set({ name, slug, updatedAt: new Date() }).where(eq(categories.id, id));
          await recordActivity(tx, {
            actor,
            action: 'category.renamed',
            entityType: 'category',
            entityId: id,
            summary:
              slug === before.slug
                ? `Category "${before.name}" renamed "${name}"`
                : `Category "${before.name}" (/${before.slug}) renamed "${name}" (/${slug}); /${before.slug} leads there`,
            before: { name: before.name, slug: before.slug },
            after: { name, slug },
          });
          return oneAdminView(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error) && input.slug) {
          throw new AppError('CONFLICT', categoryMessages.slugTaken(input.slug));
        }
        throw error;
      }
    },

    /** The whole order at once: every category's id exactly once, first to last. */
    async reorder(actor: Actor, ids: number[]): Promise<AdminCategory[]> {
      return changing(async (tx) => {
        const rows = await tx
          .select({ id: categories.id })
          .from(categories)
          .orderBy(...byOrder)
          .for('update');
        const known = new Set(rows.map((row) => row.id));
        if (ids.length !== known.size || ids.some((categoryId) => !known.has(categoryId))) {
          throw new AppError('CONFLICT', categoryMessages.reorderStale, { ids: rows.map((row) => row.id) });
        }
        const now = new Date();
        for (const [index, categoryId] of ids.entries()) {
          await tx
            .update(categories)
            .set({ position: index + 1, updatedAt: now })
            .where(eq(categories.id, categoryId));
        }
        await recordActivity(tx, {
          actor,
          action: 'category.reordered',
          entityType: 'category',
          entityId: null,
          summary: 'Categories reordered',
          before: rows.map((row) => row.id),
          after: ids,
        });
        return adminView(tx);
      });
    },

    async setHidden(actor: Actor, id: number, hidden: boolean): Promise<AdminCategory> {
      return changing(async (tx) => {
        const before = await lockedCategory(tx, id);
        if (before.hidden !== hidden) {
          await tx.update(categories).set({ hidden, updatedAt: new Date() }).where(eq(categories.id, id));
          await recordActivity(tx, {
            actor,
            action: hidden ? 'category.hidden' : 'category.shown',
            entityType: 'category',
            entityId: id,
            summary: `Category "${before.name}" ${hidden ? 'hidden' : 'shown'}`,
            before: { hidden: before.hidden },
            after: { hidden },
          });
        }
        return oneAdminView(tx, id);
      });
    },

    /** Only a category no product uses (archived ones count: their orders name it); otherwise hide it. */
    async remove(actor: Actor, id: number): Promise<void> {
      let name = '';
      try {
        await changing(async (tx) => {
          // The row lock waits for, and then holds off, a product being saved into this category.
          const category = await lockedCategory(tx, id);
          name = category.name;
          const used = await productCountOf(tx, category.slug);
          if (used > 0) {
            throw new AppError('CONFLICT', categoryMessages.inUse(category.name, used), { productCount: used });
          }
          await tx.delete(categories).where(eq(categories.id, id));
          await recordActivity(tx, {
            actor,
            action: 'category.deleted',
            entityType: 'category',
            entityId: id,
            summary: `Category "${category.name}" (/${category.slug}) deleted`,
            before: { name: category.name, slug: category.slug },
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', categoryMessages.inUse(name, 1));
        throw error;
      }
    },

    /**
     * Where a category address leads (for the storefront's 301 from a renamed slug): the category itself, the
     * category that had it before a rename (`moved`, with the slug it has now), or nothing.
     */
    async resolveSlug(slug: string): Promise<CategorySlugResolution> {
      const { bySlug, moved } = await indexNow();
      const current = bySlug.get(slug);
      if (current) return { kind: 'current', ...current };
      const now = moved.get(slug);
      const category = now === undefined ? undefined : bySlug.get(now);
      return category ? { kind: 'moved', ...category } : { kind: 'unknown' };
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
