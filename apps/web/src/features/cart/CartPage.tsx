import { cartTimings } from '@bilum/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ErrorState, Spinner } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { startSelectedItemsCheckout } from '../../lib/checkout-handoff';
import { useSavedDeliveryEstimate } from '../../lib/delivery-estimate';
import { useServerCart } from '../../lib/server-cart';
import { useSession } from '../../lib/session';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadFailureMessage, removeFailure, useClearCart, useRemoveLine, useUpdateQuantity } from './cart.api';
import { type CartViewLine, fromServerLine } from './cart-lines';
import { CartView } from './CartView';

const loginForCart = '/login?returnUrl=%2Fcart';

/** The spec's signed-out cart: "User not logged in.", then the sign-in page after 1.5 s. */
function SignedOut() {
  const t = useT();
  const navigateLater = useDelayedNavigate();
  useEffect(() => {
    navigateLater(loginForCart, cartTimings.signedOutRedirect, { replace: true });
  }, [navigateLater]);
  return (
    <div className="px-4 py-16">
      <ErrorState message={t('cart.notSignedIn')}>
        <p className="text-sm text-stone-600">{t('cart.redirecting')}</p>
      </ErrorState>
    </div>
  );
}

/** /cart: the signed-in shopper's server cart, re-read every 30 s and when the window regains focus. */
export default function CartPage() {
  const t = useT();
  useDocumentTitle(t('cart.yourCart'));
  const { isSignedIn, isLoading, isMember } = useSession();
  const cart = useServerCart({ refetchInterval: cartTimings.cartPageRefresh, refetchOnWindowFocus: 'always' });
  const navigate = useNavigate();
  const updateQuantity = useUpdateQuantity();
  const removeLine = useRemoveLine();
  const clearCart = useClearCart();
  const [pendingLineKey, setPendingLineKey] = useState<string | null>(null);
  const lines = useMemo(() => (cart.data?.items ?? []).map(fromServerLine), [cart.data]);
  // The fee to the saved delivery details, as soon as the shop knows them (issue 27).
  const delivery = useSavedDeliveryEstimate(isSignedIn, isMember || Boolean(cart.data?.isMember));

  const sessionRefused = cart.error instanceof ApiError && cart.error.status === 401;
  if (isLoading) return <Spinner label={t('cart.loading')} />;
  if (!isSignedIn || sessionRefused) return <SignedOut />;
  if (cart.isPending) return <Spinner label={t('cart.loading')} />;
  if (!cart.data) {
    return (
      <div className="px-4 py-16">
        <ErrorState message={loadFailureMessage(cart.error, t)} onRetry={() => void cart.refetch()} />
      </div>
    );
  }

  const remove = async (line: CartViewLine) => {
    if (line.cartItemId === null) return false;
    try {
      await removeLine.mutateAsync(line.cartItemId);
      toast.success(t('cart.removed', { name: line.name }));
      return true;
    } catch (error) {
      const failure = removeFailure(error, t);
      toast.error(failure.title, { description: failure.description });
      return false;
    }
  };

  const clear = async () => {
    try {
      await clearCart.mutateAsync();
      toast.success(t('cart.nowEmpty'));
      return true;
    } catch (error) {
      const failure = removeFailure(error, t, 'cart.clearFailed');
      toast.error(failure.title, { description: failure.description });
      return false;
    }
  };

  const changeQuantity = (line: CartViewLine, quantity: number) => {
    if (line.cartItemId === null) return;
    setPendingLineKey(line.key);
    updateQuantity.mutate(
      { cartItemId: line.cartItemId, quantity },
      {
        onError: (error) => {
          const failure = removeFailure(error, t, 'cart.updateFailed');
          toast.error(failure.title, { description: failure.description });
          // The stock may have changed: show what the server has now.
          void cart.refetch();
        },
        onSettled: () => setPendingLineKey(null),
      },
    );
  };

  return (
    <CartView
      title={t('cart.yourCart')}
      backTo="/dashboard"
      backLabel={t('cart.continueShopping')}
      lines={lines}
      isMember={isMember || cart.data.isMember}
      discountRate={cart.data.discountRate}
      onRemove={remove}
      onClear={clear}
      onQuantity={changeQuantity}
      pendingLineKey={pendingLineKey}
      delivery={delivery}
      notice={
        cart.isRefetchError ? (
          <div
            role="alert"
            className="flex items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900"
          >
            <span>
              {loadFailureMessage(cart.error, t)} {t('cart.lastLoaded')}
            </span>
            <Button variant="outline" size="sm" onClick={() => void cart.refetch()}>
              {t('cart.tryAgain')}
            </Button>
          </div>
        ) : null
      }
      onCheckout={(items) => {
        startSelectedItemsCheckout(items, true);
        navigate('/contact-details');
      }}
    />
  );
}
