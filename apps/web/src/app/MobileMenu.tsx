import { NavLink } from 'react-router';
import { Dialog, DialogClose } from '../components/ui/dialog';
import { useCategories } from '../lib/categories';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
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
  return (
    <Dialog open onOpenChange={onOpenChange} placement="left" title="Menu">
      <nav aria-label="Shop">
        <ul className="space-y-1">
          <MenuLink to={homePath(isSignedIn)}>Home</MenuLink>
          {categoryLinks(isSignedIn, categories).map((link) => (
            <MenuLink key={link.to} to={link.to}>
              {link.label}
            </MenuLink>
          ))}
        </ul>
      </nav>
      <nav aria-label="Account" className="border-t border-stone-200 pt-3">
        <ul className="space-y-1">
          <MenuLink to="/track-order">Track order</MenuLink>
          {isSignedIn ? (
            <>
              <MenuLink to="/profile">Profile</MenuLink>
              <MenuLink to="/logout">Logout</MenuLink>
            </>
          ) : (
            <>
              <MenuLink to="/login" strong>
                Sign in
              </MenuLink>
              <MenuLink to="/register">Create account</MenuLink>
            </>
          )}
        </ul>
      </nav>
    </Dialog>
  );
}
