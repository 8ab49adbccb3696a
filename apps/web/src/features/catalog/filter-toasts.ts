import { catalogMessages } from '@bilum/shared';
import { toast } from 'sonner';

/** The spec's filter toasts, shown when the shopper applies filters (not when a page merely loads). */
export function announceResults(count: number) {
  if (count > 0) toast.success(catalogMessages.foundItems(count));
  else toast.info(catalogMessages.noItemsFound);
}
