// `npm run lint` runs Squawk, the PostgreSQL migration linter, over apps/api/drizzle (issue 26, decision 021),
// with the rules and the released-before-the-linter files of .squawk.toml. Squawk fails when every file it is
// given is excluded, which is the case until the first migration after the linter: then there is nothing to lint.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const folder = 'apps/api/drizzle';
const excluded = new Set(
  [...readFileSync(path.join(root, '.squawk.toml'), 'utf8').matchAll(/"(apps\/api\/drizzle\/[^"]+)"/g)].map(
    (m) => m[1],
  ),
);
const files = readdirSync(path.join(root, folder))
  .filter((name) => name.endsWith('.sql'))
  .map((name) => `${folder}/${name}`);
const linted = files.filter((file) => !excluded.has(file));
if (linted.length === 0) {
  console.log(`Squawk: all ${files.length} migrations were released before the linter (.squawk.toml); none to lint.`);
  process.exit(0);
}
process.exit(await run('npx', ['squawk', ...linted]));
