import { useEffect } from 'react';

/** The shop's own title: the home pages' (and index.html's, until the app runs). */
export const shopTitle = 'Bilum – phones, computers, cameras and more in Papua New Guinea';

/** A page's title in the browser tab: "Phones - Bilum", "Your Cart - Bilum". */
export function pageTitle(page: string): string {
  return `${page} - Bilum`;
}

/**
 * Sets the browser tab's title to `pageTitle(page)` while the page is shown (the shop's own title for `null`, the
 * home pages), and puts the previous one back afterwards. Every route's page calls it (issue 17); the route
 * announcer (app/RouteAnnouncer.tsx) reads it out after a route change.
 */
export function useDocumentTitle(page: string | null) {
  const title = page === null ? shopTitle : pageTitle(page);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
