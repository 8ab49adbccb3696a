// The baseline of `npm run bench` (issue 29): another commit of the shop (by default the last landed one, the
// merge base of HEAD and main), checked out in a temporary git worktree, installed (npm ci) and built (npm run
// build) there, so the bench can serve it beside the version measured and compare the two in the same run.
// The worktree is kept between runs only with --keep-baseline (and then reused: it is named by the commit).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib.mjs';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The commit of `ref`; with no ref, the merge base of HEAD and main (the last landed commit under this branch). */
export function resolveBaseline(ref) {
  const name = ref ?? git('merge-base', 'HEAD', 'main');
  try {
    return git('rev-parse', '--verify', `${name}^{commit}`);
  } catch {
    throw new Error(`--baseline: ${name} is not a commit of this repository`);
  }
}

function run(command, args, cwd, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (${code})`)),
    );
  });
}

/** Checks out, installs and builds `commit`; answers { root, commit, webDist, remove() }. */
export async function prepareBaseline(commit, { keep }) {
  const dir = path.join(os.tmpdir(), `bilum-bench-baseline-${commit.slice(0, 12)}`);
  const installedMark = path.join(dir, '.bench-installed');
  const builtMark = path.join(dir, '.bench-built');
  if (!existsSync(installedMark)) {
    if (existsSync(dir)) git('worktree', 'remove', '--force', dir);
    git('worktree', 'add', '--detach', dir, commit);
    console.log(`  npm ci in ${dir}…`);
    await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    writeFileSync(installedMark, `${commit}\n`);
  }
  if (!existsSync(builtMark)) {
    console.log('  npm run build…');
    // As `npm start` builds it: production (the first-screen renderer with React's production JSX runtime).
    await run('npm', ['run', 'build'], dir, { NODE_ENV: 'production' });
    writeFileSync(builtMark, `${commit}\n`);
  } else {
    console.log(`  reusing the build in ${dir}`);
  }
  return {
    root: dir,
    commit,
    webDist: path.join(dir, 'apps/web/dist'),
    remove() {
      if (!keep) git('worktree', 'remove', '--force', dir);
    },
  };
}
