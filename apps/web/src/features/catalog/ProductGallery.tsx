import { wrapIndex } from '@bilum/shared';
import { useState } from 'react';
import { StepButtons } from '../../components/ui/step-buttons';
import { ProductImage } from '../../components/ui/product-image';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { useSwipe } from '../../lib/use-swipe';
import { ZoomableImage } from './ZoomableImage';

/**
 * The detail page's pictures: the main one with zoom, previous/next going round (buttons, or a swipe on touch
 * screens), and thumbnails.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const swipe = useSwipe((delta) => setIndex((current) => wrapIndex(current + delta, count)));
  const current = images[wrapIndex(index, count)];
  if (!current) {
    return <ProductImage src={null} alt={name} className="aspect-square w-full rounded-2xl" />;
  }
  const go = (next: number) => setIndex(wrapIndex(next, count));

  return (
    <div className="flex flex-col gap-3">
      <div className="relative" {...(count > 1 ? swipe : {})}>
        <ZoomableImage
          key={current}
          src={current}
          alt={t('product.picture', { name, number: index + 1, count })}
          eager
        />
        {count > 1 && (
          <>
            <StepButtons
              noun="image"
              labels={{ previous: t('product.previousImage'), next: t('product.nextImage') }}
              onStep={(delta) => go(index + delta)}
              className="flex bg-white/90 text-stone-800 shadow ring-1 ring-stone-200 hover:bg-white"
            />
            <p
              aria-live="polite"
              className="pointer-events-none absolute bottom-2 right-2 rounded-full bg-ink/75 px-2.5 py-0.5 text-xs font-semibold text-white"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      <p className="text-xs text-muted">
        <span className="pointer-coarse:hidden">{t('product.zoomPoint')}</span>
        <span className="hidden pointer-coarse:inline">{t('product.zoomTap')}</span>
      </p>
      {count > 1 && (
        <ul aria-label={t('product.pictures')} className="-m-1 flex gap-2 overflow-x-auto p-1">
          {images.map((src, thumbIndex) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                aria-label={t('product.showPicture', { number: thumbIndex + 1, count })}
                aria-current={thumbIndex === index}
                onClick={() => setIndex(thumbIndex)}
                className={cn(
                  'block overflow-hidden rounded-lg ring-2 transition',
                  thumbIndex === index ? 'ring-brand-600' : 'ring-transparent hover:ring-stone-300',
                )}
              >
                <ProductImage
                  src={src}
                  alt=""
                  width={80}
                  height={80}
                  sizes="(max-width: 639px) 64px, 80px"
                  className="size-16 sm:size-20"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
