// The build gives each lazy page of the router its module's manifest key (vite-page-modules.ts), by which the server
// names a rendered page's code (issue 29). Every lazy page must get one, and the key must be the module's file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addPageModuleKeys, moduleKey } from '../../vite-page-modules';

const webRoot = path.resolve(__dirname, '../..');
const routerFile = path.join(webRoot, 'src/app/router.tsx');

describe('the lazy pages’ module keys', () => {
  it('gives every lazyPage of the router the manifest key of the file it imports', () => {
    const source = readFileSync(routerFile, 'utf8');
    // Every call, however written.
    const calls = source.split('lazyPage(').length - 1;
    expect(calls).toBeGreaterThan(40);
    const keyed = addPageModuleKeys(source, webRoot, routerFile);
    const keys = [...keyed.matchAll(/lazyPage\(\(\) => import\('([^']+)'\), "([^"]+)"\)/g)];
    expect(keys).toHaveLength(calls);
    for (const [, specifier, key] of keys) {
      expect(key, specifier).toMatch(/^src\/.+\.tsx?$/);
      expect(existsSync(path.join(webRoot, key!)), key).toBe(true);
      expect(path.join(webRoot, key!).replace(/\.tsx?$/, '')).toBe(path.resolve(path.dirname(routerFile), specifier!));
    }
    expect(keyed).toContain(
      `lazyPage(() => import('../features/checkout/ContactDetailsPage'), "src/features/checkout/ContactDetailsPage.tsx")`,
    );
  });

  it('stops the build at a lazyPage written another way, whose page would go unnamed', () => {
    const code = `const Odd = lazyPage(() =>\n  import('../features/catalog/HomePage'),\n);`;
    expect(() => addPageModuleKeys(code, webRoot, routerFile)).toThrow(/1 lazyPage call/);
  });

  it('leaves an import it cannot find as it was', () => {
    const code = `const Gone = lazyPage(() => import('../features/nowhere/GonePage'));`;
    expect(addPageModuleKeys(code, webRoot, routerFile)).toBe(code);
    expect(moduleKey(webRoot, routerFile, '../features/nowhere/GonePage')).toBeNull();
  });
});
