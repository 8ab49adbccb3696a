import { NavLink } from 'react-router';
import { Dialog, DialogClose } from '../components/ui/dialog';
import { useStartupT } from '../i18n/react';
import { useCategories } from '../lib/categories';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { categoryLinks, homePath } from './nav-links';

function MenuLink({ to, children, strong }: { to: string; children: string; strong?: boolean }) {
  return (
    <li>
      <DialogClose asChild>
        <NavLink
          to={to}
          end
          className={({ isActive }) =>
            cn(
              'block rounded-lg px-3 py-2.5 text-base hover:bg-stone-100',
              isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-stone-800',
              strong && 'font-semibold',
            )
          }
        >
          {children}
        </NavLink>
      </DialogClose>
    </li>
  );
}

/** The slide-in menu below 768 px: categories and account links (loaded when first opened). */
export default function MobileMenu({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { isSignedIn } = useSession();
  const { categories } = useCategories();
  const t = useStartupT();
  return (
    <Dialog open onOpenChange={onOpenChange} placement="left" title={t('nav.menu')}>
      <nav aria-label={t('nav.shop')}>
        <ul className="space-y-1">
          <MenuLink to={homePath(isSignedIn)}>{t('nav.home')}</MenuLink>
          {categoryLinks(isSignedIn, categories, t).map((link) => (
            <MenuLink key={link.to} to={link.to}>
              {link.label}
            </MenuLink>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('nav.account')} className="border-t border-stone-200 pt-3">
        <ul className="space-y-1">
          <MenuLink to="/track-order">{t('header.trackOrder')}</MenuLink>
          {isSignedIn ? (
            <>
              <MenuLink to="/profile">{t('nav.profile')}</MenuLink>
              <MenuLink to="/logout">{t('nav.logout')}</MenuLink>
            </>
          ) : (
            <>
              <MenuLink to="/login" strong>
                {t('header.signIn')}
              </MenuLink>
              <MenuLink to="/register">{t('nav.createAccount')}</MenuLink>
            </>
          )}
        </ul>
      </nav>
      <LanguageSwitch look="light" className="border-t border-stone-200 px-3 pt-3" />
    </Dialog>
  );
}
