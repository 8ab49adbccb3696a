import { useEffect } from 'react';
import { useStartupT } from '../i18n/react';

/** A page's title in the browser tab: "Phones - Bilum", "Your Cart - Bilum" (the page's name in its language). */
export function pageTitle(page: string): string {
  return `${page} - Bilum`;
}

/**
 * Sets the browser tab's title to `pageTitle(page)` while the page is shown (the shop's own title for `null`, the
 * home pages: `page.shopTitle`, in the page's language, as the server's page head has it), and puts the previous
 * one back afterwards. Every route's page calls it (issue 17) with its name from the catalogs; the route
 * announcer (app/RouteAnnouncer.tsx) reads it out after a route change.
 */
export function useDocumentTitle(page: string | null) {
  const t = useStartupT();
  const title = page === null ? t('page.shopTitle') : pageTitle(page);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
