import type { PaymentSettings, PublicPaymentMethods } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type PaymentSettingsRow, paymentSettings } from '../../db/schema';

/** The settings are the row's columns but its key and when it was saved. */
function toSettings({ id: _id, updatedAt: _updatedAt, ...settings }: PaymentSettingsRow): PaymentSettings {
  return settings;
}

/** The payment settings (one row, made by the migration; the defaults if it is missing). */
export async function readPaymentSettings(db: DbExecutor): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  if (row) return toSettings(row);
  const [made] = await db.insert(paymentSettings).values({ id: 1 }).onConflictDoNothing().returning();
  if (made) return toSettings(made);
  const [again] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  if (!again) throw new Error('payment settings row missing');
  return toSettings(again);
}

/** Saves the settings in the caller's transaction; returns what was there before. */
export async function writePaymentSettings(
  tx: DbExecutor,
  settings: PaymentSettings,
  at: Date,
): Promise<PaymentSettings> {
  const before = await readPaymentSettings(tx);
  await tx
    .update(paymentSettings)
    .set({ ...settings, updatedAt: at })
    .where(eq(paymentSettings.id, 1));
  return before;
}

/** GET /api/payment-methods: which ways to pay are on (bank transfer only with its account details). */
export function publicMethods(settings: PaymentSettings): PublicPaymentMethods {
  const hasBank =
    settings.bankAccountName !== '' &&
    settings.bankName !== '' &&
    settings.bankBsb !== '' &&
    settings.bankAccountNumber !== '';
  return {
    card: settings.cardEnabled,
    bankTransfer: settings.bankTransferEnabled && hasBank,
    pickup: settings.pickupEnabled,
    bankTransferHoldHours: settings.bankTransferHoldHours,
    pickupDeadlineDays: settings.pickupDeadlineDays,
    unconfirmedHoldMinutes: settings.unconfirmedHoldMinutes,
  };
}
