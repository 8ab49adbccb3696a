import { useCallback, useMemo } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../components/ui/states';
import { startSelectedItemsCheckout } from '../../lib/checkout-handoff';
import { readGuestCart, saveGuestCart, useGuestCart } from '../../lib/guest-cart';
import { localLineKey } from '../../lib/local-cart-item';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGuestCartProducts } from './cart.api';
import { type CartViewLine, fromGuestItem, guestCanSelect } from './cart-lines';
import { CartView } from './CartView';

function MembershipNote({ line }: { line: CartViewLine }) {
  if (!line.isMembership) return null;
  return (
    <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
      Premium needs an account.{' '}
      <Link to="/login?returnUrl=%2Fcart" className="font-semibold underline">
        Sign in
      </Link>{' '}
      or{' '}
      <Link to="/register" className="font-semibold underline">
        create an account
      </Link>{' '}
      to buy it; your cart comes with you.
    </p>
  );
}

/** /guest-cart: the cart kept in this browser, checked against the shop's current products. */
export default function GuestCartPage() {
  useDocumentTitle('Your Shopping Cart');
  const { isSignedIn, isLoading } = useSession();
  const items = useGuestCart();
  const navigate = useNavigate();
  const products = useGuestCartProducts([...new Set(items.map((item) => item.product_id))]);
  const lines = useMemo(
    () => items.map((item) => fromGuestItem(item, products.get(item.product_id))),
    [items, products],
  );

  const remove = useCallback((line: CartViewLine) => {
    const next = readGuestCart().items.filter((item) => localLineKey(item) !== line.key);
    if (!saveGuestCart(next)) return false;
    toast.success(`${line.name} was removed from your cart.`);
    return true;
  }, []);

  const clear = useCallback(() => {
    if (!saveGuestCart([])) return false;
    toast.success('Your cart is now empty.');
    return true;
  }, []);

  if (isLoading) return <Spinner label="Loading your cart…" />;
  // A signed-in shopper's cart is on the server (their guest cart was merged at sign-in).
  if (isSignedIn) return <Navigate to="/cart" replace />;

  return (
    <CartView
      title="Your Shopping Cart"
      backTo="/"
      backLabel="Back to shop"
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
