import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DECODED_BYTES } from '../modules/uploads/image-variants';
import { MAX_IMAGE_BYTES } from '../modules/uploads/images.service';
import { patternPng } from '../test/picture-server';
import { serverProblems, shopForTheseTests, stopShopServer } from './shop-server';

/**
 * Issue 29: two staff uploads of the slowest picture the shop still accepts, at once, while guests open the
 * product list at 50 requests a second. The decodes run in the picture pool (one thread per core but one), so the
 * guests' p99 stays under 100 ms; without the pool both cores decoded and the p99 was 0.8 s. On PGlite, which runs
 * on the shop's own thread, the original is stored in 256 KB pieces with a turn of the event loop between them
 * (images.service.ts): in one insert it held every guest for 60-80 ms (docs/performance.md, "Pictures").
 */
const requestsPerSecond = 50;
const p99LimitMs = 100;
/** Guests keep coming for at least this long, and until both uploads have answered. */
const minimumLoadMs = 8_000;

const tested = shopForTheseTests();
let attempt = 0;

/** A multipart/form-data body with one file part, as the admin's picker sends it. */
function multipart(bytes: Buffer) {
  const boundary = '----bilum-resilience-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="poster.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

describe('pictures never stall the shop (issue 29)', () => {
  // A latency measured on a shared 2-core machine: it passed alone in 12 of 12 runs (p99 27-86 ms), but once gave
  // 198 ms in CI right after the browser journeys. One more try is allowed for such a passing hiccup; a shop whose
  // pool does not keep guests' latency (no pool: p99 0.8 s) fails every try.
  it(
    `two simultaneous worst-case uploads keep the product list's p99 under ${p99LimitMs} ms at ${requestsPerSecond} requests/s`,
    { retry: 1 },
    async () => {
      const shop = tested.server;
      // Other pictures on a retry: the shop stores a picture it already has without decoding it again.
      attempt += 1;
      const pictures = await Promise.all(
        [136, 40].map((red) => patternPng(7071, 7071, { interlaced: true, red: red + attempt })),
      );
      for (const picture of pictures) {
        const metadata = await sharp(picture).metadata();
        expect(picture.length).toBeLessThan(MAX_IMAGE_BYTES);
        expect(metadata).toMatchObject({ width: 7071, height: 7071, channels: 3, depth: 'uchar', isProgressive: true });
        expect(7071 * 7071 * 3).toBeLessThanOrEqual(MAX_DECODED_BYTES);
      }

      const signedIn = await fetch(`${shop.url}/api/auth/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'resilience-admin-password' }),
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .find((value) => value.includes('bilum_session='))!
        .split(';')[0]!;

      // Guests' list, warmed up (the first answers fill the catalogue's caches).
      for (let i = 0; i < 20; i++) await fetch(`${shop.url}/api/products`).then((response) => response.arrayBuffer());

      /** Guests at `requestsPerSecond`, paced (a request every 20 ms whether or not the last has answered). */
      async function guests(until: (elapsedMs: number) => boolean) {
        const latencies: number[] = [];
        const inFlight: Promise<void>[] = [];
        const started = performance.now();
        const guest = async () => {
          const sent = performance.now();
          try {
            const response = await fetch(`${shop.url}/api/products`);
            await response.arrayBuffer();
            if (response.status !== 200) failures.push(`GET /api/products answered ${response.status}`);
          } catch (error) {
            failures.push(String(error));
          }
          latencies.push(performance.now() - sent);
        };
        for (let count = 0; !until(performance.now() - started); count++) {
          inFlight.push(guest());
          const next = started + ((count + 1) * 1000) / requestsPerSecond;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        }
        await Promise.all(inFlight);
        return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
      }
      const failures: string[] = [];

      // Without uploads first: a machine too busy to keep the list under the limit on its own cannot judge the pool.
      const quiet = await guests((elapsed) => elapsed >= 3_000);
      const quietP99 = percentile(quiet.latencies, 0.99);
      expect(
        quietP99,
        `the machine is too busy to measure: p99 ${quietP99.toFixed(0)} ms without uploads`,
      ).toBeLessThan(p99LimitMs);

      const uploads = pictures.map(async (picture) => {
        const { body, contentType } = multipart(picture);
        const started = performance.now();
        const response = await fetch(`${shop.url}/api/admin/uploads`, {
          method: 'POST',
          headers: { 'content-type': contentType, cookie },
          body,
        });
        return { status: response.status, body: await response.text(), ms: performance.now() - started };
      });
      let uploadsDone = false;
      const answered = Promise.all(uploads).finally(() => (uploadsDone = true));
      const loaded = await guests((elapsed) => uploadsDone && elapsed >= minimumLoadMs);
      const results = await answered;

      const sorted = loaded.latencies;
      const p50 = percentile(sorted, 0.5);
      const p99 = percentile(sorted, 0.99);
      const loadSeconds = loaded.seconds;
      console.log(
        `pictures (${tested.database.kind}, ${availableParallelism()} cores): without uploads p99 ${quietP99.toFixed(1)} ms; ` +
          `with two uploads ${sorted.length} guest requests in ` +
          `${loadSeconds.toFixed(1)} s (${(sorted.length / loadSeconds).toFixed(1)}/s); p50 ${p50.toFixed(1)} ms, ` +
          `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; uploads ` +
          results.map((result) => `${result.status} in ${(result.ms / 1000).toFixed(1)} s`).join(', '),
      );

      // Both pictures are stored (the pool queues the second), each with its copies.
      for (const result of results) {
        expect(result.status, result.body).toBe(201);
        const { url } = JSON.parse(result.body) as { url: string };
        expect((await fetch(`${shop.url}${url}/320.webp`)).status).toBe(200);
      }
      expect(failures).toEqual([]);
      expect(sorted.length).toBeGreaterThanOrEqual((minimumLoadMs / 1000) * requestsPerSecond * 0.9);
      expect(p99).toBeLessThan(p99LimitMs);

      expect(await stopShopServer(shop)).toBe(0);
      expect(serverProblems(shop.output())).toEqual([]);
    },
  );
});
