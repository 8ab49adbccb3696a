import { describe, expect, it } from 'vitest';
import { categorySlugFromName, categorySlugSchema } from './categories.schema';

describe('the slug a category name gives', () => {
  it('drops accents, keeps letters and digits, joins the rest with single hyphens, cut to 60', () => {
    expect(categorySlugFromName('  Solar Lights ')).toBe('solar-lights');
    expect(categorySlugFromName('Ōkena & Kōkō 2')).toBe('okena-koko-2');
    expect(categorySlugFromName('***')).toBe('');
    expect(categorySlugFromName(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59));
  });

  it('is always a slug the schema takes, or empty', () => {
    for (const name of ['Solar Lights', 'Ōkena', 'A--B', ' 4G / 5G modems ', '***']) {
      const slug = categorySlugFromName(name);
      expect(slug === '' || categorySlugSchema.safeParse(slug).success, name).toBe(true);
    }
  });
});
