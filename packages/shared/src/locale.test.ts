import { describe, expect, it } from 'vitest';
import { formatKina } from './money';
import { localeOfLanguageTag, localeOfUrl, pickLocale, urlInLocale } from './locale';

describe('pickLocale', () => {
  it('keeps the language the shopper chose in the cookie, whatever the browser says', () => {
    expect(pickLocale('tpi', 'en-US,en;q=0.9')).toBe('tpi');
    expect(pickLocale('en', 'tpi')).toBe('en');
  });

  it('follows Accept-Language on a first visit', () => {
    expect(pickLocale(undefined, 'tpi')).toBe('tpi');
    expect(pickLocale(undefined, 'tpi-PG,en;q=0.8')).toBe('tpi');
    expect(pickLocale(undefined, 'en-PG,tpi;q=0.5')).toBe('en');
    expect(pickLocale(undefined, 'en;q=0.4, tpi;q=0.9')).toBe('tpi');
  });

  it('passes over languages the shop does not speak and falls back to English', () => {
    expect(pickLocale(undefined, 'fr-FR, tpi;q=0.3')).toBe('tpi');
    expect(pickLocale(undefined, 'fr-FR, de')).toBe('en');
    expect(pickLocale(undefined, '*')).toBe('en');
    expect(pickLocale(undefined, '')).toBe('en');
    expect(pickLocale(undefined, undefined)).toBe('en');
    expect(pickLocale(undefined, 'tpi;q=0')).toBe('en');
  });

  it('ignores a cookie that names no language of the shop', () => {
    expect(pickLocale('de', 'tpi')).toBe('tpi');
    expect(pickLocale('', undefined)).toBe('en');
  });
});

describe('language tags and addresses', () => {
  it('reads the locale of an html lang attribute', () => {
    expect(localeOfLanguageTag('tpi')).toBe('tpi');
    expect(localeOfLanguageTag('en-PG')).toBe('en');
    expect(localeOfLanguageTag('fr')).toBeNull();
  });

  it('reads and writes the lang query parameter of a page address', () => {
    expect(localeOfUrl('/category/all?lang=tpi')).toBe('tpi');
    expect(localeOfUrl('/category/all?lang=xx')).toBeNull();
    expect(localeOfUrl('/')).toBeNull();
    expect(urlInLocale('/category/all?q=phone', 'tpi')).toBe('/category/all?q=phone&lang=tpi');
    expect(urlInLocale('/category/all?lang=tpi&q=phone', null)).toBe('/category/all?q=phone');
    expect(urlInLocale('/?lang=en', 'tpi')).toBe('/?lang=tpi');
  });
});

describe('kina in both languages', () => {
  it('is written the same in Tok Pisin as in English, by the one formatter', () => {
    // People in PNG write prices "K1,234.50" in Tok Pisin too: formatKina is the one place money is written.
    expect(formatKina(123450)).toBe('K1,234.50');
  });
});
