import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressForOneAnswer, compressOnce, negotiateEncoding } from './compress';

describe('negotiateEncoding', () => {
  it('prefers brotli, takes gzip when that is all the browser takes, and neither when it takes none', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it("honours the browser's weights, including a refusal", () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});

describe('compressing a body', () => {
  const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, id) => ({ id, name: `Product ${id}` })) });

  it('gives back the same bytes in each encoding, smaller', async () => {
    for (const compress of [compressForOneAnswer, compressOnce]) {
      const br = await compress(body, 'br');
      const gz = await compress(body, 'gzip');
      expect(brotliDecompressSync(br).toString()).toBe(body);
      expect(gunzipSync(gz).toString()).toBe(body);
      expect(br.length).toBeLessThan(body.length / 4);
    }
  });
});
