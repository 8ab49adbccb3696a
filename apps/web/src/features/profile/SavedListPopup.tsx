import { formatKina } from '@bilum/shared';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { useSavedProducts, useToggleSaved } from '../../lib/saved-products';
import { PopupEmpty, PopupRow } from './PopupParts';

/** Quick Actions › My List: the saved products with price and stock, each removable. */
export function SavedListPopup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const saved = useSavedProducts(open);
  const toggle = useToggleSaved();
  const remove = (productId: number) =>
    toggle.mutate(
      { productId, save: false },
      {
        onSuccess: () => toast.success(t('list.saved.removed')),
        onError: () => toast.error(t('list.saved.saveFailed')),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('list.saved.title')} className="sm:max-w-lg">
      {saved.isPending ? (
        <Spinner label={t('list.saved.loading')} />
      ) : saved.isError ? (
        <div role="alert" className="space-y-3 text-center">
          <p className="text-red-800">{t('list.saved.loadFailed')}</p>
          <Button variant="outline" onClick={() => void saved.refetch()}>
            {t('list.saved.retry')}
          </Button>
        </div>
      ) : saved.data.items.length === 0 ? (
        <PopupEmpty title={t('list.saved.empty')} hint={t('list.saved.emptyHint')} />
      ) : (
        <ul className="divide-y divide-stone-200">
          {saved.data.items.map((item) => (
            <PopupRow key={item.productId} image={item.image} name={item.name}>
              <div className="flex items-start justify-between gap-2">
                <Link
                  to={`/item/${item.productId}`}
                  onClick={() => onOpenChange(false)}
                  className="line-clamp-2 font-semibold text-stone-900 hover:text-brand-700 hover:underline"
                >
                  {item.name}
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(item.productId)}
                  disabled={toggle.isPending}
                  aria-label={t('list.saved.removeLabel', { name: item.name })}
                  className="-my-2 shrink-0"
                >
                  {t('list.saved.remove')}
                </Button>
              </div>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-bold text-stone-900">{formatKina(item.price)}</span>
                {item.originalPrice !== null && item.originalPrice > item.price && (
                  <s className="text-muted">{formatKina(item.originalPrice)}</s>
                )}
              </p>
              <p className={item.available ? 'text-green-700' : 'font-extrabold text-red-700'}>
                {item.available
                  ? item.isMembership
                    ? t('list.saved.available')
                    : t('list.saved.inStock', { stock: item.stock })
                  : t('list.saved.soldOut')}
              </p>
            </PopupRow>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
