import { homeHeroImage } from '@bilum/shared';
import { englishT, type StartupTranslate } from '../../i18n/i18n';
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

function freshArrivals(paths: CatalogPaths, t: StartupTranslate = englishT): HeroSlide {
  return {
    id: 'fresh-arrivals',
    image: slideImage('samsung-galaxy-s24-ultra-256gb'),
    title: t('hero.fresh.title'),
    description: t('hero.fresh.description'),
    buttonText: t('hero.fresh.button'),
    buttonLink: paths.category('all'),
  };
}

/** The home page's four slides (spec: a laptop, Fresh Arrivals, the member auction and the member hot deal). */
export function guestSlides(paths: CatalogPaths, t: StartupTranslate = englishT): HeroSlide[] {
  return [
    {
      id: 'laptop',
      image: homeHeroImage,
      title: t('hero.laptop.title'),
      description: t('hero.laptop.description'),
      buttonText: t('hero.laptop.button'),
      buttonLink: `${paths.detailBase}/1`,
    },
    freshArrivals(paths, t),
    {
      id: 'member-auction',
      image: slideImage('samsung-55-crystal-uhd-smart-tv'),
      title: t('hero.auction.title'),
      description: t('hero.auction.description'),
      buttonText: t('hero.auction.button'),
      buttonLink: `${paths.detailBase}/2`,
    },
    {
      id: 'member-hot-deal',
      image: slideImage('gopro-hero12-black'),
      title: t('hero.hotDeal.title'),
      description: t('hero.hotDeal.description'),
      buttonText: t('hero.hotDeal.button'),
      buttonLink: `${paths.detailBase}/3`,
    },
  ];
}

export const HERO_INTERVAL_MS = 5000;

/** A member slide for one product; its button leads to that product's detail page. */
export type MemberProductSlide = Omit<HeroSlide, 'buttonLink'> & { productId: number };

/** The member home's four slides: the member products with Fresh Arrivals second. */
export function memberSlides(
  paths: CatalogPaths,
  productSlides: MemberProductSlide[],
  t: StartupTranslate = englishT,
): HeroSlide[] {
  const slides = productSlides.map(({ productId, ...slide }) => ({
    ...slide,
    buttonLink: `${paths.detailBase}/${productId}`,
  }));
  return [...slides.slice(0, 1), freshArrivals(paths, t), ...slides.slice(1)];
}
