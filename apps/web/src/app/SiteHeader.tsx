import { NavLink } from 'react-router';
import { productCategories, categoryTitle } from '@bilum/shared';
import { Logo } from './Logo';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 bg-ink text-white shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2 text-sm font-medium">
          <NavLink to="/track-order" className="hidden rounded-md px-3 py-2 hover:bg-white/10 sm:block">
            Track order
          </NavLink>
          <NavLink to="/login" className="rounded-md bg-brand-600 px-3 py-2 hover:bg-brand-700">
            Sign in
          </NavLink>
        </nav>
      </div>
      <nav aria-label="Categories" className="hidden border-t border-white/10 md:block">
        <ul className="mx-auto flex max-w-7xl gap-1 px-4 text-sm">
          {['all', ...productCategories].map((category) => (
            <li key={category}>
              <NavLink
                to={`/category/${category}`}
                className={({ isActive }) =>
                  `block px-3 py-2 hover:text-brand-300 ${isActive ? 'text-brand-300' : 'text-stone-300'}`
                }
              >
                {category === 'all' ? 'All products' : categoryTitle(category)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
