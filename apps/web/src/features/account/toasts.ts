import { accountMessages } from '@bilum/shared';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';

/**
 * What a failed account call says: the server's own message for an answer it gave (a 4xx in the error shape),
 * the fallback for a 4xx without one, and "Something went wrong. Please try again." for a server error (5xx) or
 * anything unexpected, which says nothing about what the shopper typed (a 500 at sign-in is not a wrong password).
 */
export function failureMessage(error: unknown, fallback: string = accountMessages.somethingWrong): string {
  if (!(error instanceof ApiError) || error.status >= 500) return accountMessages.somethingWrong;
  if (error.code === 'INTERNAL' || error.code === 'HTTP') return fallback;
  return error.message;
}

/**
 * A failed account call as the spec words it: "Network Error" when the server cannot be reached, otherwise
 * the given title with `failureMessage`.
 */
export function toastFailure(error: unknown, title: string, fallback: string = accountMessages.somethingWrong) {
  if (error instanceof ApiError && error.isNetwork) {
    toast.error(accountMessages.networkTitle, { description: accountMessages.network });
    return;
  }
  toast.error(title, { description: failureMessage(error, fallback) });
}
