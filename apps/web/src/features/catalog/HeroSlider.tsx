import { wrapIndex } from '@bilum/shared';
import { type FocusEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';
import { StepButtons } from '../../components/ui/step-buttons';
import { useStartupT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { useDataSaver } from '../../lib/data-saver';
import { useSwipe } from '../../lib/use-swipe';
import { HERO_INTERVAL_MS, type HeroSlide } from './hero-slides';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

/**
 * The home page's rotating banner: advances every 5 s and wraps round, pauses while the pointer is over it or
 * focus is inside it, and does not rotate on its own for shoppers who ask for reduced motion (a Play button
 * starts it), nor with Data saver on (the footer's switch). Swipe on touch screens; on phones the dots and the
 * previous/next arrows (beside the picture) are 44 px touch targets. Only the first picture loads eagerly.
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const t = useStartupT();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion] = useState(prefersReducedMotion);
  // The shopper's own Stop or Play, once pressed; until then it stops for reduced motion or Data saver.
  const [stopChoice, setStopChoice] = useState<boolean | null>(null);
  const dataSaver = useDataSaver();
  const stopped = stopChoice ?? (reducedMotion || dataSaver);
  const rotating = !hovered && !focused && !stopped && slides.length > 1;
  const go = (next: number) => setIndex(wrapIndex(next, slides.length));
  const swipe = useSwipe((delta) => go(index + delta));

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setIndex((current) => wrapIndex(current + 1, slides.length)),
      HERO_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, index, slides.length]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-ink via-stone-900 to-brand-900 text-white shadow-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      {...(slides.length > 1 ? swipe : {})}
    >
      <div className="grid" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => {
          const active = slideIndex === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('hero.slideOf', { number: slideIndex + 1, count: slides.length })}
              aria-hidden={!active}
              inert={!active}
              className={cn(
                'col-start-1 row-start-1 grid items-center gap-5 px-5 pb-16 pt-6 transition-opacity duration-500 sm:px-16 md:grid-cols-[1fr_auto] md:gap-10 md:py-12',
                active ? 'opacity-100' : 'pointer-events-none opacity-0',
              )}
            >
              <div className="order-2 text-center md:order-1 md:text-left">
                <h2 className="text-2xl font-extrabold leading-tight sm:text-4xl">{slide.title}</h2>
                <p className="mx-auto mt-3 max-w-md text-sm text-stone-300 sm:text-base md:mx-0">{slide.description}</p>
                <Button asChild size="lg" className="mt-5">
                  <Link to={slide.buttonLink}>{slide.buttonText}</Link>
                </Button>
              </div>
              <ProductImage
                src={slide.image}
                alt={slide.title}
                eager={slideIndex === 0}
                width={320}
                height={320}
                sizes="(max-width: 639px) 144px, (max-width: 767px) 208px, 288px"
                className="order-1 mx-auto size-36 rounded-2xl shadow-2xl ring-4 ring-white/10 sm:size-52 md:order-2 md:size-72"
              />
            </div>
          );
        })}
      </div>

      {slides.length > 1 && (
        <>
          <StepButtons
            noun="slide"
            labels={{ previous: t('hero.previous'), next: t('hero.next') }}
            inset={3}
            onStep={(delta) => go(index + delta)}
            // Below 640 px beside the picture (its middle is 24 + 72 px from the top), clear of the text.
            className="flex bg-white/10 text-white backdrop-blur hover:bg-white/25 max-sm:top-24"
          />
          <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-1">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.id}
                type="button"
                aria-label={t('hero.goTo', { number: slideIndex + 1, title: slide.title })}
                aria-current={slideIndex === index}
                onClick={() => go(slideIndex)}
                className="group flex size-11 items-center justify-center sm:size-7"
              >
                <span
                  className={cn(
                    'block h-2.5 rounded-full transition-all',
                    slideIndex === index ? 'w-6 bg-brand-400' : 'w-2.5 bg-white/50 group-hover:bg-white/80',
                  )}
                />
              </button>
            ))}
            <button
              type="button"
              onClick={() => setStopChoice(!stopped)}
              aria-label={stopped ? t('hero.start') : t('hero.stop')}
              className="ml-1 flex size-11 items-center justify-center rounded-full sm:ml-2 sm:size-7 text-white/80 hover:bg-white/15 hover:text-white"
            >
              <svg viewBox="0 0 24 24" className="size-4" aria-hidden fill="currentColor">
                {stopped ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
              </svg>
            </button>
          </div>
        </>
      )}
    </section>
  );
}
