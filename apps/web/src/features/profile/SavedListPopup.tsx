import { formatKina, savedListMessages } from '@bilum/shared';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
import { useSavedProducts, useToggleSaved } from '../../lib/saved-products';
import { PopupEmpty, PopupRow } from './PopupParts';

/** Quick Actions › My List: the saved products with price and stock, each removable. */
export function SavedListPopup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const saved = useSavedProducts(open);
  const toggle = useToggleSaved();
  const remove = (productId: number) =>
    toggle.mutate(
      { productId, save: false },
      {
        onSuccess: () => toast.success(savedListMessages.removed),
        onError: () => toast.error(savedListMessages.saveFailed),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={savedListMessages.title} className="sm:max-w-lg">
      {saved.isPending ? (
        <Spinner label="Loading your list…" />
      ) : saved.isError ? (
        <div role="alert" className="space-y-3 text-center">
          <p className="text-red-800">{savedListMessages.loadFailed}</p>
          <Button variant="outline" onClick={() => void saved.refetch()}>
            Retry
          </Button>
        </div>
      ) : saved.data.items.length === 0 ? (
        <PopupEmpty title={savedListMessages.empty} hint={savedListMessages.emptyHint} />
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
                  aria-label={`Remove ${item.name} from your list`}
                  className="-my-2 shrink-0"
                >
                  Remove
                </Button>
              </div>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-bold text-stone-900">{formatKina(item.price)}</span>
                {item.originalPrice !== null && item.originalPrice > item.price && (
                  <s className="text-muted">{formatKina(item.originalPrice)}</s>
                )}
              </p>
              <p className={item.available ? 'text-green-700' : 'font-extrabold text-red-700'}>
                {item.available ? (item.isMembership ? 'Available' : `In stock: ${item.stock}`) : 'SOLD OUT!'}
              </p>
            </PopupRow>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
