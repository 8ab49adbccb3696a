/** The shop's own details shown across the site (footers, /contact, e-mails); edited on the admin /settings page. */
export interface ShopSettings {
  contactEmail: string;
  phone: string;
  /** The Port Moresby street address, one line. */
  address: string;
  /** Days from dispatch to delivery, for the tracking page's estimate. */
  deliveryDays: number;
}

export const defaultShopSettings: ShopSettings = {
  contactEmail: 'sales@bilum.com.pg',
  phone: '+675 321 4567',
  address: 'Section 38, Allotment 12, Waigani Drive, Port Moresby, NCD, Papua New Guinea',
  deliveryDays: 3,
};
