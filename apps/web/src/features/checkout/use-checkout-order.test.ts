import { checkoutMessages, type PlacedOrderResponse } from '@bilum/shared/checkout.schema';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { orderErrorMessage, withOpenPayment } from './use-checkout-order';

const placed = (payment: PlacedOrderResponse['payment']) =>
  ({ order: { id: 7 }, checkoutToken: 'token', payment }) as unknown as PlacedOrderResponse;

describe('honest checkout failures (issue 27)', () => {
  it('shows the server’s words when the order could not be stored', () => {
    const error = new ApiError(503, 'UNAVAILABLE', checkoutMessages.orderNotSaved);
    expect(orderErrorMessage(error)).toBe('We could not save your order; you have not been charged. Please try again.');
    expect(orderErrorMessage(new ApiError(500, 'INTERNAL', 'Something went wrong'))).toBe(
      checkoutMessages.prepareFailed,
    );
  });

  it('keeps a card order only once its payment is open, and says the order is saved meanwhile', () => {
    const payment = { intentId: 'pi_1', clientSecret: 'pi_1_secret', amount: 1_500, currency: 'pgk' as const };
    expect(withOpenPayment(placed(payment)).payment).toEqual(payment);
    let thrown: unknown;
    try {
      withOpenPayment(placed(null));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(orderErrorMessage(thrown)).toBe(checkoutMessages.paymentNotOpened);
  });
});
