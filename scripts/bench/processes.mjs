// Child processes of the bench: the shop, the bare server, the API phase.
import { spawn } from 'node:child_process';
import { root } from '../lib.mjs';

/** `cwd`: the checkout whose code runs (the baseline's worktree for the baseline's server), this one by default. */
export function startProcess(command, commandArgs, env = {}, cwd = root) {
  return spawn(command, commandArgs, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
}

export async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
}

export async function waitFor(url, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process stopped with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`nothing answered on ${url}`);
}
