import { type ApiKeyView, apiKeyScopeLabels, type CreateApiKeyInput } from '@bilum/shared';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ApiKeyRow, apiKeys } from '../../db/schema';
import { notFound } from '../../errors';
import type { SecretHasher } from '../../security/server-key';
import { type AdminCaller, type ApiKeyPrincipal, actorOfCaller, recordActivity } from '../audit/audit.service';
import { randomToken } from '../auth/passwords';

const keyPurpose = 'api-key';
/** Keys start with this, so a leaked one is recognisable (e.g. by secret scanners). */
export const apiKeyPrefix = 'blm_';
/** The last-used time is written at most this often per key. */
const touchEveryMs = 60_000;

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** API keys (issue 21): created by the owner, shown once, kept as an HMAC under the server key, revocable. */
export function createApiKeysService(db: Database, secrets: SecretHasher, now: () => Date = () => new Date()) {
  return {
    async list(): Promise<{ keys: ApiKeyView[] }> {
      const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.id));
      return { keys: rows.map(toView) };
    },

    async create(caller: AdminCaller, input: CreateApiKeyInput): Promise<{ apiKey: ApiKeyView; key: string }> {
      const key = `${apiKeyPrefix}${randomToken()}`;
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiKeys)
          .values({
            name: input.name,
            prefix: key.slice(0, apiKeyPrefix.length + 6),
            keyHash: secrets.hash(keyPurpose, key),
            scopes: input.scopes,
            createdBy: caller.id,
            createdAt: at,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: 'api-key.created',
          entityType: 'api-key',
          entityId: row.id,
          summary: `Created API key "${row.name}" (${row.scopes.map((s) => apiKeyScopeLabels[s]).join(', ')})`,
          before: null,
          after: { name: row.name, prefix: row.prefix, scopes: row.scopes },
        });
        return { apiKey: toView(row), key };
      });
    },

    async revoke(caller: AdminCaller, id: number): Promise<ApiKeyView> {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
        if (!row) throw notFound('No such API key.');
        if (row.revokedAt) return toView(row);
        const [revoked] = await tx.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, id)).returning();
        if (!revoked) throw notFound('No such API key.');
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: 'api-key.revoked',
          entityType: 'api-key',
          entityId: id,
          summary: `Revoked API key "${row.name}" (${row.prefix}…)`,
          before: { revokedAt: null },
          after: { revokedAt: at.toISOString() },
        });
        return toView(revoked);
      });
    },

    /** The key's principal when it is known and not revoked; notes its last use (at most once a minute). */
    async authenticate(key: string): Promise<ApiKeyPrincipal | null> {
      if (!key.startsWith(apiKeyPrefix) || key.length > 100) return null;
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, secrets.hash(keyPurpose, key)), isNull(apiKeys.revokedAt)))
        .limit(1);
      if (!row) return null;
      const at = now();
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= touchEveryMs) {
        await db
          .update(apiKeys)
          .set({ lastUsedAt: at })
          .where(
            and(
              eq(apiKeys.id, row.id),
              or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - touchEveryMs))),
            ),
          );
      }
      return { id: row.id, name: row.name, scopes: row.scopes };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
