// The checkout capacity's steps (issue 29): doubling, then into the gap between the last rate that held and the
// first that did not, without a server (the step is made up here).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { highestHeldRate } from './checkout-capacity.mjs';

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
