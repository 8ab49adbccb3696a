// @vitest-environment node
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import enStartup from './catalogs/en.json';
import enPages from './catalogs/en.pages.json';
import tpiStartup from './catalogs/tpi.json';
import tpiPages from './catalogs/tpi.pages.json';

type Catalog = Record<string, string>;
const parts: Record<string, { en: Catalog; tpi: Catalog }> = {
  startup: { en: enStartup, tpi: tpiStartup },
  pages: { en: enPages, tpi: tpiPages },
};
const en: Catalog = { ...enStartup, ...enPages };
const tpi: Catalog = { ...tpiStartup, ...tpiPages };
const catalogs: Record<string, Catalog> = { en, tpi };

/** The names of a message's placeholders ("{price}", "{count, plural, ...}"), from Lingui's compiled form. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , cases] = token as [string, string?, Record<string, unknown>?];
      names.add(name);
      for (const branch of Object.values(cases ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the message catalogs', () => {
  it.each(Object.keys(parts))('have the same keys in English and Tok Pisin in the %s part', (part) => {
    const { en: english, tpi: tokPisin } = parts[part]!;
    const missingInTpi = Object.keys(english).filter((key) => !Object.hasOwn(tokPisin, key));
    const missingInEn = Object.keys(tokPisin).filter((key) => !Object.hasOwn(english, key));
    expect({ missingInTpi, missingInEn }).toEqual({ missingInTpi: [], missingInEn: [] });
  });

  it('keep each message in one part only', () => {
    expect(Object.keys(enPages).filter((key) => Object.hasOwn(enStartup, key))).toEqual([]);
  });

  it('have no empty message', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const empty = Object.entries(messages).filter(([, message]) => message.trim() === '');
      expect(empty.map(([key]) => `${locale}: ${key}`)).toEqual([]);
    }
  });

  it('are valid ICU messages with the same placeholders in both languages', () => {
    const differ = Object.keys(en).filter(
      (key) => tpi[key] !== undefined && placeholders(en[key]!).join() !== placeholders(tpi[key]!).join(),
    );
    expect(differ).toEqual([]);
  });
});
