import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbExecutor } from '../db/client';

/** A readiness check that takes longer than this counts as a database that is not answering. */
const readyTimeoutMs = 2000;

/**
 * `GET /api/ready` for the load balancer: 200 when this instance can serve (its database answers), 503 when it
 * cannot or when it is shutting down, so traffic goes elsewhere. `/api/health` (app.ts) only says the process
 * is alive.
 */
export function registerReadiness(app: FastifyInstance, deps: { db: DbExecutor }) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (closing) return reply.code(503).send({ ok: false, reason: 'shutting down' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.db.execute(sql`select 1`),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('database check timed out')), readyTimeoutMs);
        }),
      ]);
      return { ok: true };
    } catch (error) {
      reply.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.code(503).send({ ok: false, reason: 'database unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
