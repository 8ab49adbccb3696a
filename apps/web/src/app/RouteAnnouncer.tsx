import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusMainHeading, mainHeading } from '../lib/main-heading';

/** How long a new page may take to show its heading (its code and data loading) before we stop waiting. */
const headingWaitMs = 10_000;

/** Whether the shopper is already busy somewhere we should not pull focus away from. */
function focusIsTaken(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"]')) return true;
  return active.matches('input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]');
}

/**
 * After a client-side route change (not the first page load, which the first screen paints: decision 006), moves
 * focus to the new page's main heading once it is on the screen and announces the page's title in a live region,
 * as a full page load would for a screen reader. Query-string changes (filters, sorting) stay where they are.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    let frame = 0;
    const started = performance.now();
    const waitForHeading = () => {
      if (mainHeading()) {
        if (!focusIsTaken()) focusMainHeading();
        setAnnouncement(document.title);
        return;
      }
      if (performance.now() - started < headingWaitMs) frame = requestAnimationFrame(waitForHeading);
    };
    frame = requestAnimationFrame(waitForHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
