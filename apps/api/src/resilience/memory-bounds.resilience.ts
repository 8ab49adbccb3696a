import { describe, expect, it } from 'vitest';
import { type ShopServer, serverProblems, shopForTheseTests } from './shop-server';

/**
 * Issue 29: the answers kept for anonymous visitors (apps/api/src/plugins/anonymous-answers.ts) were bounded by
 * their bodies' bytes but keyed by the raw address, so 12,000 requests for `/api/products?u<n>=<15 KB>` grew the
 * server by 255 MB (32,000 by 1 GB). Sent to a real server process, they must grow it by less than 100 MB.
 */
const mebibyte = 1024 * 1024;
const requests = 12_000;
const parallel = 8;

const tested = shopForTheseTests();

/** The lowest resident size over `ms` (the garbage collector makes a saw-tooth): what the server keeps. */
async function residentFloor(shop: ShopServer, ms: number): Promise<number> {
  let floor = shop.rssBytes();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    floor = Math.min(floor, shop.rssBytes());
  }
  return floor;
}

describe('memory bounded by bytes, addresses included', () => {
  it(`grows the server by less than 100 MB for ${requests} distinct 15 KB addresses`, async () => {
    const shop = tested.server;
    const pad = 'p'.repeat(15 * 1024);
    const send = async (n: number) => {
      const answer = await fetch(`${shop.url}/api/products?u${n}=${pad}`, { headers: { 'accept-encoding': 'br' } });
      await answer.arrayBuffer();
      return answer.status;
    };
    // Warm-up: the list answered, compressed and kept once, the pools and the JIT settled.
    for (let n = 0; n < 400; n += 1) await send(-1 - n);
    const before = await residentFloor(shop, 2_000);

    const statuses = new Set<number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < requests) statuses.add(await send(next++));
      }),
    );
    // Whatever the route makes of unknown keys, each address gets a clear answer, never a 5xx.
    expect(
      [...statuses].every((status) => status < 500),
      [...statuses].join(', '),
    ).toBe(true);

    const after = await residentFloor(shop, 3_000);
    const grown = after - before;
    console.log(`the server grew by ${Math.round(grown / mebibyte)} MB`);
    expect(grown, `the server grew by ${Math.round(grown / mebibyte)} MB`).toBeLessThan(100 * mebibyte);
    expect(serverProblems(shop.output())).toEqual([]);
  });
});
