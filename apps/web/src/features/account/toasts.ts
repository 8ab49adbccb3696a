import { accountMessages } from '@bilum/shared';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';

/**
 * A failed account call as the spec words it: "Network Error" when the server cannot be reached, otherwise
 * the given title with the server's message (or the fallback).
 */
export function toastFailure(error: unknown, title: string, fallback: string = accountMessages.somethingWrong) {
  if (error instanceof ApiError && error.isNetwork) {
    toast.error(accountMessages.networkTitle, { description: accountMessages.network });
    return;
  }
  const message =
    error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP' ? error.message : fallback;
  toast.error(title, { description: message });
}
