import { imageAtLeast, imageSrcSet } from '@bilum/shared';
import { type CSSProperties, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDataSaver } from '../../lib/data-saver';
import { useStartupT } from '../../i18n/react';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** The first image on screen loads eagerly; the rest lazily. */
  eager?: boolean;
  /**
   * How wide the picture shows (the `sizes` attribute), for an uploaded picture's resized copies; by default
   * `width` pixels, or the whole screen when that is narrower. A slot whose width changes with the screen says so
   * here: the browser picks the copy by it, and the copies' widths double, so the copy is under twice the slot
   * (issue 29).
   */
  sizes?: string;
  style?: CSSProperties;
}

/** A product picture, or the grey "No Image" placeholder when it is missing or fails to load. */
export function ProductImage({
  src,
  alt,
  className,
  width = 600,
  height = 600,
  eager = false,
  sizes,
  style,
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const dataSaver = useDataSaver();
  const t = useStartupT();
  const cleaned = src?.replace(/\s+/g, '');
  if (!cleaned || failed) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': t('ui.noImageLabel', { name: alt }) } : { 'aria-hidden': true })}
        className={cn('flex items-center justify-center bg-stone-200 text-sm font-medium text-muted', className)}
      >
        {t('ui.noImage')}
      </div>
    );
  }
  // An uploaded picture has WebP copies at a few widths: the browser picks the smallest that fills the space. The
  // original (`src`) is never fetched where srcset is understood. With Data saver on, the one copy as wide as
  // `width` CSS pixels, whatever the screen's pixel density (a third of the pixels on most phones, or less).
  const srcSet = imageSrcSet(cleaned);
  const saving = dataSaver && srcSet !== undefined;
  return (
    <img
      src={saving ? imageAtLeast(cleaned, width) : cleaned}
      {...(srcSet && !saving ? { srcSet, sizes: sizes ?? `(max-width: ${width}px) 100vw, ${width}px` } : {})}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
      style={style}
      className={cn('object-cover', className)}
    />
  );
}
