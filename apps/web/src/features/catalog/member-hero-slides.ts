import type { MemberProductSlide } from './hero-slides';

/**
 * The member home's product slides (spec: the member slider links to products 31, 37 and 42). Plain data,
 * loaded only on /dashboard so that the home page does not carry it.
 */
export const memberProductSlides: MemberProductSlide[] = [
  {
    id: 'galaxy-a55',
    productId: 31,
    image: '/images/products/samsung-galaxy-a55-5g-256gb.svg',
    title: 'Samsung Galaxy A55 5G',
    description: '256GB, a 50MP camera and 5G ready. Members save 10% on top of the shelf price.',
    buttonText: 'View Phone',
  },
  {
    id: 'ideacentre',
    productId: 37,
    image: '/images/products/lenovo-ideacentre-aio-3-24-desktop.svg',
    title: 'Lenovo IdeaCentre AIO 3',
    description: 'A 24" all-in-one for the home office or the school lab, with one cable to plug in.',
    buttonText: 'View Desktop',
  },
  {
    id: 'eos-r50',
    productId: 42,
    image: '/images/products/canon-eos-r50-mirrorless-kit.svg',
    title: 'Canon EOS R50 Mirrorless Kit',
    description: 'Sharp 4K video and photos for weddings, church events and the Goroka Show.',
    buttonText: 'View Camera',
  },
];
