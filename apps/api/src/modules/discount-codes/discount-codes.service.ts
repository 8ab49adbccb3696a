import { type AdminDiscountCode, type DiscountCodeValues, discountCodeAdminMessages as messages } from '@bilum/shared';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { categories, discountCodes, discountCodeUses, type DiscountCodeRow, products } from '../../db/schema';
import { AppError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../errors';
import { type Actor, changedFields, recordActivity } from '../audit/audit.service';

function conflict(path: string, message: string): AppError {
  return new AppError('CONFLICT', message, undefined, [{ path, message }]);
}

/** The row's columns for the code's values (amounts already in toea, dates as instants). */
function columnsOf(values: DiscountCodeValues) {
  return {
    code: values.code,
    kind: values.kind,
    value: values.value,
    minSpendToea: values.minSpend,
    startsAt: values.startsAt ? new Date(values.startsAt) : null,
    endsAt: values.endsAt ? new Date(values.endsAt) : null,
    maxUses: values.maxUses,
    maxUsesPerShopper: values.maxUsesPerShopper,
    categories: values.categories,
    productIds: values.productIds,
    active: values.active,
  };
}

/** The terms as staff see them (the list, the activity log): the API's names, not the row's columns. */
function termsOf(row: DiscountCodeRow) {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSpend: row.minSpendToea,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerShopper: row.maxUsesPerShopper,
    categories: row.categories,
    productIds: row.productIds,
    active: row.active,
  };
}

/** Every category and live product the code is limited to exists (400 naming the first that does not). */
/** The first of `wanted` that `found` lacks, refused as a field error of `path`. */
function refuseMissing<T>(wanted: T[], found: T[], path: string, message: (missing: T) => string): void {
  const missing = wanted.find((value) => !found.includes(value));
  if (missing === undefined) return;
  throw new AppError('VALIDATION', message(missing), undefined, [{ path, message: message(missing) }]);
}

async function ensureLimitsExist(tx: DbExecutor, values: DiscountCodeValues): Promise<void> {
  if (values.categories.length > 0) {
    const found = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, values.categories));
    refuseMissing(
      values.categories,
      found.map((row) => row.slug),
      'categories',
      messages.unknownCategory,
    );
  }
  if (values.productIds.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, values.productIds), isNull(products.archivedAt)));
    refuseMissing(
      values.productIds,
      found.map((row) => row.id),
      'productIds',
      messages.unknownProduct,
    );
  }
}

async function lockedCode(tx: DbExecutor, id: number): Promise<DiscountCodeRow> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
  if (!row) throw notFound(messages.notFound);
  return row;
}

/** Orders that have used the code at all (released uses included: those orders still name it). */
async function useCountOf(tx: DbExecutor, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(discountCodeUses).where(eq(discountCodeUses.codeId, id));
  return row?.n ?? 0;
}

/** Staff's discount codes (issue 30, decision 040): list, add, edit, and delete one no order has used. */
export function createDiscountCodesService(db: Database) {
  async function adminView(executor: DbExecutor, id?: number): Promise<AdminDiscountCode[]> {
    const rows = await executor
      .select()
      .from(discountCodes)
      .where(id === undefined ? undefined : eq(discountCodes.id, id))
      .orderBy(asc(discountCodes.code));
    const uses = await executor
      .select({ codeId: discountCodeUses.codeId, state: discountCodeUses.state, n: count() })
      .from(discountCodeUses)
      .where(
        and(
          inArray(discountCodeUses.state, ['held', 'counted']),
          id === undefined ? undefined : eq(discountCodeUses.codeId, id),
        ),
      )
      .groupBy(discountCodeUses.codeId, discountCodeUses.state);
    const usesOf = (codeId: number, state: 'held' | 'counted') =>
      uses.find((row) => row.codeId === codeId && row.state === state)?.n ?? 0;
    return rows.map((row) => ({
      id: row.id,
      ...termsOf(row),
      usesCounted: usesOf(row.id, 'counted'),
      usesHeld: usesOf(row.id, 'held'),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function oneAdminView(executor: DbExecutor, id: number): Promise<AdminDiscountCode> {
    const [code] = await adminView(executor, id);
    if (!code) throw notFound(messages.notFound);
    return code;
  }

  return {
    async list(): Promise<AdminDiscountCode[]> {
      return adminView(db);
    },

    async add(actor: Actor, values: DiscountCodeValues): Promise<AdminDiscountCode> {
      try {
        return await db.transaction(async (tx) => {
          await ensureLimitsExist(tx, values);
          const [row] = await tx.insert(discountCodes).values(columnsOf(values)).returning();
          if (!row) throw new Error('discount code insert returned nothing');
          await recordActivity(tx, {
            actor,
            action: 'discount-code.added',
            entityType: 'discount-code',
            entityId: row.id,
            summary: `Discount code ${row.code} added`,
            after: termsOf(row),
          });
          return oneAdminView(tx, row.id);
        });
      } catch (error) {
        // The unique index decides between two staff adding the same code at once.
        if (isUniqueViolation(error)) throw conflict('code', messages.codeTaken(values.code));
        throw error;
      }
    },

    /** The whole code; its letters stay once an order has used it (the orders name it). */
    async update(actor: Actor, id: number, values: DiscountCodeValues): Promise<AdminDiscountCode> {
      try {
        return await db.transaction(async (tx) => {
          const before = await lockedCode(tx, id);
          if (values.code !== before.code && (await useCountOf(tx, id)) > 0) {
            throw conflict('code', messages.codeFixed(before.code));
          }
          await ensureLimitsExist(tx, values);
          const [row] = await tx
            .update(discountCodes)
            .set({ ...columnsOf(values), updatedAt: new Date() })
            .where(eq(discountCodes.id, id))
            .returning();
          if (!row) throw notFound(messages.notFound);
          const diff = changedFields(termsOf(before), termsOf(row));
          await recordActivity(tx, {
            actor,
            action: 'discount-code.updated',
            entityType: 'discount-code',
            entityId: id,
            summary: diff
              ? `Discount code ${row.code}: ${Object.keys(diff.after).join(', ')}`
              : `Discount code ${row.code} saved without changes`,
            before: diff?.before ?? {},
            after: diff?.after ?? {},
          });
          return oneAdminView(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('code', messages.codeTaken(values.code));
        throw error;
      }
    },

    /** Pause or resume: only `active` changes, so an edit saved meanwhile by another staff member stays. */
    async setActive(actor: Actor, id: number, active: boolean): Promise<AdminDiscountCode> {
      return db.transaction(async (tx) => {
        const before = await lockedCode(tx, id);
        if (before.active !== active) {
          await tx.update(discountCodes).set({ active, updatedAt: new Date() }).where(eq(discountCodes.id, id));
          await recordActivity(tx, {
            actor,
            action: 'discount-code.updated',
            entityType: 'discount-code',
            entityId: id,
            summary: `Discount code ${before.code} ${active ? 'resumed' : 'paused'}`,
            before: { active: before.active },
            after: { active },
          });
        }
        return oneAdminView(tx, id);
      });
    },

    /** Only a code no order has used; one that has is paused instead. */
    async remove(actor: Actor, id: number): Promise<void> {
      let code = '';
      try {
        await db.transaction(async (tx) => {
          // The row lock holds off an order being placed with the code meanwhile (it locks the row too).
          const row = await lockedCode(tx, id);
          code = row.code;
          if ((await useCountOf(tx, id)) > 0) throw new AppError('CONFLICT', messages.inUse(row.code));
          await tx.delete(discountCodes).where(eq(discountCodes.id, id));
          await recordActivity(tx, {
            actor,
            action: 'discount-code.deleted',
            entityType: 'discount-code',
            entityId: id,
            summary: `Discount code ${row.code} deleted`,
            before: termsOf(row),
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', messages.inUse(code));
        throw error;
      }
    },
  };
}

export type DiscountCodesService = ReturnType<typeof createDiscountCodesService>;
