// API throughput and latency with autocannon against the bench server (and the bare node:http yardstick).
import autocannon from 'autocannon';

const json = { 'content-type': 'application/json' };

function summarise(result) {
  return {
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: result.duration,
    connections: result.connections,
  };
}

export async function load(name, options) {
  const result = await autocannon({ connections: 10, duration: 10, ...options });
  const summary = { ...summarise(result), overallRate: options.overallRate ?? null };
  console.log(
    `  ${name}: ${Math.round(summary.requestsPerSecond)} req/s, p50 ${summary.latencyP50Ms} ms, ` +
      `p99 ${summary.latencyP99Ms} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`,
  );
  return { name, ...summary };
}

/** Rounds of one measurement as one: requests over the whole time, the worst round's latencies, all failures. */
export function combineRounds(name, rounds) {
  const sum = (key) => rounds.reduce((total, round) => total + round[key], 0);
  const worst = (key) => Math.max(...rounds.map((round) => round[key]));
  const durationS = sum('durationS');
  return {
    name,
    requestsPerSecond: sum('requestsTotal') / durationS,
    requestsTotal: sum('requestsTotal'),
    latencyP50Ms: worst('latencyP50Ms'),
    latencyP99Ms: worst('latencyP99Ms'),
    latencyMaxMs: worst('latencyMaxMs'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    durationS,
    connections: rounds[0]?.connections ?? null,
    overallRate: null,
    rounds: rounds.length,
  };
}

/** Registers a shopper and returns the session cookie ("name=value") for the signed-in calls. */
export async function signInShopper(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      fullName: 'Bench Shopper',
      email: `bench-${Date.now()}@example.pg`,
      countryCode: '+675',
      phone: '7123 4567',
      password: 'bench-password-2024',
    }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session'));
  if (!cookie) throw new Error('register set no session cookie');
  return cookie.split(';')[0];
}

export const benchContact = {
  firstName: 'Bench',
  lastName: 'Shopper',
  email: 'bench@example.pg',
  countryCode: '+675',
  phone: '7123 4567',
  // Delivery in NCD (the demo shop's free zone), so the order needs no pickup point id from the database.
  pickup: false,
  address: 'Section 12, Lot 4, Waigani Drive',
  city: 'Port Moresby',
  state: 'NCD',
  postcode: '111',
};
export const testCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', name: 'Bench' };

/** One guest checkout by hand: tells whether the orders API is there and works before loading it. */
export async function checkoutOnce(baseUrl, productId) {
  const created = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      idempotencyKey: crypto.randomUUID(),
      contact: benchContact,
      source: { type: 'items', items: [{ productId, quantity: 1 }] },
    }),
  });
  if (created.status !== 201) return { ok: false, reason: `POST /api/orders answered ${created.status}` };
  const { order, checkoutToken } = await created.json();
  const paid = await fetch(`${baseUrl}/api/orders/${order.id}/payment`, {
    method: 'POST',
    headers: { ...json, 'x-checkout-token': checkoutToken },
    body: JSON.stringify({ card: testCard }),
  });
  const result = paid.ok ? await paid.json() : null;
  if (result?.status !== 'succeeded') {
    return { ok: false, reason: `paying answered ${paid.status} ${result ? result.status : await paid.text()}` };
  }
  return { ok: true };
}

/**
 * One guest checkout with the test card a task (paced-load.mjs): place an order (POST /api/orders), then pay it
 * (POST /api/orders/:id/payment). `succeeded()` counts the checkouts whose payment answered "succeeded"; the
 * latency figures are per call (either call), and every failed call counts as non-2xx.
 */
export function checkoutTask(productId) {
  let succeeded = 0;
  const task = async (_index, call) => {
    const created = await call({
      method: 'POST',
      path: '/api/orders',
      headers: json,
      body: JSON.stringify({
        idempotencyKey: crypto.randomUUID(),
        contact: benchContact,
        source: { type: 'items', items: [{ productId, quantity: 1 }] },
      }),
    });
    if (created.status !== 201) return;
    const { order, checkoutToken } = JSON.parse(created.body);
    const paid = await call({
      method: 'POST',
      path: `/api/orders/${order.id}/payment`,
      headers: { ...json, 'x-checkout-token': checkoutToken },
      body: JSON.stringify({ card: testCard }),
    });
    if (paid.status === 200 && JSON.parse(paid.body).status === 'succeeded') succeeded += 1;
  };
  task.succeeded = () => succeeded;
  return task;
}
