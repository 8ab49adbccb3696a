import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestDatabase } from '../test/test-database';

describe('health and readiness', () => {
  it('is ready while the database answers, and not ready once it does not', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig() });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });

      await database.close();
      const lost = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toEqual({ ok: false, reason: 'database unavailable' });
      // The process itself is still alive: the load balancer takes it out of rotation instead of restarting it.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
