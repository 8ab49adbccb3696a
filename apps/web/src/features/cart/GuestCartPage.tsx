import { useCallback, useMemo } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { startSelectedItemsCheckout } from '../../lib/checkout-handoff';
import { readGuestCart, saveGuestCart, useGuestCart } from '../../lib/guest-cart';
import { localLineKey } from '../../lib/local-cart-item';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGuestCartProducts } from './cart.api';
import { type CartViewLine, fromGuestItem, guestCanSelect } from './cart-lines';
import { CartView } from './CartView';

function MembershipNote({ line }: { line: CartViewLine }) {
  const t = useT();
  if (!line.isMembership) return null;
  return (
    <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
      {t('cart.premiumNote.start')}{' '}
      <Link to="/login?returnUrl=%2Fcart" className="font-semibold underline">
        {t('cart.premiumNote.signIn')}
      </Link>{' '}
      {t('cart.premiumNote.or')}{' '}
      <Link to="/register" className="font-semibold underline">
        {t('cart.premiumNote.createAccount')}
      </Link>{' '}
      {t('cart.premiumNote.end')}
    </p>
  );
}

/** /guest-cart: the cart kept in this browser, checked against the shop's current products. */
export default function GuestCartPage() {
  const t = useT();
  useDocumentTitle(t('cart.yourShoppingCart'));
  const { isSignedIn, isLoading } = useSession();
  const items = useGuestCart();
  const navigate = useNavigate();
  const products = useGuestCartProducts([...new Set(items.map((item) => item.product_id))]);
  const lines = useMemo(
    () => items.map((item) => fromGuestItem(item, products.get(item.product_id), t)),
    [items, products, t],
  );

  const remove = useCallback(
    (line: CartViewLine) => {
      const next = readGuestCart().items.filter((item) => localLineKey(item) !== line.key);
      if (!saveGuestCart(next)) return false;
      toast.success(t('cart.removed', { name: line.name }));
      return true;
    },
    [t],
  );

  const clear = useCallback(() => {
    if (!saveGuestCart([])) return false;
    toast.success(t('cart.nowEmpty'));
    return true;
  }, [t]);

  if (isLoading) return <Spinner label={t('cart.loading')} />;
  // A signed-in shopper's cart is on the server (their guest cart was merged at sign-in).
  if (isSignedIn) return <Navigate to="/cart" replace />;

  return (
    <CartView
      title={t('cart.yourShoppingCart')}
      backTo="/"
      backLabel={t('cart.backToShop')}
      lines={lines}
      canSelect={guestCanSelect}
      lineNote={(line) => <MembershipNote line={line} />}
      onRemove={remove}
      onClear={clear}
      onCheckout={(items) => {
        startSelectedItemsCheckout(items, false);
        navigate('/guestcheckout');
      }}
    />
  );
}
