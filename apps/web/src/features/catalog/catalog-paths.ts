import { useSession } from '../../lib/session';

/** Guest pages (/, /category/…) or the member pages (/dashboard, /dashboard-category/…). */
export type Audience = 'guest' | 'member';
export type DetailBase = '/index-item' | '/item';

export interface CatalogPaths {
  home: string;
  category: (name: string) => string;
  /** Guests go to /index-item/{id}, signed-in shoppers (and every member page) to /item/{id}. */
  detailBase: DetailBase;
}

export function catalogPaths(audience: Audience, isSignedIn: boolean): CatalogPaths {
  const member = audience === 'member';
  return {
    home: member ? '/dashboard' : '/',
    category: (name) => `${member ? '/dashboard-category' : '/category'}/${name}`,
    detailBase: member || isSignedIn ? '/item' : '/index-item',
  };
}

export function useCatalogPaths(audience: Audience): CatalogPaths {
  return catalogPaths(audience, useSession().isSignedIn);
}
