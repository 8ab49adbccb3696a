import { type CSSProperties, useState } from 'react';
import { cn } from '../../lib/cn';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** The first image on screen loads eagerly; the rest lazily. */
  eager?: boolean;
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
  style,
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const cleaned = src?.replace(/\s+/g, '');
  if (!cleaned || failed) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': `${alt}: no image` } : { 'aria-hidden': true })}
        className={cn('flex items-center justify-center bg-stone-200 text-sm font-medium text-stone-500', className)}
      >
        No Image
      </div>
    );
  }
  return (
    <img
      src={cleaned}
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
