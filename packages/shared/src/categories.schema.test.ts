import { describe, expect, it } from 'vitest';
import {
  addCategoryFormSchema,
  categoryMessages,
  categorySlugFromName,
  categorySlugSchema,
  renameCategoryFormSchema,
} from './categories.schema';

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

describe('the admin’s category forms', () => {
  it('send the address only when one is typed, trimmed, and the name trimmed', () => {
    expect(addCategoryFormSchema.parse({ name: ' Solar Lights ', slug: '  ' })).toEqual({ name: 'Solar Lights' });
    expect(addCategoryFormSchema.parse({ name: 'Solar', slug: ' solar-power ' })).toEqual({
      name: 'Solar',
      slug: 'solar-power',
    });
  });

  it('name the field at fault with the shop’s own messages', () => {
    const issues = (value: unknown) =>
      addCategoryFormSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ name: '  ', slug: '' })).toEqual([['name', categoryMessages.nameRequired]]);
    expect(issues({ name: 'Solar', slug: 'Solar Lights' })).toEqual([['slug', categoryMessages.slug]]);
    // A name without a letter a-z or a digit gives no address: one must be typed.
    expect(issues({ name: '***', slug: '' })).toEqual([['slug', categoryMessages.slugFromName]]);
    expect(addCategoryFormSchema.safeParse({ name: '***', slug: 'stars' }).success).toBe(true);
    expect(renameCategoryFormSchema.safeParse({ name: 'Phones', slug: '' }).error?.issues[0]?.message).toBe(
      categoryMessages.slug,
    );
  });
});
