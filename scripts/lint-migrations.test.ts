import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The migration linter in `npm run lint` (issue 26): Squawk with the shop's .squawk.toml. */
const root = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'bilum-squawk-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function lint(sqlText: string) {
  const file = path.join(folder, '9999_probe.sql');
  writeFileSync(file, sqlText);
  return spawnSync('npx', ['squawk', '--config', '.squawk.toml', file], {
    cwd: root,
    encoding: 'utf8',
  });
}

describe('the migration linter', () => {
  it('is part of npm run lint, over apps/api/drizzle', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toContain('npm run lint:migrations');
    expect(readFileSync(path.join(root, 'scripts/lint-migrations.mjs'), 'utf8')).toContain("'apps/api/drizzle'");
  });

  it('fails a migration that blocks writes to a live table without saying why', () => {
    const result = lint('CREATE INDEX "orders_email_idx" ON "orders" ("email");\n');
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain('require-concurrent-index-creation');
  });

  it('passes it once the migration says why on the line before', () => {
    const result = lint(
      '-- orders has a few thousand rows: the lock lasts milliseconds.\n-- squawk-ignore require-concurrent-index-creation\nCREATE INDEX "orders_email_idx" ON "orders" ("email");\n',
    );
    expect(result.stdout + result.stderr).toContain('Found 0 issues');
    expect(result.status).toBe(0);
  });
});
