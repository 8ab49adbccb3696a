import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { createPaymentProvider } from './create-payment-provider';

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
};
const stripePayments: Config['payments'] = {
  provider: 'stripe',
  secretKey: 'sk_test_123',
  publishableKey: 'pk_test_123',
  webhookSecret: 'whsec_123',
  api: {},
};

describe('payment configuration', () => {
  it('uses the test-card simulator by default, with a webhook secret of its own per start', () => {
    const first = loadConfig({}).payments;
    const second = loadConfig({}).payments;

    expect(first.provider).toBe('simulator');
    expect(first.webhookSecret).toMatch(/^whsec_sim_[0-9a-f]{48}$/);
    expect(second.webhookSecret).not.toBe(first.webhookSecret);
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRET: 'whsec_fixed' }).payments.webhookSecret).toBe('whsec_fixed');
  });

  it('with Stripe, one error lists every missing key alongside the other bad variables', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', PORT: 'eighty' })).toThrow(
      /PORT:.*\n.*STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe\n.*STRIPE_PUBLISHABLE_KEY: required.*\n.*STRIPE_WEBHOOK_SECRET: required/,
    );
  });

  it('with Stripe, a key of the wrong kind is refused', () => {
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_SECRET_KEY: 'pk_test_swapped' }),
    ).toThrow('STRIPE_SECRET_KEY: should start with sk_ or rk_');
  });

  it('reads the Stripe keys and the API address used by tests', () => {
    const env = { PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111' };

    expect(loadConfig({ ...env, STRIPE_API_PROTOCOL: 'http' }).payments).toEqual({
      ...stripePayments,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() => loadConfig({ ...env, STRIPE_API_PROTOCOL: 'ftp' })).toThrow('STRIPE_API_PROTOCOL');
  });
});

describe('choosing the payment provider', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('makes the simulator or the Stripe adapter as the configuration says', () => {
    const simulator = createPaymentProvider({ provider: 'simulator', webhookSecret: 'whsec_x' }, database.db);
    const stripe = createPaymentProvider(stripePayments, database.db);

    expect(simulator.publicConfig()).toEqual({ provider: 'simulator', testMode: true });
    expect(stripe.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123', testMode: true });
  });
});

describe('Content-Security-Policy and the payment provider', () => {
  async function cspWith(payments: Config['payments']) {
    const context = await createTestApp({ payments });
    try {
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      return String(response.headers['content-security-policy']);
    } finally {
      await context.close();
    }
  }

  it('allows no Stripe origin with the simulator', async () => {
    expect(await cspWith({ provider: 'simulator', webhookSecret: 'whsec_x' })).not.toContain('stripe.com');
  });

  it("allows Stripe's script, frame and API origins with Stripe", async () => {
    const csp = await cspWith(stripePayments);

    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });
});
