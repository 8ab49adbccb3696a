import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 29: the pages a shopper opens evaluate no zod before the shopper uses a form. The forms load their schema
 * at the first touch (lib/lazy-resolver.ts) and the pages take the checkout's words from the zod-free modules
 * (checkout.ts, contact-messages.ts). This walks each page's static imports in the source, as the bundler does
 * (type-only imports left out, `@bilum/shared`'s index followed to the module that defines each name), and fails
 * when one of them reaches zod.
 */

const here = dirname(fileURLToPath(import.meta.url));
const webSrc = resolve(here, '..');
const sharedSrc = resolve(here, '../../../../packages/shared/src');

const importPattern = /^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)';/gms;
const sideEffectImport = /^import\s+'([^']+)';/gm;

function fileFor(base: string): string | null {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return fileFor(resolve(dirname(from), specifier));
  if (specifier === '@bilum/shared') return join(sharedSrc, 'index.ts');
  if (specifier.startsWith('@bilum/shared/')) return fileFor(join(sharedSrc, specifier.slice('@bilum/shared/'.length)));
  if (specifier === '#common-passwords') return join(sharedSrc, 'common-passwords.browser.ts');
  return null; // a package
}

/** The names a value import asks for (`type` ones left out); null for `* as` or a default import. */
function importedNames(clause: string): string[] | null {
  const braces = /\{([^}]*)\}/s.exec(clause);
  if (!braces || clause.replace(braces[0], '').replace(/[\s,]/g, '') !== '') return null;
  return (braces[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => (part.split(/\s+as\s+/)[0] ?? '').trim());
}

const sharedIndex = join(sharedSrc, 'index.ts');
/** The module of `@bilum/shared`'s index that defines a name. */
function sharedModuleDefining(name: string): string {
  const index = readFileSync(sharedIndex, 'utf8');
  for (const match of index.matchAll(/export \* from '(\.[^']+)';/g)) {
    const file = fileFor(join(sharedSrc, match[1] ?? ''))!;
    const source = readFileSync(file, 'utf8');
    if (new RegExp(`export (?:const|function|class|let) ${name}\\b`).test(source)) return file;
    if (new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from`).test(source)) return file;
  }
  throw new Error(`${name} is not exported by @bilum/shared`);
}

/** The chain of files from `entry` to a static import of zod, or null. */
function pathToZod(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const [, typeOnly, clause = '', specifier = ''] of source.matchAll(importPattern)) {
      if (typeOnly) continue;
      const names = importedNames(clause);
      if (names && names.length === 0) continue; // only types
      if (specifier === 'zod' || specifier.startsWith('zod/') || specifier.startsWith('@hookform/resolvers')) {
        return [...trail, file, specifier];
      }
      const target = resolveSpecifier(file, specifier);
      if (target === sharedIndex && names) targets.push(...names.map(sharedModuleDefining));
      else if (target) targets.push(target);
    }
    for (const [, specifier = ''] of source.matchAll(sideEffectImport)) {
      const target = resolveSpecifier(file, specifier);
      if (target) targets.push(target);
    }
    for (const target of targets) {
      const found = walk(target, [...trail, file]);
      if (found) return found;
    }
    return null;
  };
  return walk(entry, []);
}

/** Every file `entry` reaches by its static value imports (what is evaluated with it), itself included. */
function staticallyImported(entry: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = '', specifier = ''] of source.matchAll(importPattern)) {
      const names = importedNames(clause);
      if (typeOnly || (names && names.length === 0)) continue;
      const target = resolveSpecifier(file, specifier);
      if (target === sharedIndex && names) names.map(sharedModuleDefining).forEach(walk);
      else if (target) walk(target);
    }
    for (const [, specifier = ''] of source.matchAll(sideEffectImport)) {
      const target = resolveSpecifier(file, specifier);
      if (target) walk(target);
    }
  };
  walk(entry);
  return [...seen];
}

const shortName = (file: string) => file.replace(`${webSrc}/`, 'web/').replace(`${sharedSrc}/`, 'shared/');

describe('start-up code of the shopper pages', () => {
  const pages = [
    'features/checkout/TrackOrderPage.tsx',
    'features/checkout/GuestCheckoutPage.tsx',
    'features/checkout/ContactDetailsPage.tsx',
    'features/checkout/OrderConfirmationPage.tsx',
    'features/account/LoginPage.tsx',
    'features/account/RegisterPage.tsx',
    'features/account/ForgotPasswordPage.tsx',
    'features/account/VerifyOtpPage.tsx',
    'features/account/ResetPasswordPage.tsx',
    'features/profile/ProfilePage.tsx',
    'features/membership/MembershipPaymentPage.tsx',
    'features/cart/CartPage.tsx',
    'features/cart/GuestCartPage.tsx',
    'features/catalog/ProductDetailPage.tsx',
    'features/catalog/CategoryPage.tsx',
  ];
  it.each(pages)('%s imports no zod before its form is used', (page) => {
    const chain = pathToZod(join(webSrc, page));
    expect(chain?.map(shortName).join(' -> ') ?? null).toBeNull();
  });

  it('finds zod where a page does import it (the member checkout checks saved details while it renders)', () => {
    const chain = pathToZod(join(webSrc, 'features/checkout/CheckoutPage.tsx'));
    expect(chain?.at(-1)).toBe('zod');
  });
});

/*
 * Issue 31, decision 046: the home page (and a member's /dashboard) start with the start-up part of the messages
 * only (`showsStartupMessagesOnly`): none of their code may use `useT()`, which would wait for the pages part and
 * hold the page's hydration until it came (CI saw a search typed before the app arrived submitted as a plain form).
 * The page, the frame and the frame's lazy parts rendered with it are walked.
 */
describe('the home page’s messages', () => {
  const homeEntries = [
    'features/catalog/HomePage.tsx',
    'app/ShopLayout.tsx',
    'app/SiteFooter.tsx',
    'app/OfflineBar.tsx',
    'app/MobileMenu.tsx',
    'app/UserMenu.tsx',
    'features/cart/HeaderCart.tsx',
    'features/catalog/HomeExtras.tsx',
  ];
  it.each(homeEntries)('%s and what it imports use only the start-up part (useStartupT)', (entry) => {
    const waiting = staticallyImported(join(webSrc, entry))
      .filter((file) => file.startsWith(webSrc) && /\buseT\(\)(?!:)/.test(readFileSync(file, 'utf8')))
      .map(shortName);
    expect(waiting).toEqual([]);
  });

  it('finds a page that waits for the pages part (the product page)', () => {
    const waiting = staticallyImported(join(webSrc, 'features/catalog/ProductDetailPage.tsx')).filter((file) =>
      /\buseT\(\)(?!:)/.test(readFileSync(file, 'utf8')),
    );
    expect(waiting.map(shortName)).toContain('web/features/catalog/ProductDetailPage.tsx');
  });
});
