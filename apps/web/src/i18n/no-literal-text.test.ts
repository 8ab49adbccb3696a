// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every component a shopper sees is in both languages (issue 31, decision 046): none may show text written
 * straight into it; every word comes from the catalogs through `t()`. The check walks every `.tsx` file of the web
 * app, so a new shopper component is held to it from its first line. Left out, each for its reason:
 */
/** The admin area and the staff's own pages stay English (issue 31: "The admin stays English"). */
export const staffOnly = [
  /^features\/admin\//,
  /^features\/invoice\/(?:AdminInvoicePage|PackingSlipPage|admin-documents)\.tsx$/,
  /^features\/account\/(?:AdminLoginPage|StaffInvitePage)\.tsx$/,
  // Two-step sign-in is for staff accounts only (the API refuses it to shoppers; its pages are under /admin-login).
  /^features\/second-factor\//,
];
/** Shopper components not converted yet (decision 046's "To do"): the list only shrinks. */
export const notYetConverted: string[] = [];

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
  // The texts a child expression shows: `{'Buy'}`, `{busy ? 'Saving...' : 'Save'}`, `{label ?? 'Close'}`.
  const shownTexts = (
    expression: ts.Expression | undefined,
  ): (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[] => {
    if (!expression) return [];
    if (isText(expression)) return hasWords(expression.text) ? [expression] : [];
    if (ts.isParenthesizedExpression(expression)) return shownTexts(expression.expression);
    if (ts.isConditionalExpression(expression)) {
      return [...shownTexts(expression.whenTrue), ...shownTexts(expression.whenFalse)];
    }
    if (ts.isBinaryExpression(expression)) {
      const operator = expression.operatorToken.kind;
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownTexts(expression.right);
      if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
        return [...shownTexts(expression.left), ...shownTexts(expression.right)];
      }
    }
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)}: ${node.text.trim()}`);
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const text of shownTexts(node.expression)) found.push(`${where(node)}: ${text.text}`);
    }
    if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      const texts = literal && ts.isJsxExpression(value!) ? shownTexts(literal) : isText(literal) ? [literal] : [];
      for (const text of texts.filter((text) => hasWords(text.text))) {
        found.push(`${where(node)}: ${node.name.getText(file)}="${text.text}"`);
      }
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

/** The web app's components a shopper sees: every `.tsx` but tests, the staff's and those not converted yet. */
function shopperComponents(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.tsx') && !/\.test\.tsx$/.test(file))
    .filter((file) => !staffOnly.some((pattern) => pattern.test(file)) && !notYetConverted.includes(file))
    .sort();
}

describe('shopper components in both languages', () => {
  it('find the text written straight into a component', () => {
    const component = `
      export function Sample({ n }: { n: number }) {
        return (
          <section aria-label="Offers" title={t('x')}>
            <h2>Hot deals</h2> {'Buy now'} <Img alt={\`Slide \${n}\`} /> <span aria-hidden>|</span> <b>Bilum</b>
            <i>{n > 1 ? 'Saving...' : t('save')}</i> <>{label ?? 'Close'}</>
          </section>
        );
      }`;
    expect(literalTexts(component)).toEqual([
      'line 4: aria-label="Offers"',
      'line 5: Hot deals',
      'line 5: Buy now',
      'line 5: alt={`Slide …`}',
      'line 6: Saving...',
      'line 6: Close',
    ]);
  });

  it.each(shopperComponents())('%s writes no text of its own', (file) => {
    expect(literalTexts(readFileSync(path.join(src, file), 'utf8'), file)).toEqual([]);
  });

  it('lists as not yet converted only components that exist and still write text of their own', () => {
    const stale = notYetConverted.filter((file) => {
      try {
        return literalTexts(readFileSync(path.join(src, file), 'utf8'), file).length === 0;
      } catch {
        return true;
      }
    });
    expect(stale).toEqual([]);
  });
});
