// `npm start`: builds the web app when it is missing or stale, then serves the shop and its API on one port.
import { spawn } from 'node:child_process';
import { buildWebIfStale, root } from './lib.mjs';

const buildCode = await buildWebIfStale();
if (buildCode !== 0) process.exit(buildCode);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
