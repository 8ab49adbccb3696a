import {
  type DeliveryDestination,
  type DeliveryOptions,
  type DeliveryQuote,
  type DeliveryZone,
  deliveryAdminMessages,
  deliveryMessages,
  deliveryQuote,
  formatKina,
  type PickupPoint,
  type pickupPointInputSchema,
  pngProvinces,
  provinceFromText,
  type saveDeliveryZonesSchema,
} from '@bilum/shared';
import { asc, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { deliveryZoneProvinces, deliveryZones, type PickupPointRow, pickupPoints } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { type Actor, recordActivity } from '../audit/audit.service';

export type SaveZonesBody = z.output<typeof saveDeliveryZonesSchema>;
export type PickupPointBody = z.output<typeof pickupPointInputSchema>;

function toPickupPoint(row: PickupPointRow): PickupPoint {
  return { id: row.id, name: row.name, address: row.address, openingHours: row.openingHours, active: row.active };
}

/** The zones with their provinces, in the admin's order (provinces in the list's order). */
export async function readZones(executor: DbExecutor): Promise<DeliveryZone[]> {
  const zones = await executor.select().from(deliveryZones).orderBy(asc(deliveryZones.position), asc(deliveryZones.id));
  const links = await executor.select().from(deliveryZoneProvinces);
  const order = (province: string) => (pngProvinces as readonly string[]).indexOf(province);
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    feeToea: zone.feeToea,
    deliveryDays: zone.deliveryDays,
    provinces: links
      .filter((link) => link.zoneId === zone.id)
      .map((link) => link.province)
      .sort((a, b) => order(a) - order(b)),
  }));
}

/** The delivery fee of an order or a quote to this destination (the shared rule over the zones saved now). */
export async function quoteDelivery(executor: DbExecutor, destination: DeliveryDestination): Promise<DeliveryQuote> {
  // Nothing to read for pickup or a membership-only order.
  if (!destination.hasPhysicalItems || destination.pickup) return deliveryQuote([], destination);
  return deliveryQuote(await readZones(executor), destination);
}

/**
 * The pickup point an order is collected at: an active one, or a 400 under `contact.pickupPointId` (the form
 * puts it on its select).
 */
export async function activePickupPoint(executor: DbExecutor, id: number | null): Promise<PickupPointRow> {
  const [row] = id === null ? [] : await executor.select().from(pickupPoints).where(eq(pickupPoints.id, id));
  if (row?.active) return row;
  const message = id === null ? deliveryMessages.pickupPoint : deliveryMessages.pickupPointClosed;
  throw new AppError('VALIDATION', message, undefined, [{ path: 'contact.pickupPointId', message }]);
}

const pickupNotFound = () => notFound(deliveryAdminMessages.pickupNotFound);

/** Delivery zones and pickup points (issue 19, decision 012): /settings and the checkout's choices. */
export function createDeliveryService(
  db: Database,
  hooks: {
    /** In the transaction that saved the zones: unpaid orders are priced again (decision 022; a fee only falls). */
    onZonesSaved?: (tx: DbExecutor, at: Date) => Promise<unknown>;
  } = {},
) {
  return {
    zones: () => readZones(db),

    /** GET /api/delivery/options: every zone's fee and days, and the pickup points that are open. */
    async options(): Promise<DeliveryOptions> {
      const zones = await readZones(db);
      const points = await db
        .select()
        .from(pickupPoints)
        .where(eq(pickupPoints.active, true))
        .orderBy(asc(pickupPoints.id));
      return {
        provinces: [...pngProvinces],
        zones: zones.map(({ id: _id, ...zone }) => zone),
        pickupPoints: points.map(({ id, name, address, openingHours }) => ({ id, name, address, openingHours })),
      };
    },

    /**
     * PUT /api/admin/delivery-zones: replaces the zones (already checked: every province in exactly one zone) in
     * one transaction. A zone sent with its id keeps it; zones not sent are removed.
     */
    async saveZones(body: SaveZonesBody, actor: Actor): Promise<DeliveryZone[]> {
      return db.transaction(async (tx) => {
        const before = await readZones(tx);
        const known = new Set(before.map((zone) => zone.id));
        const keptIds = body.zones.flatMap((zone) => (zone.id !== undefined && known.has(zone.id) ? [zone.id] : []));
        await tx.delete(deliveryZoneProvinces);
        if (keptIds.length > 0) await tx.delete(deliveryZones).where(notInArray(deliveryZones.id, keptIds));
        else await tx.delete(deliveryZones);
        // Names are unique: free the kept zones' names first, so two zones may swap names in one save.
        for (const id of keptIds) {
          await tx
            .update(deliveryZones)
            .set({ name: `renaming-${id}` })
            .where(eq(deliveryZones.id, id));
        }
        let position = 0;
        for (const zone of body.zones) {
          position += 1;
          const values = {
            name: zone.name,
            feeToea: zone.feeToea,
            deliveryDays: zone.deliveryDays,
            position,
            updatedAt: new Date(),
          };
          let id: number;
          if (zone.id !== undefined && known.has(zone.id)) {
            await tx.update(deliveryZones).set(values).where(eq(deliveryZones.id, zone.id));
            id = zone.id;
          } else {
            const [row] = await tx.insert(deliveryZones).values(values).returning({ id: deliveryZones.id });
            if (!row) throw new Error('delivery zone insert returned nothing');
            id = row.id;
          }
          if (zone.provinces.length > 0) {
            await tx.insert(deliveryZoneProvinces).values(zone.provinces.map((province) => ({ province, zoneId: id })));
          }
        }
        const after = await readZones(tx);
        await hooks.onZonesSaved?.(tx, new Date());
        await recordActivity(tx, {
          actor,
          action: 'settings.delivery-zones-updated',
          entityType: 'settings',
          entityId: 'delivery-zones',
          summary: `Delivery zones saved: ${after
            .map((zone) => `${zone.name} ${formatKina(zone.feeToea)}, ${zone.deliveryDays} days`)
            .join('; ')}`,
          before: before.map(({ id: _id, ...zone }) => zone),
          after: after.map(({ id: _id, ...zone }) => zone),
        });
        return after;
      });
    },

    async pickupPoints(): Promise<PickupPoint[]> {
      const rows = await db.select().from(pickupPoints).orderBy(asc(pickupPoints.id));
      return rows.map(toPickupPoint);
    },

    async createPickupPoint(body: PickupPointBody, actor: Actor): Promise<PickupPoint> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(pickupPoints).values(body).returning();
        if (!row) throw new Error('pickup point insert returned nothing');
        await recordActivity(tx, {
          actor,
          action: 'settings.pickup-point-added',
          entityType: 'settings',
          entityId: `pickup-point-${row.id}`,
          summary: `Pickup point added: ${row.name}`,
          after: toPickupPoint(row),
        });
        return toPickupPoint(row);
      });
    },

    async updatePickupPoint(id: number, body: PickupPointBody, actor: Actor): Promise<PickupPoint> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for('update');
        if (!before) throw pickupNotFound();
        const [row] = await tx
          .update(pickupPoints)
          .set({ ...body, updatedAt: new Date() })
          .where(eq(pickupPoints.id, id))
          .returning();
        if (!row) throw pickupNotFound();
        await recordActivity(tx, {
          actor,
          action: 'settings.pickup-point-updated',
          entityType: 'settings',
          entityId: `pickup-point-${row.id}`,
          summary: `Pickup point ${row.active ? 'updated' : 'turned off'}: ${row.name}`,
          before: toPickupPoint(before),
          after: toPickupPoint(row),
        });
        return toPickupPoint(row);
      });
    },

    /** Removes a point; orders that named it keep their snapshot of its name and address. */
    async removePickupPoint(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(pickupPoints).where(eq(pickupPoints.id, id)).returning();
        if (!row) throw pickupNotFound();
        await recordActivity(tx, {
          actor,
          action: 'settings.pickup-point-removed',
          entityType: 'settings',
          entityId: `pickup-point-${row.id}`,
          summary: `Pickup point removed: ${row.name}`,
          before: toPickupPoint(row),
        });
      });
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/** What an order keeps of its delivery (orders columns, decision 012) and the fee it charges. */
export interface OrderDelivery {
  shipping: number;
  columns: {
    province: string | null;
    deliveryZone: string | null;
    deliveryDays: number | null;
    pickupPointId: number | null;
    pickupPointName: string | null;
    pickupPointAddress: string | null;
    pickupLocation: string | null;
  };
}

/**
 * The delivery of an order being placed, from the checked contact details: pickup at an open pickup point
 * (snapshotted, K0.00), or delivery to the province's zone at its fee (K0.00 for a member or the free zone).
 * The browser's figures never count: only the destination is read from the request.
 */
export async function orderDelivery(
  executor: DbExecutor,
  contact: { pickup: boolean; pickupPointId: number | null; state: string },
  hasPhysicalItems: boolean,
  isMember: boolean,
): Promise<OrderDelivery> {
  const none = {
    province: null,
    deliveryZone: null,
    deliveryDays: null,
    pickupPointId: null,
    pickupPointName: null,
    pickupPointAddress: null,
    pickupLocation: null,
  };
  if (!hasPhysicalItems) return { shipping: 0, columns: none };
  if (contact.pickup) {
    const point = await activePickupPoint(executor, contact.pickupPointId);
    return {
      shipping: 0,
      columns: {
        ...none,
        pickupPointId: point.id,
        pickupPointName: point.name,
        pickupPointAddress: point.address,
        pickupLocation: `${point.name}, ${point.address}`,
      },
    };
  }
  const quote = await quoteDelivery(executor, { hasPhysicalItems, pickup: false, province: contact.state, isMember });
  return {
    shipping: quote.shipping,
    columns: {
      ...none,
      province: provinceFromText(contact.state),
      deliveryZone: quote.zone?.name ?? null,
      deliveryDays: quote.zone?.deliveryDays ?? null,
    },
  };
}
