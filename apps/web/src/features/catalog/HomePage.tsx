import type { ProductFeature } from '@bilum/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useStartupT } from '../../i18n/react';
import { lazyPage } from '../../lib/lazy-page';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { firstPageOf, useProductPages } from './catalog.api';
import { homeListQuery } from './list-queries';
import { type Audience, useCatalogPaths } from './catalog-paths';
import { FeatureFilter } from './FeatureFilter';
import { announceResults } from './filter-toasts';
import { guestSlides } from './hero-slides';
import { HeroSlider } from './HeroSlider';
import { HomeSearch } from './HomeSearch';
import { PagedProductList } from './PagedProductList';

const HomeExtras = lazyPage(() => import('./HomeExtras'));

/** Loads the home page's lower sections, which then render at once instead of suspending. */
export const preloadHomeExtras = (): Promise<unknown> => HomeExtras.preload();

// The member slider (its product slides and their messages, from the pages part) loads with /dashboard only.
const MemberHero = lazyPage(() => import('./MemberHero'));

/**
 * /dashboard: the home page for members. Its slider's product slides are loaded with the route (`preload`, which
 * the server awaits before rendering and the app before taking over): rendered before they had loaded, the
 * slider came as its placeholder, which the app then replaced (the first member's largest paint after each
 * start, 2.8 s instead of 1.1 s).
 */
export const MemberHomePage = Object.assign(() => <HomePage audience="member" />, {
  preload: () => MemberHero.preload(),
});

/** Home (/) and the member home (/dashboard): the same page, with member links and slides on /dashboard. */
export default function HomePage({ audience = 'guest' }: { audience?: Audience }) {
  useDocumentTitle(null);
  const t = useStartupT();
  const paths = useCatalogPaths(audience);
  const { user, isMember } = useSession();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = homeListQuery(searchParams);
  const feature = query.feature ?? 'all';
  const products = useProductPages(query);

  const chooseFeature = (next: ProductFeature) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'all') params.delete('feature');
        else params.set('feature', next);
        return params;
      },
      { replace: true },
    );
    // The spec's toast counts what the server found, on every page of the list.
    firstPageOf(queryClient, { ...query, feature: next }, isMember ? 'member' : 'guest').then(
      (page) => announceResults(page.total, t),
      () => undefined,
    );
  };

  const firstName = user?.fullName.split(' ')[0];
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:space-y-10">
      <h1 className="sr-only">
        {audience === 'member' && firstName ? t('home.welcomeBack', { name: firstName }) : t('home.heading')}
      </h1>
      {audience === 'member' ? (
        <Suspense fallback={<div aria-hidden className="h-[28rem] rounded-2xl bg-ink md:h-96" />}>
          <MemberHero paths={paths} />
        </Suspense>
      ) : (
        <HeroSlider slides={guestSlides(paths, t)} />
      )}
      <HomeSearch paths={paths} />
      <section aria-labelledby="products-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
            {feature === 'all' ? t('home.shopAll') : t(`feature.${feature}`)}
          </h2>
          <FeatureFilter value={feature} onChange={chooseFeature} />
        </div>
        <PagedProductList query={products} detailBase={paths.detailBase} />
      </section>
      <Suspense fallback={null}>
        <HomeExtras />
      </Suspense>
    </div>
  );
}
