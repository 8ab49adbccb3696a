import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { createTestApp, type TestContext } from '../test/test-app';
import { carriesSecret, redactUrl } from './log-redaction';

/** Issue 16: no secret in any log line, whatever goes wrong. */
describe('log redaction', () => {
  const secret = 'Your code: 735194';
  const logLines: string[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(
      { logLevel: 'trace' },
      (app) => {
        // A failing query carrying an e-mail's text, as a failed outbox insert would (the status breaks a check).
        app.get('/api/test/failing-query', async () => {
          await ctx.db
            .insert(emailOutbox)
            .values({ to: 'a@example.pg', subject: 's', text: secret, status: 'x' as 'sent' });
        });
      },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(() => ctx.close());

  it('logs a failed query without its parameters', async () => {
    logLines.length = 0;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/failing-query?code=735194' });
    expect(response.statusCode).toBe(500);
    const log = logLines.join('\n');
    expect(log).toContain('Failed query: insert into'); // The error is still there to read…
    expect(log).toContain('params: [not logged]');
    expect(log).not.toContain('735194'); // …without what it carried, nor the address's code.
  });

  it('removes the value of secret query parameters from a logged address', () => {
    expect(redactUrl('/reset-password?token=abc-123_x&next=%2Fcart#top')).toBe(
      '/reset-password?token=[removed]&next=%2Fcart#top',
    );
    expect(redactUrl('/x?a=1&Code=123456&password=p')).toBe('/x?a=1&Code=[removed]&password=[removed]');
    expect(redactUrl('/products?page=2')).toBe('/products?page=2');
  });

  it('removes the value of any query parameter whose name ends like a secret (issue 28)', () => {
    expect(redactUrl('/track-order?tracking_code=BLM-7Q2X&lang=en')).toBe(
      '/track-order?tracking_code=[removed]&lang=en',
    );
    expect(redactUrl('/checkout/return?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x')).toBe(
      '/checkout/return?payment_intent=pi_1&payment_intent_client_secret=[removed]',
    );
    expect(redactUrl('/x?checkoutToken=abc&api_key=k')).toBe('/x?checkoutToken=[removed]&api_key=[removed]');
  });

  it('tells an address with a secret (its page is someone’s own, never kept) from one without', () => {
    expect(carriesSecret('/track-order?tracking_code=BLM-7Q2X')).toBe(true);
    expect(carriesSecret('/reset-password?token=abc')).toBe(true);
    expect(carriesSecret('/category/phones?page=2&sort=price')).toBe(false);
    expect(carriesSecret('/track-order')).toBe(false);
  });
});
