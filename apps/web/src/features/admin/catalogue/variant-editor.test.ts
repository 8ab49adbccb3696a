import { addProductMessages, variantMessages } from '@bilum/shared';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  addValue,
  buildVariantsBody,
  changeRow,
  draftFromAnswer,
  emptyVariantDraft,
  gridRows,
  placeIssues,
  removeValue,
  renameOption,
  valueRefusal,
  type VariantDraft,
} from './variant-editor';

const defaults = { price: '1200', originalPrice: '', lowStockThreshold: '3' };

/** Storage 128 / 256 GB and Colour Black / Blue, typed as the owner would. */
function galaxyDraft(): VariantDraft {
  let draft = addOption(addOption(emptyVariantDraft()));
  draft = renameOption(draft, 0, 'Storage');
  draft = addValue(addValue(draft, 0, '128 GB'), 0, '256 GB');
  draft = renameOption(draft, 1, ' Colour ');
  return addValue(addValue(draft, 1, 'Black'), 1, ' Blue ');
}

describe('the options and variants draft', () => {
  it('lists every combination, the first option slowest, each starting from the product form’s figures', () => {
    const rows = gridRows(galaxyDraft(), defaults);
    expect(rows.map((row) => row.label)).toEqual([
      '128 GB / Black',
      '128 GB / Blue',
      '256 GB / Black',
      '256 GB / Blue',
    ]);
    expect(rows[0]!.row).toMatchObject({ price: '1200', stock: '0', lowStockThreshold: '3', sold: true, sku: '' });
  });

  it('sends the combinations on sale in toea, and none left out', () => {
    let draft = galaxyDraft();
    draft = changeRow(draft, ['256 GB', 'Blue'], defaults, { sold: false });
    draft = changeRow(draft, ['256 GB', 'Black'], defaults, { price: '1,500.50', stock: '4', sku: ' a55-256-bk ' });
    const built = buildVariantsBody(draft, defaults);
    expect(built.body).toEqual({
      options: [
        { name: 'Storage', values: ['128 GB', '256 GB'] },
        { name: 'Colour', values: ['Black', 'Blue'] },
      ],
      variants: [
        {
          values: ['128 GB', 'Black'],
          price: 120_000,
          originalPrice: null,
          stock: 0,
          lowStockThreshold: 3,
          image: null,
        },
        {
          values: ['128 GB', 'Blue'],
          price: 120_000,
          originalPrice: null,
          stock: 0,
          lowStockThreshold: 3,
          image: null,
        },
        {
          values: ['256 GB', 'Black'],
          sku: 'A55-256-BK',
          price: 150_050,
          originalPrice: null,
          stock: 4,
          lowStockThreshold: 3,
          image: null,
        },
      ],
    });
  });

  it('sends a variant’s own picture, and none once the owner goes back to the product’s', () => {
    let draft = changeRow(galaxyDraft(), ['256 GB', 'Black'], defaults, { image: '/api/images/' + 'a'.repeat(32) });
    const sent = (built: ReturnType<typeof buildVariantsBody>) =>
      built.body?.variants.map((variant) => [variant.values.join(' / '), variant.image]);
    expect(sent(buildVariantsBody(draft, defaults))).toContainEqual([
      '256 GB / Black',
      '/api/images/' + 'a'.repeat(32),
    ]);
    draft = changeRow(draft, ['256 GB', 'Black'], defaults, { image: null });
    expect(sent(buildVariantsBody(draft, defaults))).toContainEqual(['256 GB / Black', null]);
  });

  it('keeps a saved variant’s id and sends its stock as a change from the figure it showed', () => {
    const draft = draftFromAnswer({
      options: [{ name: 'Colour', values: ['Black'] }],
      variants: [
        {
          id: 7,
          values: ['Black'],
          sku: 'BLM-000007',
          price: 99_000,
          originalPrice: 110_000,
          stock: 5,
          lowStockThreshold: 2,
          image: null,
        },
      ],
    });
    expect(buildVariantsBody(changeRow(draft, ['Black'], defaults, { stock: '8' }), defaults).body?.variants).toEqual([
      {
        id: 7,
        values: ['Black'],
        sku: 'BLM-000007',
        price: 99_000,
        originalPrice: 110_000,
        stock: 8,
        stockShown: 5,
        lowStockThreshold: 2,
        image: null,
      },
    ]);
  });

  it('brings a row back as it was typed when its value is removed and added again', () => {
    let draft = changeRow(galaxyDraft(), ['128 GB', 'Blue'], defaults, { price: '999' });
    draft = removeValue(draft, 1, 'Blue');
    expect(gridRows(draft, defaults)).toHaveLength(2);
    draft = addValue(draft, 1, 'Blue');
    expect(gridRows(draft, defaults)[1]!.row.price).toBe('999');
  });

  it('puts each refusal on its row or option, and nothing is sent', () => {
    let draft = changeRow(galaxyDraft(), ['128 GB', 'Blue'], defaults, { price: 'abc' });
    draft = changeRow(draft, ['256 GB', 'Black'], defaults, { stock: '-1' });
    draft = addOption(draft);
    const built = buildVariantsBody(draft, defaults);
    expect(built.body).toBeNull();
    expect(built.errors.rows).toEqual({
      '["128 GB","Blue"]': { price: addProductMessages.price },
      '["256 GB","Black"]': { stock: expect.stringMatching(/^Stock on hand must be a whole number/) },
    });
    expect(built.errors.options[2]).toEqual({
      name: variantMessages.optionName,
      values: variantMessages.optionWithoutValues,
    });
  });

  it('refuses a value the option has (in any case), and an empty one', () => {
    const option = galaxyDraft().options[1]!;
    expect(valueRefusal(option, 'black')).toBe(variantMessages.valueTwice('Colour', 'black'));
    expect(valueRefusal(option, '  ')).toBe(variantMessages.value);
    expect(valueRefusal(option, 'Green')).toBeNull();
  });

  it('places the server’s issues on the rows it was sent, left-out rows skipped', () => {
    const draft = changeRow(galaxyDraft(), ['128 GB', 'Blue'], defaults, { sold: false });
    const { sentKeys } = buildVariantsBody(draft, defaults);
    const errors = placeIssues(
      [
        { path: 'variants.1.sku', message: 'Taken.' },
        { path: 'options.0.values.1', message: 'Twice.' },
        { path: 'variants', message: 'Too many.' },
      ],
      sentKeys,
      draft,
    );
    // variants[1] is 256 GB / Black: 128 GB / Blue was left out.
    expect(errors.rows).toEqual({ '["256 GB","Black"]': { sku: 'Taken.' } });
    expect(errors.options).toEqual({ 0: { values: 'Twice.' } });
    expect(errors.general).toEqual(['Too many.']);
  });
});
