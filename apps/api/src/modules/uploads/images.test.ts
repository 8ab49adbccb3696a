import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedImages, uploadedImageVariants } from '../../db/schema';
import { makePicture } from '../../test/picture-server';
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
    // Made by sharp (issue 18): the pictures are decoded now, and the old hand-made sample was cut short.
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeACoH/9k=',
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

  it('refuses a picture over 5 MB that arrives in pieces, however they fall, and stores nothing (issue 28)', async () => {
    // The limit falls exactly at the end of a piece: the parser then cuts the file at 5 MiB without an error.
    const before = await ctx.db.select({ id: uploadedImages.id }).from(uploadedImages);
    const picture = Buffer.concat([samplePictures.png, Buffer.alloc(MAX_IMAGE_BYTES - samplePictures.png.length)]);
    const body = multipart('huge.png', 'image/png', Buffer.concat([picture, Buffer.alloc(64 * 1024, 1)]));
    const head =
      body.payload.length - picture.length - 64 * 1024 - Buffer.byteLength('\r\n------bilum-test-boundary--\r\n');
    const pieces = [body.payload.subarray(0, head + MAX_IMAGE_BYTES), body.payload.subarray(head + MAX_IMAGE_BYTES)];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload: Readable.from(pieces),
      headers: { ...body.headers, cookie: admin.cookie, 'content-length': String(body.payload.length) },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is too large. Please upload one of at most 5 MB.',
    });
    expect(await ctx.db.select({ id: uploadedImages.id }).from(uploadedImages)).toEqual(before);
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

describe('resized copies of an uploaded picture (issue 18)', () => {
  it('makes WebP copies 320, 640 and 1280 px wide, kept in the database and cached for a year', async () => {
    const original = await makePicture(2000, 1000, 'jpeg');
    const stored = (await upload('wide.jpg', 'image/jpeg', original)).json();
    const rows = await ctx.db
      .select({ width: uploadedImageVariants.width })
      .from(uploadedImageVariants)
      .where(eq(uploadedImageVariants.imageId, stored.id));
    expect(rows.map((row) => row.width).sort((a, b) => a - b)).toEqual([320, 640, 1280]);

    for (const width of [320, 640, 1280]) {
      const served = await ctx.app.inject({ method: 'GET', url: `${stored.url}/${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height: width / 2 });
      expect(served.rawPayload.length).toBeLessThan(original.length);
    }
    // The original is kept as it was.
    expect((await ctx.app.inject({ method: 'GET', url: stored.url })).rawPayload.equals(original)).toBe(true);
  });

  it('never enlarges a small picture and names the same bytes with the same address', async () => {
    const small = await makePicture(200, 100);
    const first = (await upload('small.png', 'image/png', small)).json();
    const again = (await upload('copy.png', 'image/png', small)).json();
    expect(again.url).toBe(first.url);
    const served = await ctx.app.inject({ method: 'GET', url: `${first.url}/1280.webp` });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(200);
  });

  it('makes the copies of a picture stored before they existed at its first request, once', async () => {
    const id = randomBytes(16).toString('hex');
    const bytes = await makePicture(900, 600);
    await ctx.db.insert(uploadedImages).values({ id, contentType: 'image/png', sizeBytes: bytes.length, bytes });
    const served = await ctx.app.inject({ method: 'GET', url: `/api/images/${id}/640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    const kept = await ctx.db.select().from(uploadedImageVariants).where(eq(uploadedImageVariants.imageId, id));
    expect(kept.map((row) => row.width)).toEqual([640]);
    expect(kept[0]?.bytes.equals(served.rawPayload)).toBe(true);
  });

  it('refuses a file that starts like a PNG but is no picture (decoded by sharp), and an unknown width', async () => {
    const fake = Buffer.concat([samplePictures.png.subarray(0, 16), Buffer.from('not really a picture at all')]);
    const response = await upload('fake.png', 'image/png', fake);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Please upload a JPEG, PNG or WebP image.');

    const stored = (await upload('ok.png', 'image/png', samplePictures.png)).json();
    expect((await ctx.app.inject({ method: 'GET', url: `${stored.url}/500.webp` })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/images/0123456789abcdef0123456789abcdef/320.webp' }))
        .statusCode,
    ).toBe(404);
  });
});
