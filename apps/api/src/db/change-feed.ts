import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DbExecutor } from './client';
import { cacheVersions } from './schema';

/** The in-memory caches that every instance keeps and that a change on any instance must drop. */
export const cacheNames = ['catalog', 'settings'] as const;
export type CacheName = (typeof cacheNames)[number];

/** Sent by the database (migration 0008_cache_change_triggers) when a cached table's transaction commits. */
export const cacheChangedChannel = 'bilum_cache_changed';

/** How often each instance compares the cache versions, in case a NOTIFY was missed: well under a second. */
export const versionCheckEveryMs = 400;
const reconnectDelays = [250, 500, 1000, 2000, 5000];

export interface ChangeFeedLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ChangeFeed {
  /** Calls `listener` whenever `name` may have changed on any instance (possibly more often: it is only a hint). */
  on(name: CacheName, listener: () => void): void;
  /** Compares the versions now (the background check calls it every `versionCheckEveryMs`). */
  checkVersions(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Marks a cache as changed for every instance, inside the caller's transaction when given one. Writes to the
 * products and shop_settings tables do this by themselves (a trigger); call it for anything else a cache shows.
 */
export async function markCacheChanged(executor: DbExecutor, name: CacheName): Promise<void> {
  await executor.execute(sql`select bilum_cache_changed(${name})`);
}

/**
 * Tells this instance when another one (or this one) changed a cached table. Two paths, so that no instance
 * serves a stale copy for more than a second:
 * - LISTEN on a dedicated PostgreSQL connection (only with DATABASE_URL): immediate; reconnects by itself,
 *   and reports every cache as changed after a reconnect, because notifications sent meanwhile are lost;
 * - a version check every `versionCheckEveryMs` against `cache_versions`, bumped in the same transaction as the
 *   change: the fallback while the listener is down, and the only path on PGlite (one process, no listener).
 */
export function createChangeFeed(deps: { db: DbExecutor; databaseUrl?: string; log: ChangeFeedLog }): ChangeFeed {
  const listeners = new Map<CacheName, Set<() => void>>();
  const seenVersions = new Map<string, number>();
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let client: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let failedConnects = 0;
  let lastCheckError = 0;

  function fire(name: string) {
    for (const listener of listeners.get(name as CacheName) ?? []) listener();
  }
  const fireAll = () => cacheNames.forEach(fire);

  async function readVersions() {
    const rows = await deps.db.select().from(cacheVersions);
    for (const row of rows) {
      if (seenVersions.get(row.name) === row.version) continue;
      seenVersions.set(row.name, row.version);
      fire(row.name);
    }
  }

  function checkVersions(): Promise<void> {
    checking ??= readVersions()
      .catch((error: unknown) => {
        // A database that is down shows in /api/ready; say it here at most once a minute.
        if (Date.now() - lastCheckError > 60_000) deps.log.warn({ err: error }, 'cache version check failed');
        lastCheckError = Date.now();
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const delay = reconnectDelays[Math.min(failedConnects, reconnectDelays.length - 1)]!;
    failedConnects += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void listen();
    }, delay);
    reconnectTimer.unref();
  }

  async function listen() {
    if (stopped || !deps.databaseUrl) return;
    const next = new pg.Client({ connectionString: deps.databaseUrl, application_name: 'bilum-cache-listener' });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!stopped) deps.log.warn({ err: error }, 'cache change listener lost its connection; reconnecting');
      fireAll();
      scheduleReconnect();
    };
    next.on('notification', (message) => fire(message.payload ?? ''));
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${cacheChangedChannel}`);
      if (stopped) {
        client = null;
        await next.end();
        return;
      }
      if (failedConnects > 0) deps.log.info({}, 'cache change listener connected again');
      failedConnects = 0;
      // Anything sent while we were not listening is lost: start from fresh copies.
      fireAll();
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
    },
    checkVersions,
    async start() {
      if (!stopped) return;
      stopped = false;
      await checkVersions();
      timer = setInterval(() => void checkVersions(), versionCheckEveryMs);
      timer.unref();
      await listen();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      timer = null;
      reconnectTimer = null;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
      await checking;
    },
  };
}

/**
 * Starts the feed with the app and stops it on close; each cache's `drop` runs when it may have changed
 * anywhere. LISTEN needs DATABASE_URL (PostgreSQL); on PGlite the version check alone suffices (one process).
 */
export function registerChangeFeed(
  app: FastifyInstance,
  deps: { db: DbExecutor; databaseUrl: string | undefined; drop: Record<CacheName, () => void> },
): ChangeFeed {
  const feed = createChangeFeed({ db: deps.db, databaseUrl: deps.databaseUrl, log: app.log });
  for (const name of cacheNames) feed.on(name, deps.drop[name]);
  app.addHook('onReady', () => feed.start());
  app.addHook('onClose', () => feed.stop());
  return feed;
}
