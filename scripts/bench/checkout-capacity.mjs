// Checkout capacity (issue 29): the highest rate, in steps (5, 10, 20, 40, … checkouts a second, then between the
// last that held and the first that did not), at which a
// checkout (order + test-card payment, evenly spaced arrivals: paced-load.mjs) keeps its p99 under 250 ms with
// every checkout succeeding. Stated beside the bare node:http server's rate of the same run, which moves with the
// machine the same way.
import { checkoutTask } from './api-load.mjs';
import { pacedLoad } from './paced-load.mjs';

export const checkoutP99LimitMs = 250;
export const checkoutRates = [5, 10, 20, 40, 80, 160, 320];

/** Whether one step held: p99 under the limit, nothing failed, and at least 95% of the asked rate achieved. */
export function stepHeld(step) {
  return (
    step.latencyP99Ms !== null &&
    step.latencyP99Ms < checkoutP99LimitMs &&
    step.non2xx === 0 &&
    step.errors === 0 &&
    step.failedCheckouts === 0 &&
    step.checkoutsPerSecond >= 0.95 * step.overallRate
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
    step.held = stepHeld(step);
    steps.push(step);
    // A breath between steps: the next step starts on an idle server, not on the tail of this one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return step.held;
  });
  return { capacity, steps, p99LimitMs: checkoutP99LimitMs };
}
