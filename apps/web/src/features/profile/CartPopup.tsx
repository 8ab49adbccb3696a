import { formatKina } from '@bilum/shared';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { handCartToCheckout } from './cart-checkout';
import { useCartForPopup } from './profile.api';
import { PopupEmpty, PopupRow } from './PopupParts';

function loadFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('cart.popup.network');
  if (error instanceof ApiError && error.status === 401) return t('cart.popup.notSignedIn');
  return t('cart.popup.loadFailed');
}

/** Quick Actions › My Cart: the server cart with member prices, and a working "Go to Checkout". */
export function CartPopup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const cart = useCartForPopup(open);
  const lines = cart.data?.items ?? [];
  const canCheckout = lines.some((line) => line.status === 'available');

  const goToCheckout = () => {
    if (handCartToCheckout(lines) === 0) {
      toast.error(t('cart.cannotCheckoutTitle'), { description: t('cart.cannotCheckout') });
      return;
    }
    onOpenChange(false);
    void navigate('/contact-details');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('cart.popup.title')} className="sm:max-w-lg">
      {cart.isPending ? (
        <Spinner label={t('cart.loading')} />
      ) : cart.isError ? (
        <div role="alert" className="space-y-3 text-center">
          <p className="text-red-800">{loadFailure(cart.error, t)}</p>
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('cart.popup.reload')}
          </Button>
        </div>
      ) : lines.length === 0 ? (
        <PopupEmpty title={t('cart.previewEmpty')} hint={t('cart.popup.emptyHint')} />
      ) : (
        <>
          <ul className="divide-y divide-stone-200">
            {lines.map((line) => (
              <PopupRow key={line.cartItemId} image={line.image} name={line.name}>
                <div className={line.status !== 'available' ? 'opacity-60' : undefined}>
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="line-clamp-2 font-semibold text-stone-900">{line.name}</p>
                    {line.isMembership && (
                      <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                        {t('cart.membership')}
                      </span>
                    )}
                    {line.status !== 'available' && (
                      <span className="text-xs font-extrabold text-red-700">
                        {line.status === 'reserved' ? t('cart.reserved') : t('cart.soldOut')}
                      </span>
                    )}
                  </div>
                  <p className="line-clamp-2 text-stone-600">{line.description || t('product.noDescription')}</p>
                  <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
                    <span className="font-bold text-stone-900">{formatKina(line.unitPrice)}</span>
                    {line.isMemberPrice && line.originalPrice !== null && (
                      <s className="text-muted">{formatKina(line.originalPrice)}</s>
                    )}
                    <span className="text-stone-600">{t('cart.popup.qty', { quantity: line.quantity })}</span>
                  </p>
                </div>
              </PopupRow>
            ))}
          </ul>
          <div className="flex items-center justify-between border-t border-stone-200 pt-3 text-base font-bold">
            <span>{t('cart.total')}</span>
            <span>{formatKina(cart.data.summary.total)}</span>
          </div>
          <Button size="lg" onClick={goToCheckout} disabled={!canCheckout}>
            {t('cart.popup.goToCheckout')}
          </Button>
        </>
      )}
    </Dialog>
  );
}
