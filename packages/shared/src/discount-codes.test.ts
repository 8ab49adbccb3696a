import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CodeLine,
  codeRefusal,
  type DiscountTerms,
  describeDiscount,
  formatPortMoresbyTime,
  fromPortMoresbyTime,
  isEligibleLine,
  type MemberCodeRule,
  normaliseCode,
  priceWithCode,
  toPortMoresbyTime,
} from './discount-codes';
import { memberPrice } from './pricing';

const wantok10: DiscountTerms = {
  code: 'WANTOK10',
  kind: 'percent',
  value: 10,
  minSpend: 10_000,
  startsAt: fromPortMoresbyTime('2026-12-05T00:00'),
  endsAt: fromPortMoresbyTime('2026-12-07T00:00'),
  maxUses: 100,
  maxUsesPerShopper: 1,
  categories: [],
  productIds: [],
  active: true,
};

function line(overrides: Partial<CodeLine> = {}): CodeLine {
  return {
    productId: 1,
    category: 'phones',
    quantity: 1,
    regularUnitPrice: 129_900,
    unitPrice: 129_900,
    isMembership: false,
    ...overrides,
  };
}

const saturday = fromPortMoresbyTime('2026-12-05T10:30') as Date;
const check = (
  terms: DiscountTerms | null,
  lines: CodeLine[],
  extra: { now?: Date; taken?: number; mine?: number } = {},
) =>
  codeRefusal(terms, {
    entered: 'wantok10',
    now: extra.now ?? saturday,
    usesTaken: extra.taken ?? 0,
    usesByShopper: extra.mine ?? 0,
    pricing: priceWithCode(terms ?? wantok10, { lines, shipping: 2_500, delivered: true, rule: 'better' }),
  });

describe('codes and Port Moresby time', () => {
  it('keeps a code in upper case, whatever the shopper typed', () => {
    expect(normaliseCode('  wantok10 ')).toBe('WANTOK10');
  });

  it('reads and writes dates in Port Moresby time (UTC+10, no daylight saving)', () => {
    expect(fromPortMoresbyTime('2026-12-05T08:00')?.toISOString()).toBe('2026-12-04T22:00:00.000Z');
    expect(toPortMoresbyTime(new Date('2026-12-04T22:00:00Z'))).toBe('2026-12-05T08:00');
    expect(formatPortMoresbyTime(new Date('2026-12-04T22:00:00Z'))).toBe('5 Dec 2026, 08:00');
    expect(fromPortMoresbyTime('2026-02-30T08:00')).toBeNull();
    expect(fromPortMoresbyTime('5/12/2026')).toBeNull();
  });

  it('says what a code gives', () => {
    expect(describeDiscount(wantok10)).toBe('10% off');
    expect(describeDiscount({ kind: 'fixed', value: 2_000 })).toBe('K20.00 off');
    expect(describeDiscount({ kind: 'free-delivery', value: 0 })).toBe('Free delivery');
  });
});

describe('priceWithCode', () => {
  it('takes a percentage off each unit, rounded to the toea', () => {
    const pricing = priceWithCode(wantok10, {
      lines: [line({ quantity: 2, unitPrice: 999, regularUnitPrice: 999 })],
      shipping: 2_500,
      delivered: true,
      rule: 'better',
    });
    // 999 x 0.9 = 899.1 -> 899 per unit, 100 off each of the two.
    expect(pricing.lineDiscounts).toEqual([200]);
    expect(pricing.discount).toBe(200);
    expect(pricing.shippingDiscount).toBe(0);
  });

  it('never takes anything off the membership, or off lines outside the code’s categories and products', () => {
    const terms: DiscountTerms = { ...wantok10, categories: ['phones'], productIds: [9] };
    const lines = [
      line({ productId: 1, category: 'phones' }),
      line({ productId: 9, category: 'accessories', unitPrice: 5_000, regularUnitPrice: 5_000 }),
      line({ productId: 2, category: 'computers' }),
      line({ productId: 3, category: 'phones', isMembership: true }),
    ];
    expect(lines.map((entry) => isEligibleLine(terms, entry))).toEqual([true, true, false, false]);
    expect(priceWithCode(terms, { lines, shipping: 0, delivered: true, rule: 'better' }).lineDiscounts).toEqual([
      12_990, 500, 0, 0,
    ]);
  });

  it('spreads a fixed amount over the eligible lines by their value, to the toea', () => {
    const terms: DiscountTerms = { ...wantok10, kind: 'fixed', value: 1_000 };
    const pricing = priceWithCode(terms, {
      lines: [
        line({ unitPrice: 3_000, regularUnitPrice: 3_000 }),
        line({ unitPrice: 3_000, regularUnitPrice: 3_000 }),
        line({ unitPrice: 3_000, regularUnitPrice: 3_000 }),
      ],
      shipping: 0,
      delivered: false,
      rule: 'better',
    });
    expect(pricing.lineDiscounts).toEqual([334, 333, 333]);
    expect(pricing.goodsDiscount).toBe(1_000);
  });

  it('takes no more than the goods are worth with a fixed amount larger than the order', () => {
    const terms: DiscountTerms = { ...wantok10, kind: 'fixed', value: 500_000 };
    const pricing = priceWithCode(terms, { lines: [line()], shipping: 2_500, delivered: true, rule: 'better' });
    expect(pricing.goodsDiscount).toBe(129_900);
    expect(pricing.shippingDiscount).toBe(0);
  });

  it('gives free delivery only to a delivered order with an eligible line', () => {
    const terms: DiscountTerms = { ...wantok10, kind: 'free-delivery', value: 0, categories: ['phones'] };
    const delivered = priceWithCode(terms, { lines: [line()], shipping: 2_500, delivered: true, rule: 'better' });
    expect(delivered.shippingDiscount).toBe(2_500);
    expect(delivered.goodsDiscount).toBe(0);
    const pickup = priceWithCode(terms, { lines: [line()], shipping: 0, delivered: false, rule: 'better' });
    expect(pickup.discount).toBe(0);
    const other = priceWithCode(terms, {
      lines: [line({ category: 'cameras' })],
      shipping: 2_500,
      delivered: true,
      rule: 'better',
    });
    expect(other.discount).toBe(0);
  });

  it('gives a member the better of the member price and the code, never both, by default', () => {
    const regular = 100_000;
    const member = memberPrice(regular, 0.1, false); // 90,000
    const fifteen: DiscountTerms = { ...wantok10, value: 15 };
    const better = priceWithCode(fifteen, {
      lines: [line({ regularUnitPrice: regular, unitPrice: member })],
      shipping: 0,
      delivered: true,
      rule: 'better',
    });
    // The code's 15% off the regular price (85,000) beats the member price (90,000): 5,000 more off, not 13,500.
    expect(better.lineDiscounts).toEqual([5_000]);
    const five: DiscountTerms = { ...wantok10, value: 5 };
    const worse = priceWithCode(five, {
      lines: [line({ regularUnitPrice: regular, unitPrice: member })],
      shipping: 0,
      delivered: true,
      rule: 'better',
    });
    expect(worse.lineDiscounts).toEqual([0]);
    const stacked = priceWithCode(five, {
      lines: [line({ regularUnitPrice: regular, unitPrice: member })],
      shipping: 0,
      delivered: true,
      rule: 'stack',
    });
    expect(stacked.lineDiscounts).toEqual([4_500]);
  });
});

describe('codeRefusal', () => {
  it('applies WANTOK10 to a K1,299.00 phone on the weekend', () => {
    expect(check(wantok10, [line()])).toBeNull();
  });

  it('refuses with the shopper’s reason', () => {
    expect(check(null, [line()])).toEqual({
      reason: 'unknown',
      message: 'There is no discount code "WANTOK10". Check the spelling.',
    });
    expect(check({ ...wantok10, active: false }, [line()])?.reason).toBe('paused');
    expect(check(wantok10, [line()], { now: fromPortMoresbyTime('2026-12-04T23:59') as Date })?.message).toBe(
      'The code WANTOK10 can be used from 5 Dec 2026, 00:00 (Port Moresby time).',
    );
    // The end is exclusive: at midnight on Monday the weekend's code has ended.
    expect(check(wantok10, [line()], { now: fromPortMoresbyTime('2026-12-07T00:00') as Date })?.reason).toBe('ended');
    expect(check(wantok10, [line()], { taken: 100 })?.reason).toBe('used-up');
    expect(check(wantok10, [line()], { mine: 1 })?.message).toBe(
      'You have used the code WANTOK10 once, as many times as it allows.',
    );
    expect(check(wantok10, [line({ isMembership: true })])?.reason).toBe('nothing-eligible');
    expect(check(wantok10, [line({ unitPrice: 9_999, regularUnitPrice: 9_999 })])?.message).toBe(
      'The code WANTOK10 needs a spend of at least K100.00; that comes to K99.99 in your order.',
    );
    const solar: DiscountTerms = { ...wantok10, categories: ['solar'] };
    expect(
      check(solar, [line({ category: 'solar', unitPrice: 5_000, regularUnitPrice: 5_000 }), line()])?.message,
    ).toBe(
      'The code WANTOK10 needs a spend of at least K100.00 on the products it applies to; that comes to K50.00 in your order.',
    );
  });

  it('refuses a code that takes nothing off: a member’s lower prices, delivery already free, or pickup', () => {
    expect(check({ ...wantok10, value: 5 }, [line({ unitPrice: 116_910 })])?.reason).toBe('nothing-off');
    const freeDelivery: DiscountTerms = { ...wantok10, kind: 'free-delivery', value: 0 };
    const refusal = (shipping: number, delivered: boolean) =>
      codeRefusal(freeDelivery, {
        entered: 'x',
        now: saturday,
        usesTaken: 0,
        usesByShopper: 0,
        pricing: priceWithCode(freeDelivery, { lines: [line()], shipping, delivered, rule: 'better' }),
      })?.message;
    expect(refusal(0, true)).toBe(
      'The code WANTOK10 gives free delivery, and delivery is already free for this order.',
    );
    expect(refusal(0, false)).toBe(
      'The code WANTOK10 gives free delivery, and this order is collected, not delivered.',
    );
  });
});

const terms = fc
  .record({
    code: fc.constant('CODE'),
    kind: fc.constantFrom('percent', 'fixed', 'free-delivery'),
    value: fc.integer({ min: 1, max: 100 }),
    minSpend: fc.constant(0),
    startsAt: fc.constant(null),
    endsAt: fc.constant(null),
    maxUses: fc.constant(null),
    maxUsesPerShopper: fc.constant(null),
    categories: fc.subarray(['phones', 'computers', 'solar']),
    productIds: fc.subarray([1, 2, 3]),
    active: fc.constant(true),
  })
  .chain((drawn) =>
    drawn.kind === 'fixed'
      ? fc.integer({ min: 1, max: 2_000_000 }).map((value) => ({ ...drawn, value }))
      : fc.constant(drawn),
  );

const memberRate = fc.constantFrom(0, 0.1, 0.25);
const codeLines = memberRate.chain((rate) =>
  fc.array(
    fc
      .record({
        productId: fc.integer({ min: 1, max: 5 }),
        category: fc.constantFrom('phones', 'computers', 'cameras', 'solar'),
        quantity: fc.integer({ min: 1, max: 20 }),
        regularUnitPrice: fc.integer({ min: 1, max: 5_000_000 }),
        isMembership: fc.integer({ min: 0, max: 6 }).map((draw) => draw === 0),
      })
      .map((drawn) => ({ ...drawn, unitPrice: memberPrice(drawn.regularUnitPrice, rate, drawn.isMembership) })),
    { maxLength: 8 },
  ),
);

describe('priceWithCode, for any order (property)', () => {
  it('keeps its promises: within each line, only eligible lines, a fixed amount never exceeded, the better rule', () => {
    fc.assert(
      fc.property(
        terms,
        codeLines,
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        fc.constantFrom<MemberCodeRule>('better', 'stack'),
        (code, lines, shipping, delivered, rule) => {
          const pricing = priceWithCode(code, { lines, shipping, delivered, rule });
          expect(pricing.lineDiscounts).toHaveLength(lines.length);
          lines.forEach((entry, index) => {
            const discount = pricing.lineDiscounts[index] as number;
            const total = entry.unitPrice * entry.quantity;
            expect(Number.isInteger(discount)).toBe(true);
            expect(discount).toBeGreaterThanOrEqual(0);
            expect(discount).toBeLessThanOrEqual(total);
            if (!isEligibleLine(code, entry) || code.kind === 'free-delivery') expect(discount).toBe(0);
            if (rule === 'better' && code.kind === 'percent') {
              // Never both: what is paid is the lower of the member price and the code's price alone.
              const codeAlone = Math.round(entry.regularUnitPrice * (1 - code.value / 100)) * entry.quantity;
              if (isEligibleLine(code, entry)) expect(total - discount).toBe(Math.min(total, codeAlone));
            }
          });
          expect(pricing.goodsDiscount).toBe(pricing.lineDiscounts.reduce((sum, value) => sum + value, 0));
          if (code.kind === 'fixed') expect(pricing.goodsDiscount).toBeLessThanOrEqual(code.value);
          if (code.kind === 'fixed' && rule === 'stack') {
            expect(pricing.goodsDiscount).toBe(Math.min(code.value, pricing.eligibleSubtotal));
          }
          expect(pricing.shippingDiscount).toBe(
            code.kind === 'free-delivery' && delivered && pricing.eligibleLines > 0 ? shipping : 0,
          );
          expect(pricing.discount).toBe(pricing.goodsDiscount + pricing.shippingDiscount);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
