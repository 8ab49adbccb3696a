import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { detectImageType } from './image-type';
import { MAX_IMAGE_BYTES } from './images.service';

// Real 1x1 pictures of each accepted kind.
const samplePictures = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  webp: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
};

/** A multipart/form-data body with one file part. */
function multipart(fileName: string, declaredType: string, bytes: Buffer) {
  const boundary = '----bilum-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${declaredType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let ctx: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

function upload(fileName: string, declaredType: string, bytes: Buffer, extraHeaders: Record<string, string> = {}) {
  const body = multipart(fileName, declaredType, bytes);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    payload: body.payload,
    headers: { ...body.headers, cookie: admin.cookie, ...extraHeaders },
  });
}

describe('detectImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes and nothing else', () => {
    expect(detectImageType(samplePictures.jpeg)).toBe('image/jpeg');
    expect(detectImageType(samplePictures.png)).toBe('image/png');
    expect(detectImageType(samplePictures.webp)).toBe('image/webp');
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF1234WAVE'))).toBeNull();
  });
});

describe('POST /api/admin/uploads', () => {
  it.each(Object.entries(samplePictures))(
    'stores a real %s picture in the database and serves it from the shop with a long cache',
    async (kind, bytes) => {
      const response = await upload(`picture.${kind}`, 'application/octet-stream', bytes);
      expect(response.statusCode).toBe(201);
      const stored = response.json();
      expect(stored.url).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
      expect(stored).toMatchObject({ contentType: `image/${kind}`, size: bytes.length });

      // Any instance can serve it: it comes from the database, to anyone (the storefront shows it).
      const served = await ctx.app.inject({ method: 'GET', url: stored.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${kind}`);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('refuses a text file renamed to .png and declared as image/png (415)', async () => {
    const response = await upload('photo.png', 'image/png', Buffer.from('<script>alert(1)</script> not a picture'));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Please upload a JPEG, PNG or WebP image.');
  });

  it('refuses a file over 5 MB (413) and stores nothing', async () => {
    const oversized = Buffer.concat([samplePictures.png, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const response = await upload('huge.png', 'image/png', oversized);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/too large/);
  });

  it('refuses a request from another site and one without an admin session', async () => {
    expect(
      (await upload('a.png', 'image/png', samplePictures.png, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    const shopper = await signedInShopper(ctx);
    expect((await upload('a.png', 'image/png', samplePictures.png, { cookie: shopper.cookie })).statusCode).toBe(403);
    expect((await upload('a.png', 'image/png', samplePictures.png, { cookie: '' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown picture', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/images/0123456789abcdef0123456789abcdef' })).statusCode,
    ).toBe(404);
  });
});
