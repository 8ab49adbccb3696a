import { describe, expect, it } from 'vitest';
import {
  discountCodeAdminMessages as messages,
  type DiscountCodeFormValues,
  discountCodeFormSchema,
  discountCodeInputSchema,
} from './discount-codes.schema';

const form = (overrides: Partial<DiscountCodeFormValues> = {}): DiscountCodeFormValues => ({
  code: ' wantok10 ',
  kind: 'percent',
  value: '10',
  minSpend: '100',
  startsAt: '2026-12-05T00:00',
  endsAt: '2026-12-07T00:00',
  maxUses: '',
  maxUsesPerShopper: '1',
  categories: ['solar'],
  productIds: '12, 40',
  active: true,
  ...overrides,
});

const errorsOf = (values: DiscountCodeFormValues) => {
  const result = discountCodeFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the staff’s discount code form', () => {
  it('turns what was typed into exactly the API’s body: kina to toea, Port Moresby times with their offset', () => {
    expect(discountCodeFormSchema.parse(form())).toEqual({
      code: 'WANTOK10',
      kind: 'percent',
      value: 10,
      minSpend: 10_000,
      startsAt: '2026-12-05T00:00:00+10:00',
      endsAt: '2026-12-07T00:00:00+10:00',
      maxUses: null,
      maxUsesPerShopper: 1,
      categories: ['solar'],
      productIds: [12, 40],
      active: true,
    });
    expect(discountCodeFormSchema.parse(form({ kind: 'fixed', value: 'K20.50', minSpend: '' }))).toMatchObject({
      value: 2_050,
      minSpend: 0,
    });
    // Free delivery takes no value, whatever the box held.
    expect(discountCodeFormSchema.parse(form({ kind: 'free-delivery', value: 'abc' }))).toMatchObject({ value: 0 });
  });

  it('puts each mistake on its field', () => {
    expect(errorsOf(form({ value: '0' }))).toMatchObject({ value: messages.percent });
    expect(errorsOf(form({ value: '12.5' }))).toMatchObject({ value: messages.percent });
    expect(errorsOf(form({ kind: 'fixed', value: '0.00' }))).toMatchObject({ value: messages.fixed });
    expect(errorsOf(form({ minSpend: 'lots' }))).toMatchObject({ minSpend: messages.minSpend });
    expect(errorsOf(form({ startsAt: '2026-02-30T00:00' }))).toMatchObject({ startsAt: messages.date });
    expect(errorsOf(form({ endsAt: '2026-12-04T00:00' }))).toMatchObject({ endsAt: messages.endBeforeStart });
    expect(errorsOf(form({ maxUses: '0' }))).toMatchObject({ maxUses: messages.uses });
    expect(errorsOf(form({ maxUses: '1', maxUsesPerShopper: '2' }))).toMatchObject({
      maxUsesPerShopper: messages.perShopperOverTotal,
    });
    expect(errorsOf(form({ productIds: '12; 40' }))).toMatchObject({ productIds: messages.productId });
    expect(errorsOf(form({ code: 'WANTOK 10' }))).toMatchObject({ code: messages.code });
  });
});

describe('the API’s discount code body', () => {
  it('keeps the code in upper case and each limit once, and fills what is left out', () => {
    expect(
      discountCodeInputSchema.parse({
        code: 'lae-free',
        kind: 'free-delivery',
        value: 0,
        categories: ['phones', 'phones'],
        productIds: [3, 3],
      }),
    ).toEqual({
      code: 'LAE-FREE',
      kind: 'free-delivery',
      value: 0,
      minSpend: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerShopper: null,
      categories: ['phones'],
      productIds: [3],
      active: true,
    });
  });

  it('refuses an instant without its offset', () => {
    expect(
      discountCodeInputSchema.safeParse({ code: 'X-10', kind: 'percent', value: 10, startsAt: '2026-12-05T00:00' })
        .success,
    ).toBe(false);
  });
});
