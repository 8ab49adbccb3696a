// The capacities' steps (issue 29): doubling, then into the gap between the last rate that held and the
// first that did not, without a server (the step is made up here).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { highestHeldRate, searchRates, stepHeld } from './capacity.mjs';

/** A shop that holds up to `limit` checkouts a second; records the rates it was asked. */
function shopHolding(limit: number) {
  const asked: number[] = [];
  return { asked, held: async (rate: number) => (asked.push(rate), rate <= limit) };
}

describe('the highest checkout rate that held', () => {
  it('doubles until a step fails, then tries twice between the last that held and the first that failed', async () => {
    const shop = shopHolding(16);
    expect(await highestHeldRate(shop.held)).toBe(15);
    expect(shop.asked).toEqual([5, 10, 20, 15, 18]);
  });

  it('is 0 when the first step fails, and the top rate when every step holds', async () => {
    const slow = shopHolding(4);
    expect(await highestHeldRate(slow.held)).toBe(0);
    expect(slow.asked).toEqual([5]);
    expect(await highestHeldRate(shopHolding(1000).held)).toBe(320);
  });
});

describe('a step that held', () => {
  const step = { overallRate: 100, latencyP99Ms: 40, non2xx: 0, errors: 0, requestsPerSecond: 99 };

  it('holds a search step to its own p99 limit and to the rate of answered requests', () => {
    expect(stepHeld(step, 50)).toBe(true);
    expect(stepHeld({ ...step, latencyP99Ms: 50 }, 50)).toBe(false);
    expect(stepHeld({ ...step, requestsPerSecond: 90 }, 50)).toBe(false);
    expect(stepHeld({ ...step, non2xx: 1 }, 50)).toBe(false);
  });

  it('holds a checkout step to its paid checkouts, not its requests', () => {
    const checkout = { ...step, latencyP99Ms: 200, requestsPerSecond: 200, checkoutsPerSecond: 80, failedCheckouts: 0 };
    expect(stepHeld(checkout, 250)).toBe(false);
    expect(stepHeld({ ...checkout, checkoutsPerSecond: 99 }, 250)).toBe(true);
    expect(stepHeld({ ...checkout, checkoutsPerSecond: 99, failedCheckouts: 1 }, 250)).toBe(false);
  });

  it('steps searches from 25 a second, doubling', async () => {
    const asked: number[] = [];
    expect(await highestHeldRate(async (rate: number) => (asked.push(rate), rate <= 130), searchRates)).toBe(125);
    expect(asked).toEqual([25, 50, 100, 200, 150, 125]);
  });
});
