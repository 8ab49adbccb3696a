import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, readdirSync, readlinkSync } from 'node:fs';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { BackupError, backupFileName, partFromBuffer, writeArchive } from './backup-archive';
import { dumpPglite } from './database-dump';
import { serverKeyOf } from './server-key-part';

/**
 * The backup control of a running PGlite shop (decision 020). PGlite is one process: nothing else may open
 * `<DATA_DIR>/pglite` while the shop runs, so `npm run backup` asks the shop to make the backup itself. The shop
 * listens for that on a socket of its own, never on its public port: a Unix socket (mode 0600) in DATA_DIR, or a
 * named pipe on Windows. `<DATA_DIR>/control.json` (mode 0600) names the socket and holds a random token that
 * every request must carry; it is written when the shop starts listening and removed when it stops.
 */
export interface ControlFile {
  pid: number;
  socket: string;
  token: string;
  startedAt: string;
}

export const controlFilePath = (dataDir: string) => path.join(dataDir, 'control.json');

/** `<DATA_DIR>/control.sock`, unless that path is too long for a Unix socket (about 104 bytes): then in the temp folder. */
export function controlSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const id = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\bilum-${id}`;
  const inFolder = path.join(resolved, 'control.sock');
  return Buffer.byteLength(inFolder) <= 100 ? inFolder : path.join(os.tmpdir(), `bilum-${id}.sock`);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The request's token against the shop's, in constant time. */
function hasToken(request: http.IncomingMessage, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

function answerJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** The PGlite that keeps its files in `<DATA_DIR>/pglite` behind `db`, or null (PostgreSQL, an in-memory test database). */
function pgliteOnDisk(db: Database, dataDir: string): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite) || !client.dataDir) return null;
  return path.resolve(client.dataDir) === path.resolve(dataDir, 'pglite') ? client : null;
}

/**
 * Registers the backup control from buildApp: it starts when the shop listens (never for tests that only inject)
 * and stops when the app closes, after a backup under way has been sent. Only a shop on a PGlite data folder has
 * one; on PostgreSQL `npm run backup` runs pg_dump itself.
 */
export function registerBackupControl(app: FastifyInstance, options: { db: Database; config: Config }) {
  const client = pgliteOnDisk(options.db, options.config.dataDir);
  if (!client) return;
  let control: { stop(): Promise<void> } | undefined;
  app.addHook('onListen', async () => {
    try {
      control = await startControl(client, options.config, app.log);
    } catch (error) {
      app.log.error({ err: error }, 'the backup control did not start: `npm run backup` cannot reach this shop');
    }
  });
  app.addHook('onClose', async () => {
    await control?.stop();
  });
}

async function startControl(client: PGlite, config: Config, log: FastifyBaseLogger) {
  const file = controlFilePath(config.dataDir);
  const socket = controlSocketPath(config.dataDir);
  const previous = await readControlFile(config.dataDir);
  if (previous && previous.pid !== process.pid && (await probeControl(previous)) !== 'gone') {
    throw new Error(`another shop (process ${previous.pid}) answers for this data folder on ${previous.socket}`);
  }
  // A socket file left by a shop that was killed: nobody answers on it (checked above).
  if (process.platform !== 'win32') await rm(socket, { force: true });
  const token = randomBytes(32).toString('base64url');
  let underWay: Promise<void> | null = null;

  const makeBackup = async (response: http.ServerResponse) => {
    const started = Date.now();
    const madeAt = new Date();
    const { dump, facts } = await dumpPglite(client);
    const paused = Date.now() - started;
    const serverKey = await serverKeyOf(config);
    const parts = [partFromBuffer('database.pglite.tar', dump), ...(serverKey.part ? [serverKey.part] : [])];
    response.writeHead(200, {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${backupFileName(madeAt)}"`,
    });
    await writeArchive(
      response,
      {
        madeAt: madeAt.toISOString(),
        database: 'pglite',
        takenBy: 'running-shop',
        ...facts,
        serverKey: serverKey.kind,
      },
      parts,
    );
    log.info({ pausedMs: paused, tookMs: Date.now() - started, databaseBytes: dump.length }, 'backup sent');
  };

  const server = http.createServer((request, response) => {
    if (!hasToken(request, token)) return answerJson(response, 401, { error: 'wrong or missing token' });
    if (request.method === 'GET' && request.url === '/status') {
      return answerJson(response, 200, { ok: true, pid: process.pid, database: 'pglite' });
    }
    if (request.method === 'POST' && request.url === '/backup') {
      if (underWay) return answerJson(response, 409, { error: 'a backup is already being made' });
      underWay = makeBackup(response)
        .catch((error: unknown) => {
          log.error({ err: error }, 'backup failed');
          if (response.headersSent) response.destroy(error as Error);
          else answerJson(response, 500, { error: (error as Error).message });
        })
        .finally(() => {
          underWay = null;
        });
      return;
    }
    answerJson(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (process.platform !== 'win32') await chmod(socket, 0o600);
  // Written whole, then renamed: a reader never sees half a file, or a token with a looser mode.
  const temporary = `${file}.tmp`;
  await rm(temporary, { force: true });
  const content: ControlFile = { pid: process.pid, socket, token, startedAt: new Date().toISOString() };
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);

  return {
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await underWay;
      server.closeAllConnections();
      await closed;
      // Only our own file: a shop started meanwhile on the folder (which it should not be) keeps its own.
      if ((await readControlFile(config.dataDir))?.token === token) await rm(file, { force: true });
      if (process.platform !== 'win32') await rm(socket, { force: true });
    },
  };
}

export async function readControlFile(dataDir: string): Promise<ControlFile | null> {
  const file = controlFilePath(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    // Not a reason to go on without the shop: another user's backup must not read the folder under a running shop.
    if (code === 'EACCES' || code === 'EPERM') {
      throw new BackupError(`${file} cannot be read by this user: run the command as the user the shop runs as.`);
    }
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<ControlFile>;
    const valid =
      typeof parsed.pid === 'number' && typeof parsed.socket === 'string' && typeof parsed.token === 'string';
    return valid ? (parsed as ControlFile) : null;
  } catch {
    return null;
  }
}

function controlRequest(
  control: ControlFile,
  method: 'GET' | 'POST',
  url: string,
  timeoutMs: number,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: control.socket, method, path: url, headers: { authorization: `Bearer ${control.token}` } },
      resolve,
    );
    request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    request.once('error', reject);
    request.end();
  });
}

async function errorOf(response: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text || `status ${response.statusCode}`;
  }
}

/**
 * Whether a shop answers on the control socket: `answers`; `gone` when nobody listens there (the file was left by a
 * shop that was killed); otherwise what went wrong (it is there but does not answer, or refuses the token).
 */
export async function probeControl(control: ControlFile, timeoutMs = 5000): Promise<'answers' | 'gone' | string> {
  try {
    const response = await controlRequest(control, 'GET', '/status', timeoutMs);
    if (response.statusCode === 200) {
      response.resume();
      return 'answers';
    }
    return `it answered ${response.statusCode}: ${await errorOf(response)}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return 'gone';
    return code === 'ETIMEDOUT' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
  }
}

/** Asks the running shop for a backup and writes the archive it sends to `file` (mode 0600). */
export async function requestBackup(control: ControlFile, file: string): Promise<void> {
  const response = await controlRequest(control, 'POST', '/backup', 10 * 60_000);
  if (response.statusCode !== 200) {
    throw new BackupError(`The shop refused to make a backup: ${await errorOf(response)}`);
  }
  await pipeline(response, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
}

/**
 * The processes that have files of `folder` open (Linux: /proc/<pid>/fd), or null where that cannot be seen. A
 * PGlite keeps its data files open while it runs, so this finds a shop that is starting, migrating or stopping,
 * when it has no control socket yet (or no longer).
 */
export function processesHolding(folder: string): number[] | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const prefix = `${path.resolve(folder)}${path.sep}`;
  const holders: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or one that has just ended
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix);
      } catch {
        return false;
      }
    });
    if (holds) holders.push(Number(pid));
  }
  return holders;
}
