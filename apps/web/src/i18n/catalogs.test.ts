// @vitest-environment node
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import en from './catalogs/en.json';
import tpi from './catalogs/tpi.json';

const catalogs: Record<string, Record<string, string>> = { en, tpi };

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
  it('have the same keys in English and Tok Pisin', () => {
    const missingInTpi = Object.keys(en).filter((key) => !Object.hasOwn(tpi, key));
    const missingInEn = Object.keys(tpi).filter((key) => !Object.hasOwn(en, key));
    expect({ missingInTpi, missingInEn }).toEqual({ missingInTpi: [], missingInEn: [] });
  });

  it('have no empty message', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const empty = Object.entries(messages).filter(([, message]) => message.trim() === '');
      expect(empty.map(([key]) => `${locale}: ${key}`)).toEqual([]);
    }
  });

  it('are valid ICU messages with the same placeholders in both languages', () => {
    const differ = Object.keys(en).filter(
      (key) =>
        tpi[key as keyof typeof tpi] !== undefined &&
        placeholders(en[key as keyof typeof en]).join() !== placeholders(tpi[key as keyof typeof tpi]).join(),
    );
    expect(differ).toEqual([]);
  });
});
