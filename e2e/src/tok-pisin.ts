import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * The shop's two catalogs (apps/web/src/i18n/catalogs), read as a translator wrote them: a journey in Tok Pisin
 * finds a control by the Tok Pisin of its English label, and fails on any English text of the shop's own left on
 * a page (issue 31).
 */
const part = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/i18n/catalogs/${file}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
/** Both parts of a language's messages (the start-up part and the pages part, decision 046). */
const catalog = (locale: string) => ({ ...part(locale), ...part(`${locale}.pages`) });
const en = catalog('en');
const tpi = catalog('tpi');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Tok Pisin of an English label of the shop (every key whose English is exactly `english`), as a pattern
 * matching the whole label, or its start when not `whole` (a `{placeholder}` matches any text); fails when the
 * catalog has no such English text.
 */
export function tp(english: string, { whole = true }: { whole?: boolean } = {}): RegExp {
  const texts = [
    ...new Set(
      Object.entries(en)
        .filter(([, text]) => text === english)
        .map(([key]) => tpi[key]),
    ),
  ];
  if (texts.length === 0 || texts.some((text) => text === undefined)) {
    throw new Error(`No Tok Pisin for "${english}" in the catalogs`);
  }
  // A `{placeholder}` (an amount, a name) matches any text.
  const pattern = (text: string) => escape(text).replace(/\\\{\w+\\\}/g, '.+');
  return new RegExp(`^\\s*(?:${texts.map((text) => pattern(text!)).join('|')})${whole ? '\\s*$' : ''}`);
}

/** An ICU message as a whole-text pattern: each `{placeholder}` matches anything; plurals and selects are left out. */
function messagePattern(message: string): RegExp | null {
  if (/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\b/.test(message)) return null;
  const parts = message.split(/\{\s*\w+\s*\}/).map(escape);
  return new RegExp(`^${parts.join('.+')}$`, 's');
}

/**
 * The shop's English texts that Tok Pisin says otherwise (a text the same in both, such as "Bilum", "OK" or a
 * number, is not English of the shop's own). Texts of one word shorter than four letters are left out: they are
 * as often a product's or a place's name as a label.
 */
const englishOnly = Object.entries(en)
  .filter(([key, text]) => tpi[key] !== text && text.replace(/\{[^}]*\}/g, '').trim().length >= 4)
  .map(([, text]) => text);

/**
 * The English texts of the shop's own on the page as it is now: each visible text node, and each control's
 * accessible-name attributes (aria-label, placeholder, title, alt), compared whole with the catalog's English
 * messages. What the shop shows as data (product and category names, descriptions, addresses) is not a message
 * and is not looked at, unless it happens to be one word for word.
 */
export async function englishLeft(page: Page, ignore: readonly string[] = []): Promise<string[]> {
  // A string: this package is type-checked without the DOM's types.
  const shown = (await page.evaluate(`(() => {
    const texts = [];
    const visible = (element) =>
      element instanceof HTMLElement && element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\\s+/g, ' ').trim();
      if (text && visible(node.parentElement)) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!visible(element) && !(element instanceof HTMLImageElement)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.replace(/\\s+/g, ' ').trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  })()`)) as string[];
  const patterns = englishOnly.map(messagePattern).filter((pattern): pattern is RegExp => pattern !== null);
  const ignored = new Set(ignore);
  return [...new Set(shown.filter((text) => !ignored.has(text) && patterns.some((pattern) => pattern.test(text))))];
}
