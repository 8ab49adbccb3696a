import { englishT, type StartupTranslate } from '../../i18n/i18n';
import { lazyToast } from '../../lib/toaster';

/** One id for every filter toast: sonner replaces the shown one instead of stacking them over the header. */
export const filterToastId = 'catalog-filter-results';

/**
 * The spec's filter toasts, shown when the shopper applies filters (not when a page merely loads). One at a time:
 * the newest result replaces the last.
 */
export function announceResults(count: number, t: StartupTranslate = englishT) {
  void lazyToast().then((toast) => {
    if (count > 0) toast.success(t('category.foundItems', { count }), { id: filterToastId });
    else toast.info(t('category.noItemsFound'), { id: filterToastId });
  });
}
