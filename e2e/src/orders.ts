import { waitForEmail, waitForEmailMatch } from './emails';

/** Waits for the confirmation e-mail of order `orderId` to `address` and returns its text. */
export function readOrderConfirmationEmail(address: string, orderId: string): Promise<string> {
  return waitForEmail(address, `Your Bilum order #${orderId} is confirmed`);
}

/**
 * Issue 28: waits for the e-mail of a guest's bank-transfer or pickup order `orderId` to `address` and returns its
 * single-use confirmation link (`/confirm-order/:id#token`).
 */
export function readHoldConfirmLink(address: string, orderId: string): Promise<string> {
  return waitForEmailMatch(address, new RegExp(`(http\\S+/confirm-order/${orderId}#[\\w-]+)`), {
    message: `confirmation link of order ${orderId} to ${address}`,
  });
}
