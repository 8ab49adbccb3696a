import type { ActivityEntityType, ActivityEntry, ActivityPage, ActivityQuery, ApiKeyScope } from '@bilum/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/client';
import { activityLog } from '../../db/schema';

/** The API key a request authenticated with (modules/staff/api-keys), or null. */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came with `Authorization: Bearer <API key>` and the key is valid (issue 21). */
    apiKey: ApiKeyPrincipal | null;
  }
}

export type Actor =
  | { kind: 'staff'; userId: number; name: string }
  | { kind: 'api-key'; keyId: number; name: string }
  | { kind: 'shopper'; userId: number | null; email: string | null }
  | { kind: 'system'; name?: string }; // e.g. 'hold expiry', 'payment webhook'

export interface ActivityInput {
  actor: Actor;
  /** Dotted, e.g. 'order.payment-recorded', 'product.price-changed', 'settings.updated'. */
  action: string;
  entityType: ActivityEntityType;
  entityId: string | number | null;
  /** One line staff can read: 'Recorded K120.00 received (BSP ref 88123)'. */
  summary: string;
  /** JSON-able values before / after the change (only the fields that changed). */
  before?: unknown;
  after?: unknown;
}

function actorColumns(actor: Actor) {
  switch (actor.kind) {
    case 'staff':
      return { actorKind: 'staff' as const, actorUserId: actor.userId, actorKeyId: null, actorName: actor.name };
    case 'api-key':
      return { actorKind: 'api-key' as const, actorUserId: null, actorKeyId: actor.keyId, actorName: actor.name };
    case 'shopper':
      return {
        actorKind: 'shopper' as const,
        actorUserId: actor.userId,
        actorKeyId: null,
        actorName: actor.email ?? 'Shopper',
      };
    case 'system':
      return { actorKind: 'system' as const, actorUserId: null, actorKeyId: null, actorName: actor.name ?? 'System' };
  }
}

/** JSON-able copy (Dates become ISO strings, undefined fields dropped); null when there is nothing. */
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * Records one entry of the activity log (issue 21, decision 016). Call it with the transaction of the change, so
 * the entry and the change are written together or not at all.
 */
export async function recordActivity(tx: DbExecutor, entry: ActivityInput): Promise<void> {
  await tx.insert(activityLog).values({
    ...actorColumns(entry.actor),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary.slice(0, 500),
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** The signed-in staff member or the API key of an admin request (behind the admin guard). */
export function actorOf(request: FastifyRequest): Actor {
  const key = request.apiKey;
  if (key) return { kind: 'api-key', keyId: key.id, name: `API key: ${key.name}` };
  const user = request.user;
  if (user && user.role === 'admin') return { kind: 'staff', userId: user.id, name: user.fullName || user.email };
  if (user) return { kind: 'shopper', userId: user.id, email: user.email };
  return { kind: 'system' };
}

/**
 * Who makes an admin change, for services that record it elsewhere too (order status history, stock movements):
 * a staff member's account id, or null for an API key; `actor` is what the activity log shows.
 */
export interface AdminCaller {
  id: number | null;
  email: string;
  fullName: string;
  actor: Actor;
}

/** The caller of an admin route: the signed-in staff member or the API key (behind the admin guard). */
export function callerOf(request: FastifyRequest): AdminCaller {
  const actor = actorOf(request);
  if (actor.kind === 'api-key') return { id: null, email: '', fullName: actor.name, actor };
  const user = request.user;
  if (!user) throw new Error('callerOf: no signed-in user or API key (is the route behind the admin guard?)');
  return { id: user.id, email: user.email, fullName: user.fullName, actor };
}

/** What services that take "the admin" accept: an AdminCaller, or a SessionUser (a staff member). */
export interface StaffCaller {
  id: number | null;
  email: string;
  fullName: string;
  actor?: Actor;
}

/** The actor of a caller (a SessionUser passed by older code is a staff member). */
export function actorOfCaller(caller: StaffCaller): Actor {
  if (caller.actor) return caller.actor;
  return { kind: 'staff', userId: caller.id ?? 0, name: caller.fullName || caller.email };
}

/** Only the fields whose values differ between `before` and `after` (for before/after of an edit). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** GET /api/admin/activity: newest first, filtered by entity and a search over summary, action and who. */
export async function listActivity(db: DbExecutor, query: ActivityQuery): Promise<ActivityPage> {
  const filters: SQL[] = [];
  if (query.entityType) filters.push(eq(activityLog.entityType, query.entityType));
  if (query.entityId) filters.push(eq(activityLog.entityId, query.entityId));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const match = or(
      ilike(activityLog.summary, pattern),
      ilike(activityLog.action, pattern),
      ilike(activityLog.actorName, pattern),
      eq(activityLog.entityId, query.q),
    );
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  const items: ActivityEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { kind: row.actorKind, name: row.actorName },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return { items, total: totalRow?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
