import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card } from '../test/checkout';
import { type Answer, type PlacedOrder, shopClient, shopperPassword } from './shop-client';
import { createShopDatabase, type ShopDatabase } from './shop-database';
import {
  killShopServer,
  type ShopServer,
  serverProblems,
  startShopServer,
  stopShopServer,
  waitFor,
} from './shop-server';

/**
 * Issue 10: SIGTERM (a deploy) while requests are in flight. The server stops taking connections at once, the
 * requests it has finish with 2xx, it exits 0 after closing the database, and the next server on the same data
 * finds everything those requests wrote.
 */
const payments = 20;
// Registrations hash a password each (argon2id, four at a time on libuv's pool): slow work that is still in flight
// when the listener closes, now that a payment no longer draws its invoice (issue 27). Under the per-address
// sign-up limit (50 a window).
const registrations = 16;

let database: ShopDatabase;
let server: ShopServer | undefined;

beforeAll(async () => {
  database = await createShopDatabase();
});

afterAll(async () => {
  await killShopServer(server);
  await database?.dispose();
});

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * A payment whose body arrives in two parts: the server has read its request (and logged it) but cannot finish it
 * until `finish` sends the rest. However quickly the server gets through the other work, this request is in
 * flight when the signal comes, so the test does not hang on timing (CI once saw all 36 others done first).
 */
function slowPayment(port: number, order: PlacedOrder) {
  const body = Buffer.from(JSON.stringify({ card: card() }));
  const half = Math.floor(body.length / 2);
  let answered = false;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/orders/${order.id}/payment`,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'x-checkout-token': order.checkoutToken,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => {
        answered = true;
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
      });
    });
  });
  request.write(body.subarray(0, half));
  return {
    answered: () => answered,
    finish(): Promise<Answer> {
      request.end(body.subarray(half));
      return answer;
    },
  };
}

describe('SIGTERM with requests in flight', () => {
  it('finishes them, refuses new connections, exits 0 and leaves the database whole', async () => {
    // At level info the server logs each request as it reads it. The outbox worker is off: since issue 27 each
    // payment queues its invoice's drawing, and twenty PDFs drawn on the main thread would hold up the signal's
    // handling until every request had finished, so the test would see none in flight. (Drawing them off the main
    // thread is a follow-up of issue 27.)
    server = await startShopServer(database, { env: { LOG_LEVEL: 'info', MAIL_WORKER_INTERVAL_MS: '0' } });
    const shop = server;
    const source = { type: 'items' as const, items: [{ productId: database.checkoutProductId, quantity: 1 }] };
    const client = shopClient(shop.url);
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < payments; i += 1) orders.push(await client.placeOrder(source));
    const slowOrder = await client.placeOrder(source);

    // Slow work in flight: payments (many database round trips each) and registrations (password hashing).
    const emails: string[] = [];
    const inFlight: Promise<Answer | string>[] = [
      ...orders.map((order) => client.pay(order)),
      ...Array.from({ length: registrations }, (_, i) =>
        shopClient(shop.url)
          .register(`Late Shopper ${i}`)
          .then((email) => {
            emails.push(email);
            return email;
          }),
      ),
    ];
    const slow = slowPayment(shop.port, slowOrder);
    let finished = 0;
    for (const request of inFlight) void request.then(() => (finished += 1));
    // Once the server has read every request (a connection still in the kernel's queue is not in flight yet:
    // closing the listener resets it), it is stopped.
    const received = () => (shop.output().match(/"msg":"incoming request"/g) ?? []).length;
    const receivedBefore = received();
    await waitFor('the server to read the requests', () => received() >= receivedBefore + inFlight.length + 1, {
      timeoutMs: 10_000,
      everyMs: 5,
    });
    shop.process.kill('SIGTERM');

    await waitFor('new connections to be refused', () => refused(shop.port), { timeoutMs: 5_000, everyMs: 20 });
    const finishedWhenRefused = finished;
    const slowAnsweredWhenRefused = slow.answered();
    // The rest of the slow payment's body, sent after the listener closed: the server still finishes it.
    const slowAnswer = await slow.finish();
    const answers = await Promise.all(inFlight);
    const { code } = await shop.exited;
    server = undefined;
    console.log(
      `SIGTERM (${database.kind}): new connections refused with ${inFlight.length - finishedWhenRefused} of ` +
        `${inFlight.length} requests still in flight`,
    );

    // The server was still working when it stopped listening, and finished everything it had.
    expect(slowAnsweredWhenRefused).toBe(false);
    expect(slowAnswer.status).toBe(200);
    expect(slowAnswer.body).toMatchObject({ status: 'succeeded' });
    for (const answer of answers) {
      if (typeof answer !== 'string') expect(answer.body).toMatchObject({ status: 'succeeded' });
    }
    expect(emails).toHaveLength(registrations);
    expect(code, shop.output().slice(-3000)).toBe(0);
    expect(serverProblems(shop.output())).toEqual([]);

    // The next server on the same data has all of it.
    server = await startShopServer(database);
    const restarted = server;
    for (const order of [...orders, slowOrder]) {
      expect((await shopClient(restarted.url).confirmation(order)).body).toMatchObject({ paymentStatus: 'paid' });
    }
    for (const email of emails) {
      const signedIn = await shopClient(restarted.url).call('POST', '/auth/login', {
        email,
        password: shopperPassword,
      });
      expect(signedIn.status).toBe(200);
    }
    expect(await stopShopServer(restarted)).toBe(0);
    server = undefined;
  });
});
