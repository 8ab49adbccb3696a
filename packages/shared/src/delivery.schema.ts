import { z } from 'zod';
import { deliveryAdminMessages, MAX_DELIVERY_FEE_TOEA, pngProvinces, zoneCoverage } from './delivery';

const days = z
  .number({ error: deliveryAdminMessages.days })
  .int(deliveryAdminMessages.days)
  .min(1, deliveryAdminMessages.days)
  .max(60, deliveryAdminMessages.days);

/** One zone as the admin saves it: fee in toea (integer), delivery days, its provinces. */
export const deliveryZoneInputSchema = z.object({
  /** The zone being edited; absent for a new zone. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  name: z.string().trim().min(1, deliveryAdminMessages.zoneName).max(60),
  feeToea: z
    .number({ error: deliveryAdminMessages.feeNegative })
    .int('The delivery fee must be in whole toea.')
    .min(0, deliveryAdminMessages.feeNegative)
    .max(MAX_DELIVERY_FEE_TOEA, deliveryAdminMessages.feeTooHigh),
  deliveryDays: days,
  provinces: z.array(z.enum(pngProvinces, { error: deliveryAdminMessages.unknown })).max(pngProvinces.length),
});

/**
 * PUT /api/admin/delivery-zones: the whole set of zones at once, so the rule "every province in exactly one zone"
 * is checked on what is saved, never on a half-edited state.
 */
export const saveDeliveryZonesSchema = z
  .object({ zones: z.array(deliveryZoneInputSchema).min(1).max(pngProvinces.length) })
  .superRefine((value, ctx) => {
    const { missing, duplicated } = zoneCoverage(value.zones);
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['zones'], message: deliveryAdminMessages.missing(missing) });
    }
    if (duplicated.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['zones'], message: deliveryAdminMessages.duplicated(duplicated) });
    }
    const names = value.zones.map((zone) => zone.name.toLowerCase());
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['zones', index, 'name'],
          message: deliveryAdminMessages.duplicateZoneName,
        });
      }
    });
  });
export type SaveDeliveryZonesInput = z.input<typeof saveDeliveryZonesSchema>;

export const deliveryZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  feeToea: z.number().int().describe('toea'),
  deliveryDays: z.number().int(),
  provinces: z.array(z.string()),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const deliveryZonesResponseSchema = z.object({ zones: z.array(deliveryZoneSchema) });

const text = (message: string, max: number) => z.string().trim().min(1, message).max(max);

/** POST /api/admin/pickup-points and PUT /api/admin/pickup-points/:id. */
export const pickupPointInputSchema = z.object({
  name: text(deliveryAdminMessages.pickupName, 100),
  address: text(deliveryAdminMessages.pickupAddress, 300),
  openingHours: text(deliveryAdminMessages.pickupHours, 200),
  /** Off: kept (orders name it) but no longer offered at checkout. */
  active: z.boolean().default(true),
});
export type PickupPointInput = z.input<typeof pickupPointInputSchema>;

export const pickupPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  openingHours: z.string(),
  active: z.boolean(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const pickupPointsResponseSchema = z.object({ pickupPoints: z.array(pickupPointSchema) });
export const pickupPointResponseSchema = z.object({ pickupPoint: pickupPointSchema });

export const pickupPointIdParamsSchema = z.object({
  id: z.coerce.number({ error: deliveryAdminMessages.pickupNotFound }).int().positive().max(2_147_483_647),
});

/** GET /api/delivery/options: what the checkout offers (active pickup points only) and what each zone costs. */
export const deliveryOptionsResponseSchema = z.object({
  provinces: z.array(z.string()),
  zones: z.array(deliveryZoneSchema.omit({ id: true })),
  pickupPoints: z.array(pickupPointSchema.omit({ active: true })),
});
export type DeliveryOptions = z.infer<typeof deliveryOptionsResponseSchema>;

/** Where a quote is priced to (POST /api/checkout/quote `delivery`). */
export const deliveryDestinationSchema = z.object({
  pickup: z.boolean(),
  province: z.string().trim().max(100).nullable().default(null),
});
