import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by the router's location key; kept for the tab (a reload keeps it). */
const storageKey = 'bilum-scroll-positions';
/** How long Back may wait for the page to grow tall enough (its lazy code, its cached pages) before giving up. */
const restoreWaitMs = 3_000;
const maxEntries = 50;

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as unknown;
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
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
 * The lists keep their loaded pages in the query cache, so Back finds the page as tall as it was.
 */
export function ScrollManager() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef<string | null>(null);

  // Remember the position of the entry being shown, as the shopper scrolls.
  useEffect(() => {
    positions.current ??= readPositions();
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (currentKey.current !== null) positions.current?.set(currentKey.current, window.scrollY);
    };
    const save = () => positions.current && writePositions(positions.current);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
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
    const stop = () => cancelAnimationFrame(frame);
    const attempt = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) <= 1 || performance.now() - started > restoreWaitMs) return;
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
