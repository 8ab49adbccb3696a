import { catalogMessages } from '@bilum/shared';
import { lazyToast } from '../../lib/toaster';

/** One id for every filter toast: sonner replaces the shown one instead of stacking them over the header. */
export const filterToastId = 'catalog-filter-results';

/**
 * The spec's filter toasts, shown when the shopper applies filters (not when a page merely loads). One at a time:
 * the newest result replaces the last.
 */
export function announceResults(count: number) {
  void lazyToast().then((toast) => {
    if (count > 0) toast.success(catalogMessages.foundItems(count), { id: filterToastId });
    else toast.info(catalogMessages.noItemsFound, { id: filterToastId });
  });
}
