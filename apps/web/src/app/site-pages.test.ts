import { matchSitePage, sitePages } from '@bilum/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';

/** Every page address of the router ("/category/:categoryName?"), the catch-all left out. */
function routePatterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : parent;
    const children = route.children ? routePatterns(route.children, own === '/' ? '' : own) : [];
    return route.index || (route.path && route.path !== '*') ? [own, ...children] : children;
  });
}

describe('the server’s list of pages (packages/shared/src/site-pages.ts, issue 20)', () => {
  it('is exactly the router’s pages: an address the app shows is never answered 404, and no other is 200', () => {
    expect([...routePatterns(appRoutes)].sort()).toEqual(sitePages.map((page) => page.pattern).sort());
  });

  it('leaves the catch-all (the not-found screen) to everything else', () => {
    expect(matchSitePage('/no-such-page')).toBeNull();
  });
});
