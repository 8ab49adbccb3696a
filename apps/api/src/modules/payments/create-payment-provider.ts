import type { PaymentsConfig } from '../../config';
import type { Database } from '../../db/client';
import { createStripeProvider, type StripePaymentProvider } from './stripe-provider';
import { createTestCardSimulator, type TestCardSimulator } from './test-card-simulator';

/** Either provider; `provider.name === 'simulator'` narrows to the simulator's extra methods. */
export type ConfiguredPaymentProvider = TestCardSimulator | StripePaymentProvider;

/** The provider the configuration names: the test-card simulator by default, Stripe with its keys. */
export function createPaymentProvider(
  config: PaymentsConfig,
  db: Database,
  options: { now?: () => Date } = {},
): ConfiguredPaymentProvider {
  if (config.provider === 'stripe') return createStripeProvider(config);
  return createTestCardSimulator({ db, webhookSecret: config.webhookSecret, now: options.now });
}
