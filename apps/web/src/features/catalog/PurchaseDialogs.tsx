import type { Cart } from '@bilum/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose } from '../../components/ui/dialog';
import { useT } from '../../i18n/react';
import { startSelectedItemsCheckout, startSingleItemCheckout } from '../../lib/checkout-handoff';
import { readGuestCart } from '../../lib/guest-cart';
import type { LocalCartItem } from '../../lib/local-cart-item';
import { serverCartKey, serverLineToLocalItem } from '../../lib/server-cart';

interface DialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Guests' Buy It Now: "Buy as Guest" goes to guest checkout, "Log in to Buy" to sign-in then checkout. */
export function BuyNowDialog({ open, onOpenChange, item }: DialogBaseProps & { item: LocalCartItem }) {
  const t = useT();
  const navigate = useNavigate();
  const buy = (signedIn: boolean, to: string) => {
    startSingleItemCheckout(item, signedIn);
    navigate(to);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('product.buyDialog.title')}
      description={t('product.buyDialog.description')}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <Button size="lg" onClick={() => buy(false, '/guestcheckout')}>
          {t('product.buyDialog.guest')}
        </Button>
        <Button size="lg" variant="outline" onClick={() => buy(true, '/login?returnUrl=/checkout')}>
          {t('product.buyDialog.logIn')}
        </Button>
      </div>
    </Dialog>
  );
}

/** After Add to Cart: to the cart or straight to checkout (the guest cart and guest checkout for guests). */
export function AddedToCartDialog({
  open,
  onOpenChange,
  productName,
  signedIn,
}: DialogBaseProps & { productName: string; signedIn: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Checkout takes the whole cart's available lines (as if all were ticked on the cart page).
  const checkout = () => {
    const items = signedIn
      ? (client.getQueryData<Cart>(serverCartKey)?.items ?? [])
          .filter((line) => line.status === 'available')
          .map(serverLineToLocalItem)
      : readGuestCart().items.filter((item) => !item.isMembership && item.product_status !== 'sold');
    startSelectedItemsCheckout(items, signedIn);
    navigate(signedIn ? '/contact-details' : '/guestcheckout');
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('product.added.title')}
      description={t('product.added.description', { name: productName })}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <Button size="lg" variant="outline" onClick={() => navigate(signedIn ? '/cart' : '/guest-cart')}>
          {signedIn ? t('product.viewCart') : t('product.added.viewCartGuest')}
        </Button>
        <Button size="lg" onClick={checkout}>
          {signedIn ? t('product.added.checkout') : t('product.added.checkoutGuest')}
        </Button>
      </div>
      <DialogClose asChild>
        <Button variant="ghost">{t('product.added.continue')}</Button>
      </DialogClose>
    </Dialog>
  );
}
