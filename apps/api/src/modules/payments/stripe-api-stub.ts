import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stub received, with its form body flattened (`metadata[orderId]` stays one key). */
export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StubResponse {
  status?: number;
  body: unknown;
}

type Route = (request: StubRequest) => StubResponse;

/**
 * A local stand-in for the Stripe API on 127.0.0.1 and a random port, for the SDK's `host`, `port` and
 * `protocol` options. Routes are `"POST /v1/payment_intents"`; an unknown route answers Stripe's 404.
 */
export async function startStripeApiStub(routes: Record<string, Route>) {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const request: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const { status = 200, body } = route
        ? route(request)
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } },
          };
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A Stripe PaymentIntent object as the API returns it, with the fields the adapter reads. */
export function stripeIntentObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_stub_1',
    object: 'payment_intent',
    amount: 12_345,
    currency: 'pgk',
    status: 'requires_payment_method',
    client_secret: 'pi_stub_1_secret_abc',
    metadata: {},
    last_payment_error: null,
    next_action: null,
    payment_method: null,
    ...overrides,
  };
}
