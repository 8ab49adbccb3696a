import { describe, expect, it } from 'vitest';
import { bookFigures, type OrderForBooks, orderBooks } from './books';

const monday = new Date('2026-03-02T02:00:00Z');
const tuesday = new Date('2026-03-03T02:00:00Z');
const wednesday = new Date('2026-03-04T02:00:00Z');
const bag = { productId: 1, productName: 'Kōkō bilum', quantity: 2, unitPrice: 24_900 };

const order = (overrides: Partial<OrderForBooks> = {}): OrderForBooks => ({
  total: 49_800,
  paid: 49_800,
  paidAt: monday,
  fullyRefunded: false,
  refundedAt: null,
  lines: [bag],
  refunds: [],
  ...overrides,
});

describe('orderBooks (sales net of refunds)', () => {
  it('a K498.00 sale with a K249.00 refund the next day: the sale on its day, the refund on its own', () => {
    const books = orderBooks(
      order({ refunds: [{ amount: 24_900, at: tuesday, lines: [{ productId: 1, quantity: 1 }] }] }),
    );
    expect(books.sale).toEqual({
      at: monday,
      amount: 49_800,
      units: [{ productId: 1, productName: 'Kōkō bilum', quantity: 2, value: 49_800 }],
    });
    expect(books.refunds).toEqual([
      { at: tuesday, amount: 24_900, units: [{ productId: 1, productName: 'Kōkō bilum', quantity: 1, value: 24_900 }] },
    ]);
    expect(books).toMatchObject({ returned: 24_900, net: 24_900 });
  });

  it('a fully refunded order (cancelled) refunds what its rows do not cover, and every unit, when refunded', () => {
    const books = orderBooks(
      order({
        fullyRefunded: true,
        refundedAt: wednesday,
        refunds: [{ amount: 10_000, at: tuesday, lines: [] }],
      }),
    );
    expect(books.refunds).toEqual([
      { at: tuesday, amount: 10_000, units: [] },
      {
        at: wednesday,
        amount: 39_800,
        units: [{ productId: 1, productName: 'Kōkō bilum', quantity: 2, value: 49_800 }],
      },
    ]);
    expect(books).toMatchObject({ returned: 49_800, net: 0 });
    // The same with its cancellation recorded as a refund row: the same books.
    const recorded = orderBooks(
      order({
        fullyRefunded: true,
        refundedAt: wednesday,
        refunds: [
          { amount: 10_000, at: tuesday, lines: [] },
          { amount: 39_800, at: wednesday, lines: [] },
        ],
      }),
    );
    expect(recorded.refunds.map((entry) => entry.amount)).toEqual([10_000, 39_800, 0]);
    expect(recorded.refunds.at(-1)?.units).toHaveLength(1);
    expect(recorded).toMatchObject({ returned: 49_800, net: 0 });
  });

  it("an over-payment's excess given back is no refund of sales; what goes beyond it is", () => {
    const overpaid = order({ paid: 50_800 });
    expect(orderBooks({ ...overpaid, refunds: [{ amount: 1_000, at: tuesday, lines: [] }] })).toMatchObject({
      refunds: [],
      returned: 1_000,
      net: 49_800,
    });
    expect(orderBooks({ ...overpaid, refunds: [{ amount: 5_000, at: tuesday, lines: [] }] })).toMatchObject({
      refunds: [{ at: tuesday, amount: 4_000 }],
      net: 45_800,
    });
    // Cancelled and everything returned: the sale is refunded in full, the excess beside it.
    expect(orderBooks({ ...overpaid, fullyRefunded: true, refundedAt: wednesday })).toMatchObject({
      refunds: [{ at: wednesday, amount: 49_800 }],
      returned: 50_800,
      net: 0,
    });
  });

  it('an order never paid is no sale, whatever was given back', () => {
    expect(orderBooks(order({ paidAt: null, paid: 0, fullyRefunded: true, refundedAt: tuesday }))).toEqual({
      sale: null,
      refunds: [],
      returned: 0,
      net: 0,
    });
  });
});

describe('bookFigures', () => {
  it('gross, refunds, net and the GST included in the net (net / 11 to the toea)', () => {
    // K249.00 / 11 = K22.636…: K22.64.
    expect(bookFigures({ gross: 49_800, refunds: 24_900, orders: 1 })).toEqual({
      gross: 49_800,
      refunds: 24_900,
      net: 24_900,
      gst: 2_264,
      orders: 1,
      average: 49_800,
    });
    // A day of refunds only: negative net, and GST given back.
    expect(bookFigures({ gross: 0, refunds: 24_900, orders: 0 })).toMatchObject({
      gross: 0,
      net: -24_900,
      gst: -2_264,
      average: 0,
    });
    expect(bookFigures({ gross: 0, refunds: 0, orders: 0 })).toEqual({
      gross: 0,
      refunds: 0,
      net: 0,
      gst: 0,
      orders: 0,
      average: 0,
    });
  });
});
