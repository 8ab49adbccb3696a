import { paymentPublicConfigSchema, safeReturnUrl, webhookReceiptSchema } from '@bilum/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { ConfiguredPaymentProvider } from './create-payment-provider';
import { simulatorAuthenticationPath } from './test-card-simulator';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The simulated bank page: two buttons posting a form; no script, styled by the page's own stylesheet. */
function authenticationPage(intentId: string, amount: string, problem?: string): string {
  const action = escapeHtml(simulatorAuthenticationPath(intentId));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test mode: confirm your payment</title>
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<style>
  body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 1.5rem; color: #111827; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .badge { display: inline-block; background: #fef3c7; color: #92400e; border-radius: 999px; padding: .2rem .7rem;
           font-size: .8rem; font-weight: 600; }
  h1 { font-size: 1.25rem; margin: .75rem 0; }
  p { line-height: 1.5; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  button { flex: 1 1 8rem; border: 0; border-radius: .5rem; padding: .75rem 1rem; font-size: 1rem; cursor: pointer; }
  .complete { background: #15803d; color: #fff; }
  .fail { background: #e5e7eb; color: #111827; }
  .problem { color: #b91c1c; }
</style>
</head>
<body>
<main>
  <span class="badge">Test mode</span>
  <h1>Confirm your payment</h1>
  <p>This page stands in for your bank's 3-D Secure check. No real card is charged.</p>
  <p>Amount: <strong>${escapeHtml(amount)}</strong></p>
  ${problem ? `<p class="problem">${escapeHtml(problem)}</p>` : ''}
  <div class="actions">
    <form method="post" action="${action}"><input type="hidden" name="decision" value="complete"><button class="complete" type="submit">Complete</button></form>
    <form method="post" action="${action}"><input type="hidden" name="decision" value="fail"><button class="fail" type="submit">Fail</button></form>
  </div>
</main>
</body>
</html>`;
}

function kina(toea: number): string {
  return `K${(toea / 100).toLocaleString('en-PG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Where the 3-D Secure page sends the shopper back: the intent's return address as a path of the shop (the one
 * return-URL helper; anything else goes to the home page), with Stripe's redirect parameters added. The client
 * secret travels in it, so it must never leave the shop's origin.
 */
function returnTo(returnUrl: string | null, shopUrl: string, intentId: string, clientSecret: string): string {
  const url = new URL(safeReturnUrl(returnUrl, '/', shopUrl), 'http://shop.invalid');
  url.searchParams.set('payment_intent', intentId);
  url.searchParams.set('payment_intent_client_secret', clientSecret);
  return `${url.pathname}${url.search}${url.hash}`;
}

const intentParams = z.object({ intentId: z.string().min(1).max(255) });

/**
 * The payment provider's public side: its browser config, its webhook (raw body, checked signature) and, for the
 * simulator, the 3-D Secure page.
 */
export function paymentsRoutes(deps: {
  payments: ConfiguredPaymentProvider;
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }>;
  /** The shop's address (shopUrl in config.ts): the 3-D Secure page only sends the shopper back to its origin. */
  shopUrl: string;
}): FastifyPluginAsyncZod {
  const { payments } = deps;
  return async (app) => {
    app.get(
      '/payments/config',
      {
        schema: {
          tags: ['payments'],
          summary: 'What the page needs for card entry: the simulator (test mode) or Stripe’s publishable key',
          response: { 200: paymentPublicConfigSchema },
        },
      },
      async () => payments.publicConfig(),
    );

    // The webhook must see the exact bytes that were signed: JSON is kept as a Buffer in this plugin only.
    await app.register(async (raw: FastifyInstance) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/payments/webhook',
        {
          bodyLimit: 512 * 1024,
          schema: {
            tags: ['payments'],
            summary: 'The payment provider’s signed events (Stripe format)',
            response: { 200: webhookReceiptSchema },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
          const { duplicate } = await deps.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
          return { received: true as const, duplicate };
        },
      );
    });

    if (payments.name !== 'simulator') return;
    const simulator = payments;

    app.get(
      '/payments/simulator/authenticate/:intentId',
      { schema: { hide: true, params: intentParams } },
      async (request, reply) => {
        const intent = await simulator.retrieveIntent(request.params.intentId);
        const problem =
          intent.status === 'requires_action' ? undefined : 'This payment does not need authentication any more.';
        return reply.type('text/html; charset=utf-8').send(authenticationPage(intent.id, kina(intent.amount), problem));
      },
    );

    // A plain HTML form posts here (form-urlencoded), from the shop's own origin (the cross-site Origin check).
    await app.register(async (form: FastifyInstance) => {
      form.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      form
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/payments/simulator/authenticate/:intentId',
          { config: { acceptsNonJson: true }, schema: { hide: true, params: intentParams } },
          async (request, reply) => {
            const { intentId } = request.params;
            const decision = (request.body as Record<string, string> | undefined)?.decision;
            if (decision !== 'complete' && decision !== 'fail') {
              throw new AppError('VALIDATION', 'Choose Complete or Fail.');
            }
            const { intent, returnUrl } = await simulator.completeAuthentication(intentId, decision === 'complete');
            return reply.redirect(returnTo(returnUrl, deps.shopUrl, intent.id, intent.clientSecret), 303);
          },
        );
    });
  };
}
