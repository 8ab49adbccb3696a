import { englishT, type Translate } from '../../i18n/i18n';
import type { MemberProductSlide } from './hero-slides';

/**
 * The member home's product slides (spec: the member slider links to products 31, 37 and 42), in the page's
 * language. Loaded only on /dashboard so that the home page does not carry it.
 */
export function memberProductSlidesIn(t: Translate): MemberProductSlide[] {
  return [
    {
      id: 'galaxy-a55',
      productId: 31,
      image: '/images/products/samsung-galaxy-a55-5g-256gb.svg',
      title: t('product.slide.galaxy.title'),
      description: t('product.slide.galaxy.description'),
      buttonText: t('product.slide.galaxy.button'),
    },
    {
      id: 'ideacentre',
      productId: 37,
      image: '/images/products/lenovo-ideacentre-aio-3-24-desktop.svg',
      title: t('product.slide.ideacentre.title'),
      description: t('product.slide.ideacentre.description'),
      buttonText: t('product.slide.ideacentre.button'),
    },
    {
      id: 'eos-r50',
      productId: 42,
      image: '/images/products/canon-eos-r50-mirrorless-kit.svg',
      title: t('product.slide.eos.title'),
      description: t('product.slide.eos.description'),
      buttonText: t('product.slide.eos.button'),
    },
  ];
}

/** The slides in English (tests). */
export const memberProductSlides: MemberProductSlide[] = memberProductSlidesIn(englishT);
