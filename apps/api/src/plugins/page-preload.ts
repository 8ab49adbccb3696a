import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstScreenStateId } from '@bilum/shared';
import type { HtmlTransformer } from './web-app';

/**
 * The landing pages of the storefront and the lazy page module each one needs (the keys of Vite's manifest, as
 * apps/web/src/app/router.tsx imports them), with the API call its first paint waits for when the server can
 * name it (the guest cart's products are in the browser's storage).
 */
export const landingPages: { path: RegExp; module: string; data?: (match: RegExpExecArray) => string }[] = [
  {
    path: /^\/(?:category|dashboard-category)(?:\/[^/]*)?\/?$/,
    module: 'src/features/catalog/CategoryPage.tsx',
    // No data: the list is paged and priced for the session (decision 014), and a category page not rendered on the
    // server is one with a session cookie, which a preload (sent without cookies) would not match.
  },
  {
    path: /^\/(?:index-item|indexdetail|item|itemdetail)\/(\d{1,10})\/?$/,
    module: 'src/features/catalog/ProductDetailPage.tsx',
    data: (match) => `/api/products/${match[1]}`,
  },
  { path: /^\/guest-cart\/?$/, module: 'src/features/cart/GuestCartPage.tsx' },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The page chunk and every chunk it imports statically, in load order; none when the build has no manifest. */
function chunkFiles(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return files;
}

function readManifest(webDist: string): Record<string, ManifestChunk> {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/**
 * On slow mobile data a client-rendered page waits for three round trips in a row: the app's script, then the
 * page's lazy chunk, then the page's data. Naming the page chunk (modulepreload) and its data (preload as fetch,
 * credentials as the app's own fetch sends them) in the HTML lets the browser fetch all three at once.
 * Measured with Lighthouse (docs/performance.md): LCP 0.07–0.14 s sooner on the category, product and guest-cart
 * pages. The home page gets no hint: its code is all in the entry, and preloading its product list only took
 * bandwidth from the entry script (LCP 0.1 s later).
 */
/** The entry chunks and what they import: loaded with the app's entry script, never named again. */
function entryFilesOf(manifest: Record<string, ManifestChunk>): Set<string | undefined> {
  return new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file)]),
  );
}

/**
 * The files of the given page modules' code (manifest keys, as the renderer names a page's lazy modules) that the
 * app's entry does not already load, each once, in load order: what a server-rendered page's loader asks for after
 * the paint (plugins/first-screen.ts `holdAppScripts`). None for a module the build does not know.
 */
export function pageChunkFiles(webDist: string): (modules: readonly string[]) => string[] {
  const manifest = readManifest(webDist);
  const entryFiles = entryFilesOf(manifest);
  return (modules) => [
    ...new Set(modules.flatMap((module) => chunkFiles(manifest, module).filter((file) => !entryFiles.has(file)))),
  ];
}

export function pagePreloadTransformer(webDist: string): HtmlTransformer {
  const manifest = readManifest(webDist);
  const entryFiles = entryFilesOf(manifest);
  const hints = landingPages.map((page) => ({
    ...page,
    chunks: chunkFiles(manifest, page.module).filter((file) => !entryFiles.has(file)),
  }));

  return (html, request) => {
    const urlPath = request.url.split('?')[0] ?? '';
    for (const page of hints) {
      const match = page.path.exec(urlPath);
      if (!match) continue;
      // A page rendered on the server (./first-screen.ts) carries its data, and loads its code after it has
      // been painted (the app then loads the page's chunk).
      if (html.includes(`id="${firstScreenStateId}"`)) return html;
      const tags = [
        ...(page.data ? [`<link rel="preload" as="fetch" href="${page.data(match)}" crossorigin />`] : []),
        ...page.chunks.map((file) => `<link rel="modulepreload" href="/${file}" />`),
      ];
      return html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
    }
    return html;
  };
}

/** Runs the transformers one after the other. */
export function chainHtmlTransformers(...transformers: HtmlTransformer[]): HtmlTransformer {
  return async (html, request, reply) => {
    let result = html;
    for (const transform of transformers) result = await transform(result, request, reply);
    return result;
  };
}
