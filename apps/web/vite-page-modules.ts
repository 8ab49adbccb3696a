import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `lazyPage(() => import('…'))` in the router, with the specifier caught. */
const lazyPageCall = /lazyPage\(\(\) => import\('([^']+)'\)\)/g;

/**
 * The manifest key of the module `specifier` imported from `importer`: its path from the web app's root with its
 * extension, as Vite's manifest names it (src/features/checkout/ContactDetailsPage.tsx).
 */
export function moduleKey(root: string, importer: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(importer), specifier);
  const file = ['', '.tsx', '.ts', '.jsx', '.js'].map((extension) => base + extension).find((f) => existsSync(f));
  return file ? path.relative(root, file).split(path.sep).join('/') : null;
}

/**
 * The router's source with each `lazyPage` given its module's manifest key as its second argument. A call written
 * another way than `lazyPage(() => import('…'))` stops the build: its page's code would go unnamed, and the
 * browser would ask for it only when the app starts.
 */
export function addPageModuleKeys(code: string, root: string, importer: string): string {
  const calls = code.split('lazyPage(').length - 1;
  const written = [...code.matchAll(lazyPageCall)].length;
  if (written !== calls) {
    throw new Error(`${importer}: ${calls - written} lazyPage call(s) not written as lazyPage(() => import('…'))`);
  }
  return code.replace(lazyPageCall, (call, specifier: string) => {
    const key = moduleKey(root, importer, specifier);
    return key ? `lazyPage(() => import('${specifier}'), ${JSON.stringify(key)})` : call;
  });
}

/**
 * Gives every lazy page of the router (src/app/router.tsx) its module's manifest key (lib/lazy-page.tsx `module`)
 * in the server renderer's build: the server names a rendered page's code in its HTML by the browser build's
 * manifest, and apps/web/public/app-after-paint.js asks for it a few files a task (issue 29).
 */
export function pageModuleKeys(): Plugin {
  let root = '';
  return {
    name: 'bilum-page-module-keys',
    // On the router's own source, before React's plugin compiles it.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id, options) {
      // Only the server names a page's code: the browser's bundle does without the keys.
      if (!options?.ssr || path.resolve(id) !== path.join(root, 'src', 'app', 'router.tsx')) return null;
      return { code: addPageModuleKeys(code, root, id), map: null };
    },
  };
}
