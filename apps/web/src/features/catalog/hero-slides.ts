import { homeHeroImage } from '@bilum/shared';
import type { CatalogPaths } from './catalog-paths';

export interface HeroSlide {
  id: string;
  image: string;
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
}

const slideImage = (slug: string) => `/images/products/${slug}.svg`;

function freshArrivals(paths: CatalogPaths): HeroSlide {
  return {
    id: 'fresh-arrivals',
    image: slideImage('samsung-galaxy-s24-ultra-256gb'),
    title: 'Fresh Arrivals Daily',
    description: 'New phones, computers, cameras and more every day, delivered across Papua New Guinea.',
    buttonText: 'Shop New Deals',
    buttonLink: paths.category('all'),
  };
}

/** The home page's four slides (spec: a laptop, Fresh Arrivals, the member auction and the member hot deal). */
export function guestSlides(paths: CatalogPaths): HeroSlide[] {
  return [
    {
      id: 'laptop',
      image: homeHeroImage,
      title: 'HP Pavilion 15 Laptop',
      description: 'Core i5, 8GB RAM and a 512GB SSD, light enough for the PMV ride to class or the office.',
      buttonText: 'View Laptop',
      buttonLink: `${paths.detailBase}/1`,
    },
    freshArrivals(paths),
    {
      id: 'member-auction',
      image: slideImage('samsung-55-crystal-uhd-smart-tv'),
      title: 'Exclusive Member Auction',
      description: 'Bid on a Samsung 55" Crystal UHD Smart TV, for Premium members only.',
      buttonText: 'Click To Purchase',
      buttonLink: `${paths.detailBase}/2`,
    },
    {
      id: 'member-hot-deal',
      image: slideImage('gopro-hero12-black'),
      title: 'Exclusive Member Hot Deal',
      description: 'The GoPro HERO12 Black at a member-only price, made for reef dives and Highlands road trips.',
      buttonText: 'Click To View Detail',
      buttonLink: `${paths.detailBase}/3`,
    },
  ];
}

export const HERO_INTERVAL_MS = 5000;

/** A member slide for one product; its button leads to that product's detail page. */
export type MemberProductSlide = Omit<HeroSlide, 'buttonLink'> & { productId: number };

/** The member home's four slides: the member products with Fresh Arrivals second. */
export function memberSlides(paths: CatalogPaths, productSlides: MemberProductSlide[]): HeroSlide[] {
  const slides = productSlides.map(({ productId, ...slide }) => ({
    ...slide,
    buttonLink: `${paths.detailBase}/${productId}`,
  }));
  return [...slides.slice(0, 1), freshArrivals(paths), ...slides.slice(1)];
}
