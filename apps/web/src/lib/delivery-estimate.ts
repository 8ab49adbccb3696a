import type { DeliveryPricing } from '@bilum/shared/checkout.schema';
import type { ContactDetailsInput } from '@bilum/shared/contact-details';
import { deliveryMessages, deliveryQuote } from '@bilum/shared/delivery';
import type { DeliveryOptions } from '@bilum/shared/delivery.schema';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/*
 * The delivery fee before checkout (issue 27): the cart and the contact step show the fee as soon as the shop
 * knows where the order goes (the signed-in shopper's saved details, or the province being picked), by the
 * shared rule over the zones the server publishes. The server prices it again for the order.
 */

export type StoredContactDetails = ContactDetailsInput;
export const contactDetailsKey = ['contact-details'] as const;

/** GET /api/contact-details: the signed-in shopper's saved details, or null. */
export function useContactDetails(enabled = true) {
  return useQuery({
    queryKey: contactDetailsKey,
    queryFn: () => api<{ contactDetails: StoredContactDetails | null }>('/contact-details'),
    enabled,
    staleTime: 60_000,
    retry: 1,
  });
}

/** GET /api/delivery/options: the provinces' zones (fee, days) and the open pickup points (issue 19). */
export function useDeliveryOptions(enabled = true) {
  return useQuery({
    queryKey: ['delivery', 'options'],
    queryFn: () => api<DeliveryOptions>('/delivery/options'),
    staleTime: 60_000,
    enabled,
  });
}

/** The line under Shipping: the zone and its days, or why delivery is free (the server's answer or the estimate). */
export function shippingNote(delivery: DeliveryPricing | undefined, hasPhysicalItems = true): string | null {
  if (!delivery || !hasPhysicalItems) return null;
  switch (delivery.freeBecause) {
    case 'pickup':
      return deliveryMessages.pickupFree;
    case 'member':
      return deliveryMessages.memberFree;
    case 'nothing-to-deliver':
      return null;
    case 'free-zone':
      return delivery.zone ? `${deliveryMessages.freeZone}: ${delivery.zone}` : deliveryMessages.freeZone;
    default:
      if (!delivery.zone) return null;
      return delivery.deliveryDays
        ? `${delivery.zone}, about ${delivery.deliveryDays} ${delivery.deliveryDays === 1 ? 'day' : 'days'}`
        : delivery.zone;
  }
}

export interface DeliveryEstimate {
  shipping: number;
  note: string | null;
}

/** The fee to a destination by the zones published now, or null when the destination is not known yet. */
export function estimateDelivery(
  options: DeliveryOptions,
  destination: { pickup: boolean; province: string | null },
  isMember: boolean,
): DeliveryEstimate | null {
  if (!destination.pickup && !destination.province) return null;
  const quote = deliveryQuote(options.zones, {
    hasPhysicalItems: true,
    pickup: destination.pickup,
    province: destination.province,
    isMember,
  });
  if (!destination.pickup && !quote.zone) return null;
  return {
    shipping: quote.shipping,
    note: shippingNote({
      zone: quote.zone?.name ?? null,
      deliveryDays: quote.zone?.deliveryDays ?? null,
      freeBecause: quote.freeBecause,
    }),
  };
}

/** A signed-in shopper's cart: the fee to the saved delivery details (null before any are saved). */
export function useSavedDeliveryEstimate(signedIn: boolean, isMember: boolean): DeliveryEstimate | null {
  const saved = useContactDetails(signedIn);
  const details = saved.data?.contactDetails;
  const options = useDeliveryOptions(signedIn && Boolean(details));
  if (!details || !options.data) return null;
  const pickup = details.pickup === true;
  return estimateDelivery(options.data, { pickup, province: pickup ? null : details.state || null }, isMember);
}
