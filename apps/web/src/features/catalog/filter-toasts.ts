import { catalogMessages } from '@bilum/shared';
import { lazyToast } from '../../lib/toaster';

/** The spec's filter toasts, shown when the shopper applies filters (not when a page merely loads). */
export function announceResults(count: number) {
  void lazyToast().then((toast) => {
    if (count > 0) toast.success(catalogMessages.foundItems(count));
    else toast.info(catalogMessages.noItemsFound);
  });
}
