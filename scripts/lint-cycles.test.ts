import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The import-cycle check in `npm run lint` (issue 27): madge with the shop's .madgerc. */
const root = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'bilum-cycles-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function check(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(folder, 'case-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return spawnSync('npx', ['madge', '--circular', dir], { cwd: root, encoding: 'utf8' });
}

describe('the import-cycle check', () => {
  it('is part of npm run lint, over the API and the web app', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toContain('npm run lint:cycles');
    expect(scripts['lint:cycles']).toContain('apps/api/src');
    expect(scripts['lint:cycles']).toContain('apps/web/src');
  });

  it('fails on a cycle of imports', () => {
    const result = check({
      'orders.service.ts': "import { alert } from './order-alerts';\nexport const address = () => alert();\n",
      'order-alerts.ts': "import { address } from './orders.service';\nexport const alert = () => address;\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/Found 1 circular dependency/);
    expect(result.stdout).toContain('order-alerts.ts > orders.service.ts');
    // Each check starts madge in a process of its own: under a full parallel run that took over 5 s (once seen).
  }, 30_000);

  it('passes when only types go both ways (they leave nothing to run at load)', () => {
    const result = check({
      'orders.service.ts': "import type { Alert } from './order-alerts';\nexport interface Order { alert?: Alert }\n",
      'order-alerts.ts': "import type { Order } from './orders.service';\nexport interface Alert { order?: Order }\n",
    });
    expect(result.stdout + result.stderr).toContain('No circular dependency found');
    expect(result.status).toBe(0);
  }, 30_000);
});
