import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type OrderQuoteInput, priceChangedMessage, quoteOrder, quoteReasonText, quoteWithCode } from './order-quote';

const annaLine = {
  id: 1,
  productId: 7,
  name: 'Bilum bag',
  quantity: 1,
  placedUnitPrice: 14_900,
  placedOriginalPrice: null,
  isMembership: false,
  todayPrice: 14_900,
};
const highlands = { pickup: false, nothingToDeliver: false, zoneFee: 4_000 };
const guest = { isMember: false, discountRate: 0 };
const member = { isMember: true, discountRate: 0.1 };

function anna(overrides: Partial<OrderQuoteInput> = {}): OrderQuoteInput {
  return { lines: [annaLine], placedShipping: 4_000, membership: guest, delivery: highlands, ...overrides };
}

describe('the quote of an unpaid order', () => {
  it('is what it was placed at when nothing changed', () => {
    const quote = quoteOrder(anna());
    expect(quote).toMatchObject({ subtotal: 14_900, savings: 0, shipping: 4_000, total: 18_900, reasons: [] });
    expect(quote.lines[0]).toMatchObject({ unitPrice: 14_900, originalPrice: null, lineTotal: 14_900 });
  });

  it('Anna joins Premium: K149.00 + K40.00 Highlands becomes K134.10 with free delivery', () => {
    const quote = quoteOrder(anna({ membership: member }));
    expect(quote).toMatchObject({ subtotal: 14_900, savings: 1_490, shipping: 0, total: 13_410 });
    expect(quote.lines[0]).toMatchObject({ unitPrice: 13_410, originalPrice: 14_900, lineTotal: 13_410 });
    expect(quote.reasons).toEqual(['member-price', 'member-delivery']);
  });

  it('never rises: a price raised after placing keeps the placed price', () => {
    const quote = quoteOrder(anna({ lines: [{ ...annaLine, todayPrice: 19_900 }] }));
    expect(quote.total).toBe(18_900);
    expect(quote.reasons).toEqual([]);
  });

  it('a member whose product price rose pays the lower of placed and today’s member price', () => {
    // Placed as a member at K134.10; today K160.00, member price K144.00: still K134.10.
    const placedAsMember = { ...annaLine, placedUnitPrice: 13_410, placedOriginalPrice: 14_900, todayPrice: 16_000 };
    const quote = quoteOrder(anna({ lines: [placedAsMember], placedShipping: 0, membership: member }));
    expect(quote.total).toBe(13_410);
    expect(quote.lines[0]?.originalPrice).toBe(14_900);
  });

  it('a price that fell is passed on, with the placed price struck through', () => {
    const quote = quoteOrder(anna({ lines: [{ ...annaLine, todayPrice: 12_000, quantity: 2 }] }));
    expect(quote).toMatchObject({ subtotal: 29_800, savings: 5_800, total: 28_000, reasons: ['price-fell'] });
  });

  it('a zone fee that fell is passed on; one that rose or vanished is not', () => {
    expect(quoteOrder(anna({ delivery: { ...highlands, zoneFee: 2_500 } }))).toMatchObject({
      shipping: 2_500,
      total: 17_400,
      reasons: ['delivery-fee-fell'],
    });
    expect(quoteOrder(anna({ delivery: { ...highlands, zoneFee: 6_000 } })).shipping).toBe(4_000);
    expect(quoteOrder(anna({ delivery: { ...highlands, zoneFee: null } })).shipping).toBe(4_000);
  });

  it('pickup and a membership-only order never pay delivery', () => {
    expect(quoteOrder(anna({ delivery: { ...highlands, pickup: true } })).shipping).toBe(0);
    expect(quoteOrder(anna({ delivery: { ...highlands, nothingToDeliver: true } })).shipping).toBe(0);
  });

  it('the membership product is never discounted, and a product with no price keeps its placed price', () => {
    const premium = {
      ...annaLine,
      id: 2,
      productId: 1,
      isMembership: true,
      placedUnitPrice: 20_050,
      todayPrice: 20_050,
    };
    const archived = { ...annaLine, todayPrice: null };
    const quote = quoteOrder(anna({ lines: [premium, archived], membership: member }));
    expect(quote.lines.map((line) => line.unitPrice)).toEqual([20_050, 14_900]);
  });

  it('says why in words', () => {
    expect(quoteReasonText(['member-price', 'member-delivery'])).toBe(
      'your Premium member prices now apply and delivery is free for Premium members',
    );
    expect(priceChangedMessage(18_900, 13_410, ['member-price'])).toBe(
      'The price of your order changed: now K134.10 (was K189.00) because your Premium member prices now apply. Pay K134.10.',
    );
  });
});

describe('an order with a discount code, priced again (issue 30, decision 040)', () => {
  const line = (id: number, unitPrice: number, quantity: number) => ({
    id,
    productId: id,
    name: `Product ${id}`,
    quantity,
    unitPrice,
    originalPrice: null,
    lineTotal: unitPrice * quantity,
    discount: 0,
  });
  const quoteOf = (lines: ReturnType<typeof line>[], shipping: number) => ({
    lines,
    subtotal: lines.reduce((sum, one) => sum + one.lineTotal, 0),
    savings: 0,
    shipping,
    discount: 0,
    total: lines.reduce((sum, one) => sum + one.lineTotal, 0) + shipping,
    reasons: [],
  });

  it('never costs more than as placed, line by line and in all, whatever the code takes off now', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            placedUnit: fc.integer({ min: 1, max: 100_000 }),
            nowUnit: fc.integer({ min: 1, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
            placedShare: fc.double({ min: 0, max: 1, noNaN: true }),
            nowShare: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        (rows, placedShipping, nowShipping, freeDelivery) => {
          const placedLines = rows.map((row, index) => ({
            id: index + 1,
            quantity: row.quantity,
            unitPrice: row.placedUnit,
            originalPrice: null,
            discount: Math.floor(row.placedUnit * row.quantity * row.placedShare),
          }));
          const placedShippingDiscount = freeDelivery ? placedShipping : 0;
          const placedTotal =
            placedLines.reduce((sum, one) => sum + one.unitPrice * one.quantity - one.discount, 0) +
            placedShipping -
            placedShippingDiscount;
          const now = quoteOf(
            rows.map((row, index) => line(index + 1, Math.min(row.nowUnit, row.placedUnit), row.quantity)),
            Math.min(nowShipping, placedShipping),
          );
          const quoted = quoteWithCode(
            now,
            {
              lineDiscounts: rows.map((row, index) => Math.floor((now.lines[index]?.lineTotal ?? 0) * row.nowShare)),
              shippingDiscount: freeDelivery ? now.shipping : 0,
            },
            { lines: placedLines, shipping: placedShipping, shippingDiscount: placedShippingDiscount },
          );
          quoted.lines.forEach((one, index) => {
            const placed = placedLines[index]!;
            expect(one.lineTotal - one.discount).toBeLessThanOrEqual(
              placed.unitPrice * placed.quantity - placed.discount,
            );
            expect(one.discount).toBeGreaterThanOrEqual(0);
            expect(one.discount).toBeLessThanOrEqual(one.lineTotal);
          });
          expect(quoted.total).toBeLessThanOrEqual(placedTotal);
          expect(quoted.total).toBe(
            quoted.lines.reduce((sum, one) => sum + one.lineTotal - one.discount, 0) +
              quoted.shipping -
              (quoted.discount - quoted.lines.reduce((sum, one) => sum + one.discount, 0)),
          );
        },
      ),
    );
  });
});
