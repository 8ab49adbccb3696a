import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pageModuleKeys } from './vite-page-modules';
import { compiledCatalogs } from './vite-compiled-catalogs';

const require = createRequire(import.meta.url);
// react-router's package exports only its development build; builds use the production one (smaller, no dev checks).
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside every text file of the build, once, so the
 * server sends compressed files without compressing them per request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  let write = true;
  const compressible = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.name.startsWith('.')
        ? []
        : entry.isDirectory()
          ? files(path.join(dir, entry.name))
          : [path.join(dir, entry.name)],
    );
  return {
    name: 'bilum-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    closeBundle() {
      if (!write || !existsSync(outDir)) return;
      for (const file of files(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * `vite build --ssr src/entry-server.tsx` (npm run build): the renderer of the first screen for the API server,
 * into dist/.server (not served: the server sends no dotfiles). Everything is bundled into it, so it runs from
 * any folder a build is written to.
 */
const serverRendererBuild = {
  outDir: 'dist/.server',
  emptyOutDir: true,
  manifest: false,
  copyPublicDir: false,
  sourcemap: false,
  target: 'node20',
};

/**
 * The service worker (src/sw.ts, decision 045), written to sw.js with Workbox bundled in. It precaches only the
 * app shell: the bare page, the start-up code (the entry, React DOM, the frame's `shell` chunk), the icons; other
 * pages' code is kept as it is used, so the first visit on mobile data downloads nothing it does not show.
 */
const serviceWorker = (isSsrBuild: boolean | undefined) =>
  VitePWA({
    disable: Boolean(isSsrBuild),
    integration: {
      // Nor for a build that writes nothing (the bundle budget test's): the worker would be written alone into dist.
      configureOptions(config, options) {
        if (!config.build.write) options.disable = true;
      },
    },
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // Registered by the app itself once the page has loaded (lib/service-worker.ts); the manifest is
    // public/manifest.webmanifest, named in index.html.
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: [
        'index.html',
        'app-after-paint.js',
        'favicon.svg',
        'manifest.webmanifest',
        'icons/*.png',
        'assets/{index,rolldown-runtime,react-dom,shell}-*.{js,css}',
      ],
      // Their names carry a hash of their content: fetched as they are, so the copy the page loaded is reused.
      dontCacheBustURLsMatching: /^assets\//,
      rollupFormat: 'iife',
      minify: true,
      sourcemap: false,
    },
  });

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [pageModuleKeys(), compiledCatalogs(), react(), tailwindcss(), serviceWorker(isSsrBuild), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  ssr: { noExternal: true, target: 'node' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? serverRendererBuild
    : {
        outDir: 'dist',
        manifest: true,
        sourcemap: false,
        target: 'es2022',
        // Every browser we support has modulepreload; the polyfill would only add weight to the first page.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // The first page's code in one file rather than six small ones: one request on a slow mobile link,
            // and it compresses better. Lazy pages keep Rolldown's own splitting (merging their shared modules
            // made each page load code of the others).
            // The parts of the frame every storefront page loads right after the page (header cart, footer, the
            // home page's lower sections) and what they import, in one file too: they were eleven small files
            // in chains, each a round trip on a slow link (issue 29, decision 031).
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                // React DOM, which main.tsx imports at start-up so that it is evaluated in a task of its own; before
                // the shell, which would otherwise take it in with sonner (which uses it).
                { name: 'react-dom', test: /node_modules[\\/](?:react-dom|scheduler)[\\/]/ },
                {
                  name: 'shell',
                  test: /src[\\/](?:app[\\/](?:SiteFooter|OfflineBar)|features[\\/](?:cart[\\/]HeaderCart|catalog[\\/]HomeExtras))\.tsx$/,
                },
              ],
            },
          },
        },
      },
}));
