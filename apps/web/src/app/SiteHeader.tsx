import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { MenuIcon } from '../components/ui/icons';
import { useStartupT } from '../i18n/react';
import { useCategories } from '../lib/categories';
import { lazyPage } from '../lib/lazy-page';
import { useSession } from '../lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { categoryLinks, homePath } from './nav-links';

// Loaded after the first paint, to keep the home page light: the menu when it is opened, the cart (in the
// `shell` file, vite.config.ts) and the shopper's menu once the page has painted.
const MobileMenu = lazy(() => import('./MobileMenu'));
const UserMenu = lazyPage(() => import('./UserMenu'));
const HeaderCart = lazyPage(() => import('../features/cart/HeaderCart'));

/**
 * Loads the header's lazy parts the server renders (the cart, and the shopper's menu for a signed-in page), which
 * then render at once instead of suspending (see ShopLayout's prefetch).
 */
export function preloadHeaderParts({ signedIn }: { signedIn: boolean }): Promise<unknown> {
  return Promise.all([HeaderCart.preload(), signedIn ? UserMenu.preload() : undefined]);
}

export function SiteHeader() {
  const { isSignedIn, isLoading, user } = useSession();
  const { categories } = useCategories();
  const [menuOpen, setMenuOpen] = useState(false);
  const t = useStartupT();
  return (
    <header className="sticky top-0 z-30 bg-ink text-white shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={t('header.openMenu')}
            onClick={() => setMenuOpen(true)}
            className="-ml-2 rounded-md p-2 hover:bg-white/10 md:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
          <Logo to={homePath(isSignedIn)} />
        </div>
        {menuOpen && (
          <Suspense fallback={null}>
            <MobileMenu onOpenChange={setMenuOpen} />
          </Suspense>
        )}
        <div className="flex items-center gap-3">
          <LanguageSwitch className="hidden lg:flex" />
          <nav aria-label={t('nav.account')} className="flex items-center gap-2 text-sm font-medium">
            <NavLink to="/track-order" className="hidden rounded-md px-3 py-2 hover:bg-white/10 sm:block">
              {t('header.trackOrder')}
            </NavLink>
            <Suspense fallback={<span className="size-10" aria-hidden />}>
              <HeaderCart />
            </Suspense>
            {isLoading ? (
              // Until the session is known: neither the guest's Sign in nor the shopper's menu, in Sign in's room.
              <span aria-hidden className="h-9 w-18 rounded-md bg-white/10" />
            ) : user ? (
              <Suspense fallback={<span className="size-9" aria-hidden />}>
                <UserMenu fullName={user.fullName} />
              </Suspense>
            ) : (
              <NavLink to="/login" className="rounded-md bg-brand-600 px-3 py-2 hover:bg-brand-700">
                {t('header.signIn')}
              </NavLink>
            )}
          </nav>
        </div>
      </div>
      <nav aria-label={t('nav.categories')} className="hidden border-t border-white/10 md:block">
        {/* The owner may add many categories (issue 30): the row scrolls sideways rather than overflow the page. */}
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 text-sm">
          {categoryLinks(isSignedIn, categories, t).map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block px-3 py-2 whitespace-nowrap hover:text-brand-300 ${isActive ? 'text-brand-300' : 'text-stone-300'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
