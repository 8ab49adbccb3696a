import {
  type CodeLine,
  type CodePricing,
  codeRefusal,
  discountCodeMessages,
  type DiscountTerms,
  describeDiscount,
  type MemberCodeRule,
  priceWithCode,
  type QuotedCode,
  type Toea,
} from '@bilum/shared';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { discountCodes, discountCodeUses, type DiscountCodeRow } from '../../db/schema';

/*
 * A discount code at checkout (issue 30, decision 040): what the quote and the order ask of the codes. The rule is
 * the shared one (`priceWithCode`, `codeRefusal`); this reads the code's terms and its uses. The order lifecycle
 * writes the uses (held when placed, counted when paid, released).
 */

/** The terms of a code's row, as the shared rule takes them. */
export function termsOfRow(row: DiscountCodeRow): DiscountTerms {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSpend: row.minSpendToea,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses,
    maxUsesPerShopper: row.maxUsesPerShopper,
    categories: row.categories,
    productIds: row.productIds,
    active: row.active,
  };
}

/** The order as the code sees it: its lines without the code, its delivery fee, and whose it is. */
export interface CodeCheckout {
  lines: readonly CodeLine[];
  shipping: Toea;
  delivered: boolean;
  rule: MemberCodeRule;
  /** The shopper's account and normalised e-mail (decision 029), as far as known: the per-shopper limit counts both. */
  userId: number | null;
  emailKey: string | null;
}

export interface CodeCheck {
  /** The code's row; null when there is no such code. */
  row: DiscountCodeRow | null;
  pricing: CodePricing | null;
  /** Why it does not apply, in the shopper's words; null when it does. */
  refusal: string | null;
}

const live = inArray(discountCodeUses.state, ['held', 'counted']);

/** Uses held or counted, in all and by this shopper (by account or by e-mail), in one count. */
async function usesOf(tx: DbExecutor, codeId: number, checkout: CodeCheckout) {
  const mine: SQL[] = [];
  if (checkout.userId !== null) mine.push(eq(discountCodeUses.userId, checkout.userId));
  if (checkout.emailKey) mine.push(eq(discountCodeUses.emailKey, checkout.emailKey));
  const byShopper = mine.length
    ? sql<number>`count(*) filter (where ${or(...mine)})`.mapWith(Number)
    : sql<number>`0`.mapWith(Number);
  const [row] = await tx
    .select({ taken: count(), byShopper })
    .from(discountCodeUses)
    .where(and(eq(discountCodeUses.codeId, codeId), live));
  return { taken: row?.taken ?? 0, byShopper: row?.byShopper ?? 0 };
}

/**
 * Whether `code` applies to this checkout now, and what it takes off. `lock`: the code's row is locked until the
 * caller's transaction ends (placing an order), so two orders racing for its last use are counted one after the
 * other and the second is refused.
 */
export async function checkCode(
  tx: DbExecutor,
  code: string,
  checkout: CodeCheckout,
  options: { now: Date; lock: boolean },
): Promise<CodeCheck> {
  const query = tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return { row: null, pricing: null, refusal: discountCodeMessages.unknown(code) };
  const terms = termsOfRow(row);
  const pricing = priceWithCode(terms, checkout);
  const uses = await usesOf(tx, row.id, checkout);
  const refusal = codeRefusal(terms, {
    entered: code,
    now: options.now,
    usesTaken: uses.taken,
    usesByShopper: uses.byShopper,
    pricing,
  });
  return { row, pricing, refusal: refusal?.message ?? null };
}

/** The code as a quote shows it. */
export function quotedCode(code: string, check: CodeCheck): QuotedCode {
  return {
    code: check.row?.code ?? code,
    description: check.row ? describeDiscount(check.row) : null,
    refusal: check.refusal,
  };
}

/** A code's terms by its letters, whatever its state: an order that holds a use keeps being priced with it. */
export async function termsOfCode(tx: DbExecutor, code: string): Promise<DiscountTerms | null> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row ? termsOfRow(row) : null;
}
