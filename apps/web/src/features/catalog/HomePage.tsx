import { featureLabels, filterProducts, isProductFeature, type ProductFeature } from '@bilum/shared';
import { lazy, Suspense, use, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProducts } from './catalog.api';
import { type Audience, type CatalogPaths, useCatalogPaths } from './catalog-paths';
import { FeatureFilter } from './FeatureFilter';
import { announceResults } from './filter-toasts';
import { guestSlides, memberSlides, type MemberProductSlide } from './hero-slides';
import { HeroSlider } from './HeroSlider';
import { HomeSearch } from './HomeSearch';
import { ProductGrid, ProductListPending } from './ProductGrid';

const HomeExtras = lazy(() => import('./HomeExtras'));

let memberProductSlides: Promise<MemberProductSlide[]> | undefined;
const loadMemberProductSlides = () =>
  (memberProductSlides ??= import('./member-hero-slides').then((module) => module.memberProductSlides));

/** The member slider, whose product slides load with /dashboard rather than with the home page. */
function MemberHero({ paths }: { paths: CatalogPaths }) {
  return <HeroSlider slides={memberSlides(paths, use(loadMemberProductSlides()))} />;
}

/** Home (/) and the member home (/dashboard): the same page, with member links and slides on /dashboard. */
export default function HomePage({ audience = 'guest' }: { audience?: Audience }) {
  useDocumentTitle(null);
  const paths = useCatalogPaths(audience);
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('feature');
  const feature = isProductFeature(requested) ? requested : 'all';
  const products = useProducts();
  const all = products.data?.products;
  const shown = useMemo(() => filterProducts(all, { feature }), [all, feature]);

  const chooseFeature = (next: ProductFeature) => {
    setSearchParams(next === 'all' ? {} : { feature: next }, { replace: true });
    if (all) announceResults(filterProducts(all, { feature: next }).length);
  };

  const firstName = user?.fullName.split(' ')[0];
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:space-y-10">
      <h1 className="sr-only">
        {audience === 'member' && firstName ? `Welcome back, ${firstName}` : 'Bilum: shop Papua New Guinea online'}
      </h1>
      {audience === 'member' ? (
        <Suspense fallback={<div aria-hidden className="h-[28rem] rounded-2xl bg-ink md:h-96" />}>
          <MemberHero paths={paths} />
        </Suspense>
      ) : (
        <HeroSlider slides={guestSlides(paths)} />
      )}
      <HomeSearch paths={paths} />
      <section aria-labelledby="products-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
            {feature === 'all' ? 'Shop all products' : featureLabels[feature]}
          </h2>
          <FeatureFilter value={feature} onChange={chooseFeature} />
        </div>
        {all ? <ProductGrid products={shown} detailBase={paths.detailBase} /> : <ProductListPending query={products} />}
      </section>
      <Suspense fallback={null}>
        <HomeExtras />
      </Suspense>
    </div>
  );
}
