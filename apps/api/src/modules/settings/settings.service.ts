import { defaultMemberCodeRule, defaultShopSettings, type MemberCodeRule, type ShopSettings } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type ShopSettingsRow, shopSettings } from '../../db/schema';
import { actorOfCaller, changedFields, recordActivity, type StaffCaller } from '../audit/audit.service';

const SETTINGS_ROW_ID = 1;

function toSettings(row: ShopSettingsRow): ShopSettings {
  return {
    contactEmail: row.contactEmail,
    phone: row.phone,
    address: row.address,
    deliveryDays: row.deliveryDays,
  };
}

/**
 * How a discount code meets the member price (issue 30, decision 040), read in the caller's transaction (an order
 * placed or priced again): on PGlite the service's own read, outside it, would wait for the transaction to end. The
 * shop's default before its settings were ever saved.
 */
export async function memberCodeRuleIn(tx: DbExecutor): Promise<MemberCodeRule> {
  const [row] = await tx
    .select({ rule: shopSettings.memberCodeRule })
    .from(shopSettings)
    .where(eq(shopSettings.id, SETTINGS_ROW_ID));
  return row?.rule ?? defaultMemberCodeRule;
}

/**
 * The shop's contact details and delivery time: one row, created with the defaults the first time it is read
 * (an insert that ignores a conflict, so two instances starting together agree). Kept in memory until
 * `invalidate()` (called by the admin settings update).
 */
export function createSettingsService(db: DbExecutor) {
  let cached: Promise<ShopSettingsRow> | null = null;

  /** The one settings row, made first if it is not there yet. */
  async function loadRow(): Promise<ShopSettingsRow> {
    await db
      .insert(shopSettings)
      .values({ id: SETTINGS_ROW_ID, ...defaultShopSettings })
      .onConflictDoNothing({ target: shopSettings.id });
    const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW_ID));
    if (!row) throw new Error('shop_settings row missing after insert');
    return row;
  }

  /** The row as kept in memory (read once until `invalidate()`). */
  function cachedRow(): Promise<ShopSettingsRow> {
    if (!cached) {
      cached = loadRow();
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  }

  return {
    async get(): Promise<ShopSettings> {
      return toSettings(await cachedRow());
    },

    invalidate() {
      cached = null;
    },

    /** How a discount code meets the member price (issue 30, decision 040), read at every quote: kept in memory too. */
    async memberCodeRule(): Promise<MemberCodeRule> {
      return (await cachedRow()).memberCodeRule;
    },

    async setMemberCodeRule(rule: MemberCodeRule, caller: StaffCaller): Promise<MemberCodeRule> {
      await loadRow(); // makes sure the row exists
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ rule: shopSettings.memberCodeRule })
          .from(shopSettings)
          .where(eq(shopSettings.id, SETTINGS_ROW_ID))
          .for('update');
        if (!before || before.rule === rule) return;
        await tx
          .update(shopSettings)
          .set({ memberCodeRule: rule, updatedAt: new Date() })
          .where(eq(shopSettings.id, SETTINGS_ROW_ID));
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: 'settings.updated',
          entityType: 'settings',
          entityId: 'shop',
          summary: 'Shop settings: memberCodeRule',
          before: { memberCodeRule: before.rule },
          after: { memberCodeRule: rule },
        });
      });
      cached = null;
      return rule;
    },

    /** Saves the admin's changes and drops the cached copy, so footers, /contact and e-mails show them at once. */
    async update(next: ShopSettings, caller?: StaffCaller): Promise<ShopSettings> {
      const previous = toSettings(await loadRow()); // makes sure the row exists
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(shopSettings)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(shopSettings.id, SETTINGS_ROW_ID))
          .returning();
        if (!saved) throw new Error('shop_settings row missing');
        // The activity log (issue 21), in this transaction: only the fields that changed.
        if (caller) {
          const diff = changedFields({ ...previous }, { ...toSettings(saved) });
          await recordActivity(tx, {
            actor: actorOfCaller(caller),
            action: 'settings.updated',
            entityType: 'settings',
            entityId: 'shop',
            summary: diff
              ? `Shop settings: ${Object.keys(diff.after).join(', ')}`
              : 'Shop settings saved without changes',
            before: diff?.before ?? {},
            after: diff?.after ?? {},
          });
        }
        return saved;
      });
      cached = null;
      return toSettings(row);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
