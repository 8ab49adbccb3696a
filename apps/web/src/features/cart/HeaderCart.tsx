import { cartTimings, formatKina, nameWithVariant } from '@bilum/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CartIcon } from '../../components/ui/action-icons';
import { ProductImage } from '../../components/ui/product-image';
import { useStartupT } from '../../i18n/react';
import { useGuestCart } from '../../lib/guest-cart';
import { useServerCart } from '../../lib/server-cart';
import { useSession } from '../../lib/session';
import { useGuestCartProducts } from './cart.api';
import { buyableUnits, fromGuestItem, fromServerLine, guestCanSelect } from './cart-lines';

const iconLinkClass = 'relative flex items-center gap-2 rounded-md px-2 py-2 hover:bg-white/10';

/** The member pages of the spec (member home, member categories, member detail). */
export function isMemberPage(pathname: string): boolean {
  return /^\/(dashboard|dashboard-category|item|itemdetail)(\/|$)/.test(pathname);
}

function CountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden
      className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** Guests: the cart link with its count (public pages), or to sign-in first on member pages (spec). */
function GuestCartLink() {
  const t = useStartupT();
  const { pathname } = useLocation();
  const items = useGuestCart();
  // The products as the shop has them now (shared with /guest-cart's reads): a line sold since it was added is
  // not counted.
  const products = useGuestCartProducts([...new Set(items.map((item) => item.product_id))]);
  const count = buyableUnits(
    items.map((item) => fromGuestItem(item, products.get(item.product_id), t)),
    guestCanSelect,
  );
  if (isMemberPage(pathname)) {
    return (
      <Link to="/login?returnUrl=%2Fcart" aria-label={t('cart.signInToSee')} className={iconLinkClass}>
        <CartIcon className="size-6" />
      </Link>
    );
  }
  return (
    <Link to="/guest-cart" aria-label={t('cart.linkLabel', { count })} className={iconLinkClass}>
      <CartIcon className="size-6" />
      <CountBadge count={count} />
    </Link>
  );
}

/**
 * The signed-in shopper's cart dropdown: opens on hover or focus, lists the lines with a link to /cart, and
 * hides 200 ms after the pointer leaves (so moving from the icon to the panel does not close it). On the member
 * home it re-reads the cart every 60 s.
 */
function CartDropdown() {
  const t = useStartupT();
  const { pathname } = useLocation();
  const cart = useServerCart({
    refetchInterval: pathname === '/dashboard' ? cartTimings.memberHomeRefresh : false,
  });
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const panelId = useId();
  const lines = cart.data?.items ?? [];
  // Only what can be bought now: sold-out and "Reserved" lines stay listed below but are not counted.
  const count = buyableUnits(lines.map(fromServerLine));

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  // A new page closes it.
  useEffect(() => setOpen(false), [pathname]);

  const show = () => {
    window.clearTimeout(hideTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setOpen(false), cartTimings.dropdownHideDelay);
  };

  return (
    <div
      className="relative"
      onPointerEnter={show}
      onPointerLeave={hideSoon}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <Link
        to="/cart"
        aria-label={t('cart.linkLabel', { count })}
        aria-expanded={open}
        aria-controls={panelId}
        onFocus={show}
        className={iconLinkClass}
      >
        <CartIcon className="size-6" />
        <CountBadge count={count} />
      </Link>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t('cart.preview')}
          onBlur={(event) => {
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) hideSoon();
          }}
          className="fixed inset-x-4 top-16 z-50 rounded-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-88 border border-stone-200 bg-white p-3 text-stone-800 shadow-xl animate-fade-in"
        >
          <p className="mb-2 text-sm font-semibold">{t('cart.previewTitle', { count })}</p>
          {cart.isPending ? (
            <p className="py-4 text-center text-sm text-muted">{t('cart.loadingShort')}</p>
          ) : cart.isError && !cart.data ? (
            <p className="py-4 text-center text-sm text-red-700">{t('cart.loadDataFailed')}</p>
          ) : lines.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted">{t('cart.previewEmpty')}</p>
          ) : (
            <ul className="max-h-72 divide-y divide-stone-100 overflow-y-auto">
              {lines.map((line) => (
                <li
                  key={line.cartItemId}
                  className={`flex items-center gap-3 py-2 ${line.status !== 'available' ? 'opacity-50' : ''}`}
                >
                  <ProductImage
                    src={line.image}
                    alt=""
                    width={48}
                    height={48}
                    className="size-12 shrink-0 rounded-md"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{nameWithVariant(line.name, line.variantLabel)}</p>
                    <p className="text-xs text-muted">
                      {line.status !== 'available'
                        ? line.status === 'reserved'
                          ? t('cart.reserved')
                          : t('cart.soldOut')
                        : t('cart.qtyPrice', { quantity: line.quantity, price: formatKina(line.unitPrice) })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {cart.data && lines.length > 0 && (
            <p className="mt-2 flex justify-between border-t border-stone-200 pt-2 text-sm">
              <span>{t('cart.total')}</span>
              <span className="font-bold">{formatKina(cart.data.summary.total)}</span>
            </p>
          )}
          <Link
            to="/cart"
            className="mt-3 flex h-10 items-center justify-center rounded-lg bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('cart.viewCart')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** The header's cart: a dropdown for signed-in shoppers, a link for guests (loaded after the first paint). */
export default function HeaderCart() {
  const { isSignedIn, isLoading } = useSession();
  // Until the session is known, an empty square of the link's size: no guest link for a signed-in shopper.
  if (isLoading) return <span className="size-10" aria-hidden />;
  return isSignedIn ? <CartDropdown /> : <GuestCartLink />;
}
