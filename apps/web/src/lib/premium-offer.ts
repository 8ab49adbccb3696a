import { formatKina, type PremiumOffer } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const premiumOfferKey = ['membership', 'premium'] as const;

/**
 * The Premium membership product and its price, from GET /api/membership/premium (issue 18): the one source of the
 * price /membership-choice, /membership-payment, the promos and the terms show. The cart and checkout charge the
 * same product's price on the server.
 */
export function usePremiumOffer() {
  return useQuery({
    queryKey: premiumOfferKey,
    queryFn: ({ signal }) => api<PremiumOffer>('/membership/premium', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The price as shown ("K200.50"), or an ellipsis while it loads (never a figure the server did not give). */
export function usePremiumPriceText(): string {
  const offer = usePremiumOffer();
  return offer.data ? formatKina(offer.data.price) : '…';
}
