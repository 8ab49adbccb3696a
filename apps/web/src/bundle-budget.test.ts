// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * JavaScript the home page loads before it is interactive: the entry chunk and its static imports, and React DOM,
 * which main.tsx imports at start-up into a file of its own (evaluated in a task of its own, decision 031).
 * 110 KB until issue 31: the pages in two languages put Lingui's runtime, the English catalog and the language
 * switch on the start-up path, ~6 KB measured; 116 KB since (decision 046).
 */
const BUDGET_GZIP_BYTES = 116 * 1024;
const loadedAtStartUp = /node_modules[\\/]react-dom[\\/]/;
const lazyOnlyFeatures = [
  '/features/admin/',
  '/features/account/',
  '/features/checkout/',
  '/features/cart/',
  '/features/profile/',
  '/features/membership/',
];

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const initialChunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = (await build({
    root: webRoot,
    logLevel: 'silent',
    build: { write: false, manifest: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const output = (Array.isArray(result) ? result[0]! : result).output;
  const chunks = new Map(
    output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    initialChunks.push(chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  for (const name of entry.dynamicImports) {
    const chunk = chunks.get(name);
    if (chunk?.moduleIds.some((id) => loadedAtStartUp.test(id))) visit(chunk);
  }
}, 120_000);

describe('the home page bundle', () => {
  it(`loads at most ${BUDGET_GZIP_BYTES / 1024} KB of gzipped JavaScript before it is interactive`, () => {
    const total = initialChunks.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0);
    expect(total).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('counts React DOM, which the start-up loads in a file of its own', () => {
    const modules = initialChunks.flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => /react-dom[\\/]cjs[\\/]react-dom-client\./.test(id))).toBe(true);
  });

  it('holds no admin, account, cart or checkout code (those pages are lazy-loaded)', () => {
    const modules = initialChunks.flatMap((chunk) => chunk.moduleIds);
    const leaked = modules.filter((id) => lazyOnlyFeatures.some((feature) => id.includes(feature)));
    expect(leaked).toEqual([]);
  });
});
