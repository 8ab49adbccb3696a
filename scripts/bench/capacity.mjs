// Capacities (issue 29): the highest rate, in steps (doubling, then between the last that held and the first that did
// not), at which a kind of request keeps its p99 under a limit with every request answered. Stated beside the bare
// node:http server's rate of the same run, which moves with the machine the same way.
// - Checkout: an order + test-card payment (evenly spaced arrivals: paced-load.mjs), p99 under 250 ms, every
//   checkout paid: 5, 10, 20, 40, … checkouts a second.
// - Search: a storefront search the shop has not answered before (so no cached answer), p99 under 50 ms: 25, 50,
//   100, 200, … searches a second.
import { checkoutTask } from './api-load.mjs';
import { pacedLoad } from './paced-load.mjs';

export const checkoutP99LimitMs = 250;
export const checkoutRates = [5, 10, 20, 40, 80, 160, 320];

export const searchP99LimitMs = 50;
export const searchRates = [25, 50, 100, 200, 400, 800, 1600];

/**
 * Whether one step held: p99 under the limit, nothing failed, and at least 95% of the asked rate achieved (for a
 * checkout: paid checkouts; otherwise answered requests).
 */
export function stepHeld(step, p99LimitMs = checkoutP99LimitMs) {
  const achieved = step.checkoutsPerSecond ?? step.requestsPerSecond;
  return (
    step.latencyP99Ms !== null &&
    step.latencyP99Ms < p99LimitMs &&
    step.non2xx === 0 &&
    step.errors === 0 &&
    (step.failedCheckouts ?? 0) === 0 &&
    achieved >= 0.95 * step.overallRate
  );
}

/**
 * Steps up the rate, doubling, until a step does not hold, then halves the gap between the last rate that held and
 * the first that did not, twice (10 held, 20 did not: 15, then 13 or 18). `held(rate)` runs one step. Answers the
 * highest rate that held (0 when even the first did not).
 */
export async function highestHeldRate(held, rates = checkoutRates) {
  let capacity = 0;
  let failedAt = null;
  for (const rate of rates) {
    if (!(await held(rate))) {
      failedAt = rate;
      break;
    }
    capacity = rate;
  }
  for (let refinement = 0; failedAt !== null && capacity > 0 && refinement < 2; refinement += 1) {
    const rate = Math.round((capacity + failedAt) / 2);
    if (rate <= capacity || rate >= failedAt) break;
    if (await held(rate)) capacity = rate;
    else failedAt = rate;
  }
  return capacity;
}

/** The checkout capacity (highestHeldRate) of the shop at `baseUrl`; answers { capacity, steps }. */
export async function checkoutCapacity({ baseUrl, benchProductId, durationS }) {
  const steps = [];
  const capacity = await highestHeldRate(async (rate) => {
    const task = checkoutTask(benchProductId);
    const step = await pacedLoad(`checkout (order + test-card payment) at ${rate} checkouts/s`, {
      baseUrl,
      ratePerSecond: rate,
      durationS,
      task,
    });
    step.checkoutsPerSecond = task.succeeded() / step.durationS;
    step.failedCheckouts = step.tasks - task.succeeded();
    step.held = stepHeld(step, checkoutP99LimitMs);
    steps.push(step);
    // A breath between steps: the next step starts on an idle server, not on the tail of this one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return step.held;
  });
  return { capacity, steps, p99LimitMs: checkoutP99LimitMs };
}

/**
 * The search capacity (highestHeldRate over `searchRates`) of the shop at `baseUrl`: every step asks addresses of
 * `paths` that no step before it asked (each request a search the shop has not answered, as new shoppers type new
 * words), so the answer cache never answers; a step that would need more addresses than are left ends the steps.
 * Answers { capacity, steps, p99LimitMs }.
 */
export async function searchCapacity({ baseUrl, paths, durationS }) {
  const steps = [];
  let next = 0;
  const capacity = await highestHeldRate(async (rate) => {
    const count = Math.round(rate * durationS);
    if (next + count > paths.length) return false;
    const slice = paths.slice(next, next + count);
    next += count;
    const step = await pacedLoad(`search, a new query each time, at ${rate} req/s`, {
      baseUrl,
      ratePerSecond: rate,
      durationS,
      task: (index, call) => call({ path: slice[index] }),
    });
    step.held = stepHeld(step, searchP99LimitMs);
    steps.push(step);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return step.held;
  }, searchRates);
  return { capacity, steps, p99LimitMs: searchP99LimitMs, addresses: paths.length };
}
