import type { Toea } from './money';

/**
 * Delivery priced by zone (issue 19, decisions.md second round "Delivery is priced by zone", decision 012).
 *
 * Papua New Guinea's 22 province-level divisions: 20 provinces, the National Capital District and the Autonomous
 * Region of Bougainville. The admin groups them into delivery zones, each with a fee and a delivery time; every
 * province is in exactly one zone.
 */
export const pngProvinces = [
  'National Capital District',
  'Central',
  'Gulf',
  'Milne Bay',
  'Northern (Oro)',
  'Western',
  'Morobe',
  'Madang',
  'East Sepik',
  'West Sepik (Sandaun)',
  'Eastern Highlands',
  'Chimbu (Simbu)',
  'Western Highlands',
  'Jiwaka',
  'Enga',
  'Southern Highlands',
  'Hela',
  'Manus',
  'New Ireland',
  'East New Britain',
  'West New Britain',
  'Autonomous Region of Bougainville',
] as const;
export type PngProvince = (typeof pngProvinces)[number];

const aliases: Record<string, PngProvince> = {
  ncd: 'National Capital District',
  'port moresby': 'National Capital District',
  'national capital': 'National Capital District',
  northern: 'Northern (Oro)',
  oro: 'Northern (Oro)',
  'west sepik': 'West Sepik (Sandaun)',
  sandaun: 'West Sepik (Sandaun)',
  chimbu: 'Chimbu (Simbu)',
  simbu: 'Chimbu (Simbu)',
  bougainville: 'Autonomous Region of Bougainville',
  arob: 'Autonomous Region of Bougainville',
  'north solomons': 'Autonomous Region of Bougainville',
  'western province': 'Western',
  'central province': 'Central',
  enb: 'East New Britain',
  wnb: 'West New Britain',
  ehp: 'Eastern Highlands',
  whp: 'Western Highlands',
  shp: 'Southern Highlands',
};

const key = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+province$/, '')
    .replace(/\s+/g, ' ');

/**
 * The province a typed state/province names: the exact name (any case), or a common short form ("NCD", "Oro",
 * "Simbu", "Bougainville"). Null when it is not one of the 22 (a saved address from before the province list).
 */
export function provinceFromText(text: string | null | undefined): PngProvince | null {
  if (!text) return null;
  const wanted = key(text);
  if (wanted === '') return null;
  const exact = pngProvinces.find((province) => key(province) === wanted);
  if (exact) return exact;
  return aliases[wanted] ?? null;
}

/** A delivery zone as the fee rule sees it. */
export interface DeliveryZoneRule {
  name: string;
  feeToea: Toea;
  deliveryDays: number;
  provinces: readonly string[];
}

/** The zone that holds a province (null when none does, or the province is unknown). */
export function zoneForProvince<Zone extends DeliveryZoneRule>(
  zones: readonly Zone[],
  province: string | null | undefined,
): Zone | null {
  const canonical = provinceFromText(province);
  if (!canonical) return null;
  return zones.find((zone) => zone.provinces.includes(canonical)) ?? null;
}

/** What the order is sent to. */
export interface DeliveryDestination {
  /** False for an order that holds only the membership: nothing is delivered. */
  hasPhysicalItems: boolean;
  pickup: boolean;
  /** The delivery province (ignored for pickup). */
  province: string | null;
  /** An active Premium member at the moment of pricing: the perk "free shipping". */
  isMember: boolean;
}

export interface DeliveryQuote {
  /** toea; 0 for pickup, a member, the membership only, or a free zone. */
  shipping: Toea;
  /** The zone delivered to (null for pickup, membership-only or a province not yet chosen). */
  zone: DeliveryZoneRule | null;
  /** Why the fee is zero, when it is: for the summaries' note. */
  freeBecause: 'pickup' | 'member' | 'free-zone' | 'nothing-to-deliver' | null;
}

/**
 * The one delivery-fee rule (server quote, order creation and the web's preview): K0.00 for pickup, for an
 * order with nothing to deliver, and for an active Premium member; otherwise the fee of the province's zone
 * (K0.00 in a free zone such as NCD in the demo). An unknown province has no zone and no fee: the contact rule
 * refuses it before an order is made.
 */
export function deliveryQuote(zones: readonly DeliveryZoneRule[], destination: DeliveryDestination): DeliveryQuote {
  if (!destination.hasPhysicalItems) return { shipping: 0, zone: null, freeBecause: 'nothing-to-deliver' };
  if (destination.pickup) return { shipping: 0, zone: null, freeBecause: 'pickup' };
  const zone = zoneForProvince(zones, destination.province);
  if (destination.isMember) return { shipping: 0, zone, freeBecause: 'member' };
  if (!zone) return { shipping: 0, zone: null, freeBecause: null };
  const fee = Math.max(0, Math.trunc(zone.feeToea));
  return { shipping: fee, zone, freeBecause: fee === 0 ? 'free-zone' : null };
}

/** How the zones cover the provinces: every one of the 22 must be in exactly one zone. */
export function zoneCoverage(zones: readonly { provinces: readonly string[] }[]): {
  missing: PngProvince[];
  duplicated: string[];
  unknown: string[];
} {
  const seen = new Map<string, number>();
  const unknown: string[] = [];
  for (const zone of zones) {
    for (const province of zone.provinces) {
      if (!(pngProvinces as readonly string[]).includes(province)) unknown.push(province);
      seen.set(province, (seen.get(province) ?? 0) + 1);
    }
  }
  return {
    missing: pngProvinces.filter((province) => !seen.has(province)),
    duplicated: [...seen].filter(([, count]) => count > 1).map(([province]) => province),
    unknown,
  };
}

/** The estimate fixed at dispatch: the dispatch moment plus the zone's delivery days. */
export function estimatedDeliveryAt(dispatchedAt: Date, deliveryDays: number): Date {
  return new Date(dispatchedAt.getTime() + deliveryDays * 86_400_000);
}

/** Shopper-facing texts of delivery and pickup. */
export const deliveryMessages = {
  province: 'Please choose your province.',
  pickupPoint: 'Please choose a pickup point for your order.',
  pickupPointClosed: 'That pickup point is no longer available. Please choose another.',
  noPickupPoints: 'Pickup is not available at the moment. Please choose delivery.',
  readyForPickup: 'Ready for pickup',
  memberFree: 'Free delivery for Premium members',
  pickupFree: 'Free: you pick it up',
  freeZone: 'Free delivery',
  chooseProvince: 'Choose your province to see the delivery fee',
} as const;

/** Admin texts of the delivery settings. */
export const deliveryAdminMessages = {
  zonesSaved: 'Delivery zones saved.',
  feeNegative: 'The delivery fee cannot be negative.',
  feeTooHigh: 'The delivery fee can be at most K10,000.00.',
  days: 'Delivery time must be a whole number of days from 1 to 60.',
  zoneName: 'Please enter a zone name.',
  missing: (provinces: readonly string[]) => `Every province needs a zone. Not in any zone: ${provinces.join(', ')}.`,
  duplicated: (provinces: readonly string[]) =>
    `A province can be in only one zone. In more than one: ${provinces.join(', ')}.`,
  unknown: 'Unknown province.',
  duplicateZoneName: 'Two zones cannot have the same name.',
  pickupSaved: 'Pickup point saved.',
  pickupRemoved: 'Pickup point removed.',
  pickupName: 'Please enter the pickup point name.',
  pickupAddress: 'Please enter the pickup point address.',
  pickupHours: 'Please enter the opening hours.',
  pickupNotFound: 'Pickup point not found.',
} as const;

/** Most a zone's fee may be: K10,000.00. */
export const MAX_DELIVERY_FEE_TOEA: Toea = 1_000_000;
