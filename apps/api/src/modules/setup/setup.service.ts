import { type SetupChecklist, setupChecklist } from '@bilum/shared';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pickupPoints } from '../../db/schema';
import { readZones } from '../delivery/delivery.service';
import { invoiceSettingsIn } from '../invoices/invoice.service';
import { readPaymentSettings } from '../payment-methods/payment-settings';
import type { SettingsService } from '../settings/settings.service';

/**
 * The setup checklist on the admin's first screen (issue 27): read from each module's own settings, worked out
 * by the shared rule `setupChecklist`. It writes nothing: an item is done when its settings are.
 */
export function createSetupService(db: Database, settings: SettingsService) {
  return {
    async checklist(): Promise<SetupChecklist> {
      const [shop, invoice, payments, zones, [points]] = await Promise.all([
        settings.get(),
        invoiceSettingsIn(db),
        readPaymentSettings(db),
        readZones(db),
        db.select({ n: count() }).from(pickupPoints).where(eq(pickupPoints.active, true)),
      ]);
      return setupChecklist({
        shop,
        invoice,
        payments,
        provincesPriced: zones.reduce((sum, zone) => sum + zone.provinces.length, 0),
        activePickupPoints: points?.n ?? 0,
      });
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
