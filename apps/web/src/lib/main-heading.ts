/** The page's main heading: the first h1 inside the page's <main>. */
export function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/**
 * Moves keyboard focus to the page's main heading (made focusable by script only, tabIndex -1), so that the next
 * Tab starts from the page's content. Returns whether there was a heading to focus.
 */
export function focusMainHeading(): boolean {
  const heading = mainHeading();
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  // The page's scroll position is the ScrollManager's: a new page opens at its top, Back where it was.
  heading.focus({ preventScroll: true });
  return true;
}
