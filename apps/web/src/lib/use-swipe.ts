import { type TouchEvent, useRef } from 'react';

/** How far a finger must travel sideways (px) for a swipe; shorter moves are taps or scroll jitter. */
export const SWIPE_MIN_DISTANCE = 40;

/**
 * The step a finger's move from (0, 0) to (dx, dy) asks for: +1 (next) for a swipe to the left, -1 (previous) for
 * a swipe to the right, 0 for a tap or a mostly vertical move (the shopper is scrolling the page).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) <= Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Swipe on touch screens for a slider or gallery: spread the handlers on its frame; `onStep(±1)` runs once per
 * one-finger swipe. Touch events (not pointer events) because the browser keeps sending them while it scrolls the
 * page vertically, so the frame keeps the page's normal scrolling and pinch zoom.
 */
export function useSwipe(onStep: (delta: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch) return;
      const step = swipeStep(touch.clientX - from.x, touch.clientY - from.y);
      if (step !== 0) onStep(step);
    },
    onTouchCancel: () => {
      start.current = null;
    },
  };
}
