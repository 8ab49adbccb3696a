import type { Product } from '@bilum/shared';

/** A plain product for the catalogue's tests (the demo data's itel A70). */
export const testProduct: Product = {
  id: 6,
  name: 'itel A70',
  description: 'Budget smartphone',
  category: 'phones',
  price: 29_900,
  originalPrice: null,
  discountPercentage: 0,
  condition: 'New',
  status: 'active',
  stock: 25,
  isHot: true,
  isAuction: false,
  isTopPick: false,
  isExclusive: false,
  isMembership: false,
  image: '/images/products/itel-a70.svg',
  galleryImages: [],
  reserved: false,
  reservedUntil: null,
};
