// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translateMessage } from '@bilum/shared/message-translations';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every message the API answers a shopper with has its Tok Pisin (issue 31, decision 046): the error handler
 * translates by the dictionary in packages/shared/src/message-translations.ts, and a message missing from it would
 * reach a Tok Pisin shopper in English. This scans the sources (TypeScript's parser) for the messages: the
 * literals passed to `new AppError(code, …)` and `notFound(…)`, `message:` properties, the messages of zod checks
 * (`.min(1, '…')`, `{ message: '…' }`, `{ error: '…' }`), and the entries of the shared `…Messages` objects those
 * places use (`checkoutMessages.holdExpired`). A template literal is checked with a sample value in each `${…}`.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const apiSrc = path.join(repo, 'apps/api/src');
const sharedSrc = path.join(repo, 'packages/shared/src');

/**
 * Sources that answer staff only (the admin and its sign-in, staff accounts and API keys, the back office,
 * webhooks, setup) or no one (start-up configuration, backups, the resilience drills, the database, PDFs drawn
 * by their own module): their messages stay English, as the admin does (decision 046).
 */
const staffOnly = [
  'apps/api/src/modules/admin/',
  'apps/api/src/modules/audit/',
  'apps/api/src/modules/backoffice/',
  'apps/api/src/modules/outbox/',
  'apps/api/src/modules/second-factor/',
  'apps/api/src/modules/settings/',
  'apps/api/src/modules/setup/',
  'apps/api/src/modules/staff/',
  'apps/api/src/modules/stock/',
  'apps/api/src/modules/uploads/',
  'apps/api/src/modules/variants/variants-admin.service.ts',
  'apps/api/src/modules/webhooks/',
  'apps/api/src/modules/auth/admin-account.ts',
  'apps/api/src/backup/',
  'apps/api/src/db/',
  'apps/api/src/pdf/',
  'apps/api/src/resilience/',
  'apps/api/src/security/',
  'apps/api/src/test/',
  'apps/api/src/config.ts',
  'apps/api/src/migrate.ts',
  'apps/api/src/server.ts',
  'apps/api/src/plugins/openapi-document.ts',
  'packages/shared/src/admin-',
  'packages/shared/src/audit.schema.ts',
  'packages/shared/src/customers.schema.ts',
  'packages/shared/src/dashboard.schema.ts',
  'packages/shared/src/discount-codes.schema.ts',
  'packages/shared/src/second-factor.ts',
  'packages/shared/src/settings.schema.ts',
  'packages/shared/src/staff',
  'packages/shared/src/webhooks.schema.ts',
];

/** `…Messages` objects (and their entries) that only staff read, wherever they are used. */
const staffOnlyMessageObjects = new Set([
  'addProductMessages',
  'catalogAdminMessages',
  'customerMessages',
  'deliveryAdminMessages',
  'discountCodeAdminMessages',
  'editProductMessages',
  'inventoryMessages',
  'memberStatusMessages',
  'orderInventoryMessages',
  'pictureMessages',
  'refundMessages',
  'secondFactorMessages',
  'settingsMessages',
  'staffMessages',
  'stockMessages',
  'uploadMessages',
  'webhookMessages',
]);

/**
 * Single messages in shopper sources that no shopper reads, each with its reason: the payment provider's own
 * answers to the shop's server (a developer's mistake, never a shopper's), the test-card simulator's staff-only
 * controls, the order lifecycle's refusals of staff's order actions (a shopper's action is checked before it),
 * the built web app's missing files (a deployment fault), staff-only checks of the payment and invoice settings.
 */
const notForShoppers = new Set([
  'An idempotency key has at most 255 characters.',
  'An idempotency key is required.',
  'An idempotency key has at least 16 characters.',
  'The amount is larger than a card payment allows.',
  'The amount must be above zero.',
  'The amount must be a whole number of toea.',
  'At most 50 metadata keys.',
  'Webhook signature verification failed.',
  'The webhook body is not a payment event.',
  'No such object',
  'This idempotency key was already used with other parameters; use a new key.',
  'No such payment.',
  'Card details go from the browser to Stripe, not to the shop.',
  'A payment method is required.',
  'The return URL must be a path on the shop or an http(s) address.',
  'This payment cannot be {action}: it is {statusWords[status]}.',
  'This payment cannot be changed: it is {statusWords[status]}.',
  'Only a succeeded payment can be refunded.',
  'The refund is larger than what is left of the payment.',
  'The test-card simulator needs the card details.',
  'Choose Complete or Fail.',
  'Order #{order.id} {refusal}.',
  'The web app is not built. Run `npm run build` or `npm start`.',
  'The delivery fee must be in whole toea.',
  'Hold time must be a whole number of hours from 12 to 336.',
  'Pickup deadline must be a whole number of days from 1 to 30.',
  'Say whether the category is hidden.',
  'Please enter the username.',
  // Staff's: the admin's sign-in and guard, settings and product editing in modules that also serve shoppers.
  'Login Failed: Invalid username or password.',
  'Access Denied: Not an administrator account.',
  'Payment settings saved.',
  'Invoice details saved.',
  'Please enter the legal name of the business.',
  'Please enter the TIN (digits, spaces or dashes).',
  'Please enter the business address.',
  'At most 120 characters.',
  'At most 20 characters.',
  'At most 300 characters.',
  'This variant was removed by someone else; reload to see the product as it is.',
  'The SKU {sku} is already used by another product or variant.',
  'Enter the original price to apply a discount.',
  'This discount leaves a price below the minimum.',
  // The invoice PDF's words and its drawing's log (the PDFs are converted on their own), the page heads' titles
  // and the sold-out badge (the web's catalog keys and the server's page heads have them in both languages).
  'Invoice could not be drawn: {reason}, retrying.',
  'Invoice could not be drawn: {reason}. Gave up after {tries} tries; the confirmation e-mail was sent without the PDF (the invoice can still be printed).',
  'Tax invoice',
  'GST included',
  'Oops! Page',
  'SOLD OUT!',
]);

const rel = (file: string) => path.relative(repo, file).split(path.sep).join('/');
const isStaffOnly = (file: string) => staffOnly.some((prefix) => rel(file).startsWith(prefix));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** A message literal's text, each `${…}` written `{…}`; null for anything that is not a literal. */
function literalText(node: ts.Node, file: ts.SourceFile): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return (
      node.head.text +
      node.templateSpans.map((span) => `{${span.expression.getText(file)}}${span.literal.text}`).join('')
    );
  }
  return null;
}

/** A sentence a person reads (not a key, code or path): letters and at least one space. */
const isSentence = (text: string) => /\p{Lu}/u.test(text.charAt(0)) && /\s/.test(text) && /\p{L}/u.test(text);

/** The message literals inside a node: a template literal whole (not the literals in its `${…}`). */
function messageLiterals(node: ts.Node, file: ts.SourceFile, out: string[] = []): string[] {
  const text = literalText(node, file);
  if (text !== null) {
    if (isSentence(text)) out.push(text);
    return out;
  }
  if (ts.isConditionalExpression(node)) {
    messageLiterals(node.whenTrue, file, out);
    messageLiterals(node.whenFalse, file, out);
  } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    messageLiterals(node.right, file, out);
  } else if (ts.isParenthesizedExpression(node)) {
    messageLiterals(node.expression, file, out);
  } else if (ts.isArrowFunction(node)) {
    messageLiterals(node.body, file, out);
  } else if (ts.isBlock(node) || ts.isReturnStatement(node) || ts.isIfStatement(node)) {
    ts.forEachChild(node, (child) => void messageLiterals(child, file, out));
  }
  return out;
}

/** Every `…Messages` object's entries and every `…Message` constant: `name.key` (or `name`) to its texts. */
function messageDefinitions(files: string[]): Map<string, string[]> {
  const definitions = new Map<string, string[]>();
  for (const fileName of files) {
    const file = parse(fileName);
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const name = node.name.text;
        let init: ts.Expression = node.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
        if (/Messages$/.test(name) && ts.isObjectLiteralExpression(init)) {
          for (const property of init.properties) {
            if ((ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property)) && property.name) {
              const key = `${name}.${property.name.getText(file)}`;
              const body = ts.isPropertyAssignment(property) ? property.initializer : property.body;
              if (body) definitions.set(key, messageLiterals(body, file));
            }
          }
        } else if (/Message$/.test(name)) {
          definitions.set(name, messageLiterals(init, file));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return definitions;
}

/** Zod's checks and refinements that take a message. */
const zodChecks = new Set([
  'min',
  'max',
  'length',
  'email',
  'regex',
  'refine',
  'superRefine',
  'nonempty',
  'url',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'gt',
  'lt',
  'startsWith',
  'endsWith',
  'includes',
  'check',
  'multipleOf',
]);

interface Found {
  text: string;
  where: string;
}

/** The messages shopper sources answer with: literals in the places above, and the definitions they use. */
function shopperMessages(): Found[] {
  const all = [...sourceFiles(apiSrc), ...sourceFiles(sharedSrc)];
  const definitions = messageDefinitions(all);
  const found: Found[] = [];
  for (const fileName of all.filter((f) => !isStaffOnly(f))) {
    const file = parse(fileName);
    const where = (node: ts.Node) => `${rel(fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (node: ts.Node) => {
      for (const text of messageLiterals(node, file)) found.push({ text, where: where(node) });
    };
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && node.expression.getText(file) === 'AppError' && node.arguments?.[1]) {
        add(node.arguments[1]);
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && callee.text === 'notFound' && node.arguments[0]) add(node.arguments[0]);
        if (ts.isPropertyAccessExpression(callee) && zodChecks.has(callee.name.text)) {
          for (const argument of node.arguments) add(argument);
        }
      }
      if (ts.isPropertyAssignment(node) && ['message', 'error'].includes(node.name.getText(file))) {
        add(node.initializer);
      }
      // A use of a shared message: `checkoutMessages.holdExpired`, `contactSavedMessage`.
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
        const owner = node.expression.text;
        const key = `${owner}.${node.name.text}`;
        if (!staffOnlyMessageObjects.has(owner)) {
          for (const text of definitions.get(key) ?? []) found.push({ text, where: `${where(node)} (${key})` });
        }
      }
      if (ts.isIdentifier(node) && /Message$/.test(node.text) && !ts.isVariableDeclaration(node.parent)) {
        for (const text of definitions.get(node.text) ?? [])
          found.push({ text, where: `${where(node)} (${node.text})` });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** A template's text with a sample value in each `{…}`, as a shopper would read it. */
function sample(text: string): string {
  let result = text;
  for (let before = ''; before !== result;) [before, result] = [result, result.replace(/\{[^{}]*\}/g, '7')];
  return result;
}

describe('every shopper message has its Tok Pisin', () => {
  const found = shopperMessages();

  it('finds the messages (the scan itself works)', () => {
    const texts = new Set(found.map((f) => f.text));
    expect(texts).toContain('Invalid email or password. Please try again.');
    expect(texts).toContain('Please enter a valid e-mail address.');
    expect(texts).toContain('Something went wrong on our side. Please try again.');
    expect(texts.size).toBeGreaterThan(150);
  });

  it('skips only messages the sources still have', () => {
    const texts = new Set(found.map((f) => f.text));
    expect([...notForShoppers].filter((text) => !texts.has(text))).toEqual([]);
  });

  it('translates each one, or it is one no shopper reads', () => {
    const missing = found.filter(
      ({ text }) => !notForShoppers.has(text) && translateMessage(sample(text), 'tpi') === sample(text),
    );
    const report = [...new Map(missing.map((m) => [m.text, `${m.where}: ${m.text}`])).values()];
    expect(report).toEqual([]);
  });
});
