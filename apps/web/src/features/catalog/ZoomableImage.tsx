import { imageAtLeast, productDetailImageSizes } from '@bilum/shared';
import { type PointerEvent, useRef, useState } from 'react';
import { ProductImage } from '../../components/ui/product-image';

/** Spec: hover zoom at 2.5x magnification in a 180 px lens. */
export const ZOOM = 2.5;
export const LENS_SIZE = 180;

/**
 * While a phone's tap zoom shows the picture 2.5 times larger, the browser picks its copy for that width: the
 * 1280 px copy on a phone, never the original (issue 29).
 */
const zoomedSizes = '(max-width: 767px) 250vw, 1550px';

interface Point {
  x: number;
  y: number;
}

function pointIn(event: PointerEvent<HTMLElement>) {
  const box = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top, width: box.width, height: box.height };
}

/**
 * A product picture with a magnifying lens that follows the mouse, and on touch screens tap-to-zoom: a tap
 * enlarges the picture 2.5x around the tapped point, another tap goes back.
 */
export function ZoomableImage({ src, alt, eager }: { src: string; alt: string; eager?: boolean }) {
  const frame = useRef<HTMLDivElement>(null);
  const [lens, setLens] = useState<(Point & { width: number; height: number }) | null>(null);
  const [tapZoom, setTapZoom] = useState<Point | null>(null);
  // Where a finger went down: a finger that moved (a swipe to the next picture) is not a tap.
  const down = useRef<Point | null>(null);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') setLens(pointIn(event));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    const from = down.current;
    down.current = null;
    if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > 10) return;
    const { x, y, width, height } = pointIn(event);
    setTapZoom((zoomed) => (zoomed ? null : { x: (x / width) * 100, y: (y / height) * 100 }));
  };

  return (
    <div
      ref={frame}
      className="relative aspect-square cursor-crosshair touch-manipulation overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200"
      onPointerMove={onPointerMove}
      onPointerLeave={() => setLens(null)}
      onPointerDown={(event) => {
        down.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerUp={onPointerUp}
    >
      <ProductImage
        src={src}
        alt={alt}
        eager={eager}
        sizes={tapZoom ? zoomedSizes : productDetailImageSizes}
        className="size-full transition-transform duration-200"
        style={tapZoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${tapZoom.x}% ${tapZoom.y}%` } : undefined}
      />
      {lens && (
        <div
          data-testid="zoom-lens"
          aria-hidden
          className="pointer-events-none absolute rounded-full border-2 border-white bg-white bg-no-repeat shadow-xl ring-1 ring-ink/20"
          style={{
            width: LENS_SIZE,
            height: LENS_SIZE,
            left: lens.x - LENS_SIZE / 2,
            top: lens.y - LENS_SIZE / 2,
            // The smallest copy that fills the magnified picture: the original only on a screen wider than the
            // largest copy at 2.5x (issue 29).
            backgroundImage: `url("${encodeURI(imageAtLeast(src, lens.width * ZOOM * window.devicePixelRatio))}")`,
            backgroundSize: `${lens.width * ZOOM}px ${lens.height * ZOOM}px`,
            backgroundPosition: `${LENS_SIZE / 2 - lens.x * ZOOM}px ${LENS_SIZE / 2 - lens.y * ZOOM}px`,
          }}
        />
      )}
    </div>
  );
}
