import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../config';
import { afterAll, beforeAll } from 'vitest';
import { createShopDatabase, type ShopDatabase } from './shop-database';

export interface ShopServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server printed (stdout and stderr). */
  output(): string;
  /** The exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident memory now, in bytes (Linux: /proc/<pid>/status). */
  rssBytes(): number;
}

/** A port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node --import tsx apps/api/src/server.ts` on `database`, on 127.0.0.1 only, and waits until
 * /api/ready answers 200. `env` adds to (or overrides) the defaults: quiet logs, no web build, demo data.
 */
export async function startShopServer(
  database: Pick<ShopDatabase, 'env'>,
  options: { port?: number; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ShopServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        WEB_DIST: '',
        ADMIN_PASSWORD: 'resilience-admin-password',
        // Every simulated shopper comes from 127.0.0.1: the per-address limits on checkouts (issue 16) would stop
        // the crowd these tests are about. The limits themselves are tested in order-holds.test.ts.
        CHECKOUT_ORDERS_PER_IP: '100000',
        CHECKOUT_UNPAID_ORDERS_PER_IP: '100000',
        CHECKOUT_UNPAID_ORDERS_PER_ACCOUNT: '100000',
        ...database.env,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ShopServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => chunks.join(''),
    exited,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      if (!kilobytes) throw new Error(`no VmRSS for process ${child.pid}`);
      return Number(kilobytes) * 1024;
    },
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.url}/api/ready`).catch(() => null);
    if (response?.ok) return server;
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready:\n${server.output()}`);
}

/** Ends a server that a test left running (SIGKILL), and waits until it has gone. */
export async function killShopServer(server: ShopServer | undefined) {
  if (!server) return;
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, and the exit code once the server has finished (it finishes requests and closes the database). */
export async function stopShopServer(server: ShopServer): Promise<number | null> {
  server.process.kill('SIGTERM');
  const { code } = await server.exited;
  return code;
}

/**
 * Log lines at level error or worse (pino's JSON: level ≥ 50), and any unhandled rejection or uncaught
 * exception Node printed.
 */
export function serverProblems(output: string): string[] {
  return output.split('\n').filter((line) => {
    const level = /"level":(\d+)/.exec(line)?.[1];
    return (level !== undefined && Number(level) >= 50) || /unhandled|uncaught/i.test(line);
  });
}

/** Waits until `condition` holds, checking every `everyMs`; throws with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 30_000, everyMs = 100 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * One shop server on a fresh database for the tests of a file: started before them, killed (and its database
 * dropped) after them. Read `shop.server` and `shop.database` inside the tests.
 */
export function shopForTheseTests(): { readonly server: ShopServer; readonly database: ShopDatabase } {
  let database: ShopDatabase | undefined;
  let server: ShopServer | undefined;
  beforeAll(async () => {
    database = await createShopDatabase();
    server = await startShopServer(database);
  });
  afterAll(async () => {
    await killShopServer(server);
    await database?.dispose();
  });
  return {
    get server() {
      if (!server) throw new Error('the shop server has not started (read it inside a test)');
      return server;
    },
    get database() {
      if (!database) throw new Error('the shop database is not made yet (read it inside a test)');
      return database;
    },
  };
}
