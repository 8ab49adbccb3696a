import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChoosableVariant,
  chooseValue,
  initialVariant,
  nameWithVariant,
  optionCombinations,
  pricePrefix,
  priceRange,
  type ProductOption,
  valueStates,
  variantFromParam,
  variantLabel,
  variantMessages,
  variantWithValues,
} from './variants';
import { productVariantsSchema } from './variants.schema';

// Issue 30 (decision 042): the Galaxy A55 of the issue, in 128 GB and 256 GB, black and blue.
const options: ProductOption[] = [
  { name: 'Storage', values: ['128 GB', '256 GB'] },
  { name: 'Colour', values: ['Black', 'Blue'] },
];
const a55: ChoosableVariant[] = [
  { id: 11, values: ['128 GB', 'Black'], available: true },
  { id: 12, values: ['128 GB', 'Blue'], available: false },
  { id: 13, values: ['256 GB', 'Black'], available: true },
  // 256 GB in blue is not sold: the owner left it out.
];

describe('the combinations of a product’s options', () => {
  it('lists every combination, the first option varying slowest, and one empty one without options', () => {
    expect(optionCombinations(options)).toEqual([
      ['128 GB', 'Black'],
      ['128 GB', 'Blue'],
      ['256 GB', 'Black'],
      ['256 GB', 'Blue'],
    ]);
    expect(optionCombinations([])).toEqual([[]]);
  });

  it('gives as many distinct combinations as the product of the value counts, each a value of every option', () => {
    const optionList = fc.array(
      fc.record({ name: fc.string(), values: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 4 }) }),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(optionList, (list) => {
        const combinations = optionCombinations(list);
        expect(combinations).toHaveLength(list.reduce((count, option) => count * option.values.length, 1));
        expect(new Set(combinations.map((each) => JSON.stringify(each))).size).toBe(combinations.length);
        for (const combination of combinations) {
          expect(combination.every((value, index) => list[index]!.values.includes(value))).toBe(true);
        }
      }),
    );
  });
});

describe('names and prices', () => {
  it('names a variant by its values, and a line by the product and the variant', () => {
    expect(variantLabel(['256 GB', 'Black'])).toBe('256 GB / Black');
    expect(variantLabel([])).toBe('');
    expect(nameWithVariant('Samsung Galaxy A55', '256 GB / Black')).toBe('Samsung Galaxy A55 – 256 GB / Black');
    expect(nameWithVariant('Nikon D3500', '')).toBe('Nikon D3500');
  });

  it('says "from" only when the variants’ prices differ', () => {
    expect(priceRange([149_900, 129_900, 149_900])).toEqual({ from: 129_900, to: 149_900 });
    expect(pricePrefix(priceRange([129_900, 149_900]))).toBe('from ');
    expect(pricePrefix(priceRange([129_900, 129_900]))).toBe('');
    expect(pricePrefix(priceRange([]))).toBe('');
  });

  it('reads ?variant= as a positive whole number only', () => {
    expect(variantFromParam('13')).toBe(13);
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', 'abc', '9999999999'])
      expect(variantFromParam(bad)).toBeNull();
  });
});

describe('the product page’s chooser', () => {
  it('starts on the variant the address names, else the first that can be bought', () => {
    expect(initialVariant(a55, 13)?.id).toBe(13);
    expect(initialVariant(a55, 12)?.id).toBe(12);
    expect(initialVariant(a55, 999)?.id).toBe(11);
    expect(initialVariant(a55, null)?.id).toBe(11);
    expect(initialVariant([{ ...a55[1]!, id: 5 }], null)?.id).toBe(5);
    expect(initialVariant([], null)).toBeUndefined();
  });

  it('shows each button as chosen, on sale, sold out or not sold with the rest of the choice', () => {
    expect(valueStates(options, a55, ['128 GB', 'Black'])).toEqual([
      ['chosen', 'available'],
      ['chosen', 'sold-out'],
    ]);
    expect(valueStates(options, a55, ['256 GB', 'Black'])).toEqual([
      ['available', 'chosen'],
      ['chosen', 'none'],
    ]);
  });

  it('moves to the exact combination picked, or to a variant with the picked value when that one is not sold', () => {
    expect(chooseValue(a55, ['128 GB', 'Black'], 0, '256 GB')?.id).toBe(13);
    expect(chooseValue(a55, ['128 GB', 'Black'], 1, 'Blue')?.id).toBe(12);
    // 256 GB blue is not sold: picking 256 GB from 128 GB blue lands on 256 GB black.
    expect(chooseValue(a55, ['128 GB', 'Blue'], 0, '256 GB')?.id).toBe(13);
    expect(variantWithValues(a55, ['256 GB', 'Blue'])).toBeUndefined();
  });

  it('never leads to a combination the owner does not sell, whatever is picked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...a55),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 1 }),
        (from, index, at) => {
          const value = options[index]!.values[at]!;
          const next = chooseValue(a55, from.values, index, value);
          expect(next).toBeDefined();
          expect(a55).toContain(next);
          expect(next!.values[index]).toBe(value);
        },
      ),
    );
  });
});

describe('the admin’s options and variants', () => {
  const variant = (values: string[], extra: Record<string, unknown> = {}) => ({
    values,
    price: 149_900,
    stock: 3,
    ...extra,
  });
  const issues = (input: unknown) =>
    productVariantsSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('takes a product without options as one variant, and the A55’s four combinations', () => {
    expect(productVariantsSchema.parse({ variants: [variant([])] })).toMatchObject({
      options: [],
      variants: [{ values: [], price: 149_900, stock: 3, originalPrice: null, image: null, lowStockThreshold: 3 }],
    });
    const four = optionCombinations(options).map((values, index) => variant(values, { sku: `a55-${index}` }));
    const parsed = productVariantsSchema.parse({ options, variants: four });
    expect(parsed.variants.map((each) => each.sku)).toEqual(['A55-0', 'A55-1', 'A55-2', 'A55-3']);
  });

  it('refuses options and variants that do not fit together, each with its message on its field', () => {
    expect(issues({ options, variants: [] })).toEqual([['variants', variantMessages.noVariants]]);
    expect(
      issues({
        options: [options[0], { name: 'storage', values: ['Black', 'black'] }],
        variants: [variant(['128 GB', 'Black'])],
      }),
    ).toEqual([
      ['options.1.name', variantMessages.optionNameTwice('storage')],
      ['options.1.values.1', variantMessages.valueTwice('storage', 'black')],
    ]);
    expect(issues({ options, variants: [variant(['128 GB'])] })).toEqual([
      ['variants.0.values', variantMessages.valuesOfOptions],
    ]);
    expect(issues({ options, variants: [variant(['512 GB', 'Black'])] })).toEqual([
      ['variants.0.values.0', variantMessages.unknownValue('Storage', '512 GB')],
    ]);
    expect(
      issues({
        options,
        variants: [variant(['128 GB', 'Black'], { sku: 'X-1' }), variant(['128 GB', 'Black'], { sku: 'x-1' })],
      }),
    ).toEqual([
      ['variants.1.values', variantMessages.combinationTwice('128 GB / Black')],
      ['variants.1.sku', variantMessages.skuTwice('X-1')],
    ]);
    expect(issues({ options: [{ name: 'Colour', values: [] }], variants: [variant([''])] })).toContainEqual([
      'options.0.values',
      variantMessages.noValues('Colour'),
    ]);
    expect(issues({ options: [...options, ...options], variants: [variant([])] })[0]).toEqual([
      'options',
      variantMessages.tooManyOptions,
    ]);
  });
});
