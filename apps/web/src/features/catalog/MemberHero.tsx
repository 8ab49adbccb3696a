import { useT } from '../../i18n/react';
import type { CatalogPaths } from './catalog-paths';
import { memberSlides } from './hero-slides';
import { HeroSlider } from './HeroSlider';
import { memberProductSlidesIn } from './member-hero-slides';

/**
 * The member home's slider (/dashboard): the shop's slides and the member's product slides. A file of its own,
 * loaded with /dashboard only (`MemberHomePage.preload`, which the server awaits before rendering and the app
 * before taking over), so the home page carries neither its code nor its messages: they are in the pages part,
 * which the app loads beside /dashboard's code (decision 046).
 */
export default function MemberHero({ paths }: { paths: CatalogPaths }) {
  const t = useT();
  return <HeroSlider slides={memberSlides(paths, memberProductSlidesIn(t), t)} />;
}
