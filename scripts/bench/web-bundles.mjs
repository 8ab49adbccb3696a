// The web build of the bench, and what each page loads before it is interactive, read from Vite's manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { root } from '../lib.mjs';

/** Code that belongs in lazy chunks only: none of it may reach the home page (bundle-budget.test.ts checks it too). */
export const lazyOnlyFeatures = [
  '/features/admin/',
  '/features/account/',
  '/features/checkout/',
  '/features/profile/',
  '/features/membership/',
];

/**
 * Builds the web app into `outDir` with the production settings of apps/web/vite.config.ts (manifest on), and
 * its first-screen renderer into `outDir`/.server, and returns, for every output chunk, the source modules it holds (the manifest names chunks, not modules).
 */
export async function buildWeb(outDir) {
  const modulesByFile = {};
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: path.join(root, 'apps/web'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
      plugins: [
        {
          name: 'bench-record-modules',
          generateBundle(_options, bundle) {
            for (const item of Object.values(bundle)) {
              if (item.type === 'chunk')
                modulesByFile[item.fileName] = item.moduleIds.map((id) => path.relative(root, id));
            }
          },
        },
      ],
    });
    // The renderer of the server-rendered first screens (apps/web/src/entry-server.tsx), as `npm run build` makes it.
    await build({
      root: path.join(root, 'apps/web'),
      logLevel: 'warn',
      build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, '.server'), emptyOutDir: true },
    });
  } finally {
    // Assigning undefined would leave the string "undefined", and a later build (the baseline's, a child that
    // inherits this environment) would then bundle React's development JSX runtime.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return modulesByFile;
}

function gzippedSize(file) {
  return gzipSync(readFileSync(file)).length;
}

/**
 * The JavaScript and CSS a page needs before it is interactive: the entry chunk and its static imports, plus
 * the route's lazy page chunk (`routeSource`, a manifest key such as src/features/catalog/CategoryPage.tsx) and
 * its static imports. Lazy chunks the page asks for later (dialogs, footer, menus) are not counted.
 */
export function pageBundles({ outDir, modulesByFile, routeSource }) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const keys = [];
  const visit = (key) => {
    if (keys.includes(key) || !manifest[key]) return;
    keys.push(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  // The route's module without its extension, as the router imports it: find its manifest key.
  const routeKey = routeSource
    ? Object.keys(manifest).find((key) => key === routeSource || key.replace(/\.[jt]sx?$/, '') === routeSource)
    : undefined;
  const routeChunkFound = routeSource === null || routeKey !== undefined;
  if (routeKey) visit(routeKey);
  const js = keys.map((key) => manifest[key].file);
  const css = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
  const size = (files) => files.reduce((sum, file) => sum + gzippedSize(path.join(outDir, file)), 0);
  const modules = js.flatMap((file) => modulesByFile[file] ?? []);
  return {
    routeSource: routeKey ?? routeSource,
    routeChunkFound,
    jsFiles: js,
    cssFiles: css,
    jsGzipBytes: size(js),
    cssGzipBytes: size(css),
    lazyOnlyModules: modules.filter((id) => lazyOnlyFeatures.some((feature) => `/${id}`.includes(feature))),
  };
}
