// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shopper components already in both languages (issue 31, decision 046): none may show text written straight
 * into it: every word comes from the catalogs through `t()`. A component joins the list when it is converted; the
 * rest are listed as to do in docs/decisions/046-tok-pisin-and-english.md.
 */
export const convertedComponents = [
  'app/LanguageSwitch.tsx',
  'app/Logo.tsx',
  'app/MobileMenu.tsx',
  'app/ShopLayout.tsx',
  'app/SiteFooter.tsx',
  'app/SiteHeader.tsx',
  'app/UserMenu.tsx',
  'components/ui/shop-contact.tsx',
  'features/catalog/CategoryFilterDrawer.tsx',
  'features/catalog/CategoryToolbar.tsx',
  'features/catalog/FeatureFilter.tsx',
  'features/catalog/HeroSlider.tsx',
  'features/catalog/HomeExtras.tsx',
  'features/catalog/HomeFilterSheet.tsx',
  'features/catalog/HomePage.tsx',
  'features/catalog/HomeSearch.tsx',
  'features/catalog/MemberBenefits.tsx',
  'features/catalog/PremiumPromo.tsx',
  'features/catalog/ProductBadges.tsx',
  'features/catalog/ProductCard.tsx',
  'features/catalog/ProductGrid.tsx',
  'features/newsletter/NewsletterSignup.tsx',
];

/** Attributes a shopper reads or hears (a screen reader reads aria-label, title and alt). */
const textAttributes = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'legend']);
/** Words that are the same in every language: the shop's name. */
const sameInEveryLanguage = new Set(['Bilum']);

const hasWords = (text: string) => /\p{L}/u.test(text) && !sameInEveryLanguage.has(text.trim());

/** The texts written straight into a component: JSX text, `{'…'}` children and text attributes. */
export function literalTexts(source: string, fileName = 'component.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `line ${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const isText = (node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)}: ${node.text.trim()}`);
    if (
      ts.isJsxExpression(node) &&
      ts.isJsxElement(node.parent) &&
      isText(node.expression) &&
      hasWords(node.expression.text)
    ) {
      found.push(`${where(node)}: ${node.expression.text}`);
    }
    if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (isText(literal) && hasWords(literal.text))
        found.push(`${where(node)}: ${node.name.getText(file)}="${literal.text}"`);
      if (literal && ts.isTemplateExpression(literal) && hasWords(literal.head.text)) {
        found.push(`${where(node)}: ${node.name.getText(file)}={\`${literal.head.text}…\`}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('shopper components in both languages', () => {
  it('find the text written straight into a component', () => {
    const component = `
      export function Sample({ n }: { n: number }) {
        return (
          <section aria-label="Offers" title={t('x')}>
            <h2>Hot deals</h2> {'Buy now'} <Img alt={\`Slide \${n}\`} /> <span aria-hidden>|</span> <b>Bilum</b>
          </section>
        );
      }`;
    expect(literalTexts(component)).toEqual([
      'line 4: aria-label="Offers"',
      'line 5: Hot deals',
      'line 5: Buy now',
      'line 5: alt={`Slide …`}',
    ]);
  });

  it.each(convertedComponents)('%s writes no text of its own', (file) => {
    expect(literalTexts(readFileSync(path.join(src, file), 'utf8'), file)).toEqual([]);
  });
});
