import { toast } from 'sonner';
import type { Translate } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';

/**
 * What a failed account call says: the server's own message for an answer it gave (a 4xx in the error shape),
 * the fallback for a 4xx without one, and "Something went wrong. Please try again." for a server error (5xx) or
 * anything unexpected, which says nothing about what the shopper typed (a 500 at sign-in is not a wrong password).
 */
export function failureMessage(error: unknown, t: Translate, fallback?: string): string {
  const somethingWrong = t('account.toast.somethingWrong');
  if (!(error instanceof ApiError) || error.status >= 500) return somethingWrong;
  if (error.code === 'INTERNAL' || error.code === 'HTTP') return fallback ?? somethingWrong;
  return error.message;
}

/**
 * A failed account call as the spec words it: "Network Error" when the server cannot be reached, otherwise
 * the given title with `failureMessage`. `t` gives the texts in the page's language (`useT()`).
 */
export function toastFailure(error: unknown, t: Translate, title: string, fallback?: string) {
  if (error instanceof ApiError && error.isNetwork) {
    toast.error(t('account.toast.networkTitle'), { description: t('account.toast.network') });
    return;
  }
  toast.error(title, { description: failureMessage(error, t, fallback) });
}
