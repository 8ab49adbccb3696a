import { describe, expect, it } from 'vitest';
import { seededCategorySlugs } from './catalog';
import { categoryOfSearchWord, categorySynonyms } from './search-synonyms';

describe('category synonyms', () => {
  it('leads the Tok Pisin words for phones, cars and cameras to their categories, whatever their case', () => {
    expect(categoryOfSearchWord('fon')).toBe('phones');
    expect(categoryOfSearchWord('Kar')).toBe('vehicles');
    expect(categoryOfSearchWord(' KAMERA ')).toBe('cameras');
  });

  it('names no category for other words', () => {
    expect(categoryOfSearchWord('samsung')).toBeNull();
    expect(categoryOfSearchWord('')).toBeNull();
    expect(categoryOfSearchWord('phones')).toBeNull();
  });

  it('names only categories the shop starts with, each word once', () => {
    const words = Object.values(categorySynonyms).flat();
    expect(new Set(words).size).toBe(words.length);
    for (const slug of Object.keys(categorySynonyms)) expect(seededCategorySlugs).toContain(slug);
  });
});
