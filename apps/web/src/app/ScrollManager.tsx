import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by the router's location key; kept for the tab (a reload keeps it). */
const storageKey = 'bilum-scroll-positions';
/** How long Back may wait for the page to grow tall enough (its lazy code, its cached pages) before giving up. */
const restoreWaitMs = 3_000;
const maxEntries = 50;
/** Frames in a row the card must be found in place before Back's restore is done. */
const anchorSettleFrames = 3;

/**
 * Where an entry was left: the page's scroll offset and, when the shopper left by a link inside an element marked
 * `data-scroll-anchor` (a product card), that element and where it was on the screen. The offset alone is not
 * enough: cards off the screen are laid out at an estimated height until they are drawn (`content-visibility`), so
 * on Back the rows above a product may be shorter than they were, and the same offset would show other rows.
 */
export interface ScrollPosition {
  y: number;
  anchor?: { id: string; top: number };
}

function readPositions(): Map<string, ScrollPosition> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return new Map();
    // (An earlier release kept the offset alone.)
    return new Map(
      (stored as [string, ScrollPosition | number][]).map(([key, value]) => [
        key,
        typeof value === 'number' ? { y: value } : value,
      ]),
    );
  } catch {
    return new Map();
  }
}

/** The element marked as an anchor that holds this click's target, and where its top is on the screen. */
function anchorOf(target: EventTarget | null): ScrollPosition['anchor'] {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-scroll-anchor]') : null;
  const id = element?.dataset.scrollAnchor;
  return element && id ? { id, top: element.getBoundingClientRect().top } : undefined;
}

/** How far the page must scroll for the anchor to be where it was on the screen; null while it is not drawn. */
function anchorOffset(anchor: NonNullable<ScrollPosition['anchor']>): number | null {
  const element = document.querySelector(`[data-scroll-anchor="${CSS.escape(anchor.id)}"]`);
  return element ? element.getBoundingClientRect().top - anchor.top : null;
}

function writePositions(positions: Map<string, ScrollPosition>) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-maxEntries)));
  } catch {
    // Private mode or a full storage: the positions still live for this page load.
  }
}

/**
 * Scrolls as a multi-page site would (issue 20): a new page (a link followed) opens at its top, Back and Forward
 * return to where that page was scrolled, and a replaced address (a filter chip, a canonical address) stays where
 * it is. The browser's own restoration is off: it would restore before the app has drawn the page's loaded pages.
 * The lists keep their loaded pages in the query cache, so Back finds the page as tall as it was, and a product
 * opened from a list is put back where it was on the screen (its card is the anchor).
 */
export function ScrollManager() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, ScrollPosition> | null>(null);
  const currentKey = useRef<string | null>(null);

  // Remember the position of the entry being shown, as the shopper scrolls.
  useEffect(() => {
    positions.current ??= readPositions();
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (currentKey.current === null) return;
      // (A scroll the click itself caused keeps the card it chose.)
      const left = positions.current?.get(currentKey.current);
      if (left?.anchor && left.y === window.scrollY) return;
      positions.current?.set(currentKey.current, { y: window.scrollY });
    };
    // Before the router sees the click: the card the shopper opens, while it is still on the screen.
    const onClick = (event: MouseEvent) => {
      const anchor = anchorOf(event.target);
      if (anchor && currentKey.current !== null) {
        positions.current?.set(currentKey.current, { y: window.scrollY, anchor });
      }
    };
    const save = () => positions.current && writePositions(positions.current);
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // Before paint, once the new location is on the screen: the scroll events the new page's height causes from
  // here on belong to the new entry, so the one left keeps where the shopper had it.
  useLayoutEffect(() => {
    if (currentKey.current === key) return;
    const firstLoad = currentKey.current === null;
    currentKey.current = key;
    positions.current ??= readPositions();
    writePositions(positions.current);
    if (navigationType === 'REPLACE') return;
    if (navigationType === 'PUSH') {
      if (!hash) window.scrollTo(0, 0);
      return;
    }
    // A page loaded afresh ("default": an entry the app did not make) starts where the browser put it.
    const target = positions.current.get(key);
    if (target === undefined || (firstLoad && key === 'default')) return;
    let frame = 0;
    const started = performance.now();
    let framesInPlace = 0;
    const stop = () => cancelAnimationFrame(frame);
    const attempt = () => {
      if (target.anchor) {
        // The anchor once it is drawn; until then the offset, which brings its rows near the screen. Done when
        // frames in a row find it in place: the rows around it are drawn at their real height only after the
        // scroll, and the browser may keep a row above in place instead of the card.
        const offset = anchorOffset(target.anchor);
        if (offset !== null && Math.abs(offset) <= 1) {
          if (++framesInPlace >= anchorSettleFrames) return;
        } else {
          framesInPlace = 0;
          window.scrollTo(0, offset === null ? target.y : window.scrollY + offset);
        }
      } else {
        window.scrollTo(0, target.y);
        if (Math.abs(window.scrollY - target.y) <= 1) return;
      }
      if (performance.now() - started > restoreWaitMs) return;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    // The shopper taking over (wheel, touch, keys) ends the waiting.
    const options = { once: true, passive: true } as const;
    window.addEventListener('wheel', stop, options);
    window.addEventListener('touchstart', stop, options);
    window.addEventListener('keydown', stop, options);
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [key, hash, navigationType]);

  return null;
}
