import type { FastifyInstance } from 'fastify';
import { type Config, shopUrl } from '../../config';
import type { Database } from '../../db/client';
import { createCartService } from '../cart/cart.service';
import { checkoutQuoteRoutes } from '../checkout/checkout-quote.routes';
import { contactDetailsRoutes } from '../checkout/contact-details.routes';
import { createContactDetailsService } from '../checkout/contact-details.service';
import type { Mailer } from '../mail/mail.service';
import { membershipRoutes } from '../membership/membership.routes';
import { createMembershipPurchaseService } from '../membership/membership-purchase.service';
import type { ConfiguredPaymentProvider } from '../payments/create-payment-provider';
import { paymentsRoutes } from '../payments/payments.routes';
import type { SecretHasher } from '../../security/server-key';
import type { SettingsService } from '../settings/settings.service';
import { type CheckoutJobs, createCheckoutJobs } from './checkout-jobs';
import { ordersRoutes } from './orders.routes';
import { registerInvoiceDocuments } from '../invoices/invoice-documents';
import { createOrdersService, type OrdersService } from './orders.service';
import { createPaymentCompletion, type PaymentCompletion } from './payment-completion';
import { createOrderPaymentsService, type OrderPaymentsService } from '../payment-methods/order-payments.service';
import { adminPaymentMethodsRoutes, paymentMethodsRoutes } from '../payment-methods/payment-methods.routes';
import { createPremiumBankTransfer } from '../payment-methods/premium-bank-transfer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider (simulator or Stripe) the whole app uses. */
    payments: ConfiguredPaymentProvider;
    /** Checkout: orders, payment completion and the background jobs (tests call the jobs directly). */
    checkout: {
      orders: OrdersService;
      completion: PaymentCompletion;
      jobs: CheckoutJobs;
      /** Issue 19: payments staff record (bank transfer, counter) and the bank-transfer reminders. */
      orderPayments: OrderPaymentsService;
    };
  }
}

/**
 * Checkout and payments (issue 6): contact details, orders, payment completion, the webhook, the simulator's
 * 3-D Secure page and the background jobs (started when the app is ready, unless the interval is 0).
 */
export async function registerCheckout(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: Config;
    payments: ConfiguredPaymentProvider;
    mailer: Mailer;
    settings: SettingsService;
    now: () => Date;
    /** HMACs under the server key (checkout tokens, order addresses). */
    secrets: SecretHasher;
  },
) {
  const ordersDeps = {
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    settings: deps.settings,
    shopUrl: shopUrl(deps.config),
    now: deps.now,
    secrets: deps.secrets,
    unpaidLimits: {
      perAddress: deps.config.checkoutLimits.unpaidPerAddress,
      perAccount: deps.config.checkoutLimits.unpaidPerAccount,
    },
    log: app.log,
  };
  const orders = createOrdersService(ordersDeps);
  // Premium bought on /membership-payment: the same provider, webhook and reconciliation as orders.
  const membershipPurchases = createMembershipPurchaseService({
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    settings: deps.settings,
    shopUrl: ordersDeps.shopUrl,
    now: deps.now,
  });
  const completion = createPaymentCompletion(ordersDeps, orders, [membershipPurchases]);
  // A paid order's invoice PDF and confirmation e-mail, drawn by the outbox worker after the payment (issue 27).
  registerInvoiceDocuments({ db: deps.db, mailer: deps.mailer, settings: deps.settings, shopUrl: ordersDeps.shopUrl });
  const orderPayments = createOrderPaymentsService(ordersDeps);
  const jobs = createCheckoutJobs(ordersDeps, orders, completion, orderPayments);
  // A getter: fastify would read a provider object with a `getter` key as a getter/setter pair.
  app.decorate('payments', { getter: () => deps.payments });
  app.decorate('checkout', { orders, completion, jobs, orderPayments });

  await app.register(contactDetailsRoutes(createContactDetailsService(deps.db)), { prefix: '/api' });
  await app.register(checkoutQuoteRoutes(createCartService(deps.db), deps.settings, deps.now), { prefix: '/api' });
  await app.register(
    ordersRoutes({ orders, completion, limits: deps.config.authLimits, checkoutLimits: deps.config.checkoutLimits }),
    { prefix: '/api' },
  );
  await app.register(membershipRoutes(membershipPurchases), { prefix: '/api' });
  // Issue 19: bank transfer / mobile banking and pay at pickup (decision 011).
  await app.register(
    paymentMethodsRoutes({ db: deps.db, premium: createPremiumBankTransfer({ db: deps.db, orders }) }),
    { prefix: '/api' },
  );
  await app.register(adminPaymentMethodsRoutes({ db: deps.db, payments: orderPayments, now: deps.now }), {
    prefix: '/api',
  });
  await app.register(
    paymentsRoutes({
      payments: deps.payments,
      handleWebhook: (body, signature) => completion.handleWebhook(body, signature),
      shopUrl: ordersDeps.shopUrl,
    }),
    { prefix: '/api' },
  );

  // The simulator delivers its webhook events in-process, signed, through the same handler as HTTP ones.
  let stopListening: (() => void) | null = null;
  if (deps.payments.name === 'simulator') {
    stopListening = deps.payments.onEvent(async ({ payload, signatureHeader }) => {
      await completion.handleWebhook(payload, signatureHeader);
    });
  }
  app.addHook('onReady', async () => jobs.start(deps.config.checkoutJobsIntervalMs));
  app.addHook('onClose', async () => {
    stopListening?.();
    await jobs.stop();
    if (deps.payments.name === 'simulator') await deps.payments.whenEventsDelivered();
  });
}
