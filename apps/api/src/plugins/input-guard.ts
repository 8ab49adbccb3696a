import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** A NUL character anywhere in a value: a string, or a key or string inside an array or object. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text can never hold a NUL character, so a request with one in its path, query or JSON body is
 * refused (400) before any route reads it, instead of failing in the database with a 500.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, including the hot cached product list.
  app.addHook('preValidation', (request, _reply, done) => {
    const hasNul = containsNul(request.params) || containsNul(request.query) || containsNul(request.body);
    done(hasNul ? new AppError('VALIDATION', 'Text must not contain NUL characters.') : undefined);
  });
}
