// Issue 17, defect 16: what `npm install` brings in must run on the Node.js the README promises (and CI has), and
// every workspace declares only dependencies it uses.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** "Needs Node.js 20.19 or newer" in the README's quick start. */
function promisedNode(): string {
  const match = /Needs Node\.js (\d+\.\d+) or newer/.exec(readFileSync(path.join(root, 'README.md'), 'utf8'));
  if (!match?.[1]) throw new Error('the README no longer says which Node.js it needs');
  return `${match[1]}.0`;
}

describe('dependencies', () => {
  it('the root package.json promises the same Node.js as the README', () => {
    expect(semver.minVersion(readJson('package.json').engines.node)?.version).toBe(promisedNode());
  });

  it('every installed package declares engines that the promised Node.js (and this one) satisfies', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { engines?: { node?: string } }> };
    const refused = Object.entries(lock.packages)
      .filter(([, meta]) => typeof meta.engines?.node === 'string')
      .filter(([, meta]) => {
        const range = meta.engines?.node ?? '*';
        return !semver.satisfies(promisedNode(), range) || !semver.satisfies(process.versions.node, range);
      })
      .map(([name, meta]) => `${name} (node ${meta.engines?.node})`);
    expect(refused).toEqual([]);
  });

  it('the web app declares no dependency it does not import', () => {
    const source = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? source(full) : /\.(tsx?|css)$/.test(name) ? [full] : [];
      });
    const web = path.join(root, 'apps/web');
    const text = [...source(path.join(web, 'src')), path.join(web, 'vite.config.ts')]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const declared = Object.keys(readJson('apps/web/package.json').dependencies ?? {});
    const unused = declared.filter((name) => !text.includes(`'${name}`) && !text.includes(`"${name}`));
    expect(unused).toEqual([]);
  });
});
