/**
 * Premium membership: 10% off for members. Its price (K200.50 in the demo catalogue, decisions.md) is the Premium
 * membership product's price in the database, the one source (GET /api/membership/premium; issue 18).
 */
export const PREMIUM_DISCOUNT_RATE = 0.1;

/** The one list of membership perks used on every screen (decisions.md "Membership perks"). */
export const premiumPerks = [
  { id: 'discount', title: '10% off all products', description: 'Your member price is applied to every product.' },
  {
    id: 'exclusive',
    title: 'Member-only deals',
    description: 'Bid in Exclusive Member auctions and buy Exclusive Member hot deals.',
  },
  {
    id: 'early-access',
    title: 'Early access to promotions',
    description: 'Shop new stock and sales before anyone else.',
  },
  { id: 'support', title: 'Priority support', description: 'Your questions go to the front of the queue.' },
  { id: 'shipping', title: 'Free shipping', description: 'Delivery across Papua New Guinea at no charge.' },
] as const;
export type PremiumPerkId = (typeof premiumPerks)[number]['id'];
