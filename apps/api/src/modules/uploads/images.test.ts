import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadedImageParts, uploadedImages, uploadedImageVariants } from '../../db/schema';
import { makePicture, patternPng } from '../../test/picture-server';
import { adminTestApp, signedInShopper } from '../../test/accounts';
import { IMAGE_VARIANT_WIDTHS, imageTooLargeMessage } from '@bilum/shared';
import { detectImageType } from './image-type';
import { MAX_DECODED_BYTES } from './image-variants';
import { createImagesService, IMAGE_PART_BYTES, MAX_IMAGE_BYTES } from './images.service';
import { createPicturePool, pictureMessages, pictureThreads } from './picture-pool';

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

const shop = adminTestApp();

function upload(fileName: string, declaredType: string, bytes: Buffer, extraHeaders: Record<string, string> = {}) {
  const body = multipart(fileName, declaredType, bytes);
  return shop.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    payload: body.payload,
    headers: { ...body.headers, cookie: shop.admin.cookie, ...extraHeaders },
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
      const served = await shop.ctx.app.inject({ method: 'GET', url: stored.url });
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

  it('refuses a file over 20 MB (413) and stores nothing', async () => {
    const oversized = Buffer.concat([samplePictures.png, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const response = await upload('huge.png', 'image/png', oversized);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/too large/);
  });

  it('refuses a picture over 20 MB that arrives in pieces, however they fall, and stores nothing (issue 28)', async () => {
    // The limit falls exactly at the end of a piece: the parser then cuts the file at 20 MiB without an error.
    const before = await shop.ctx.db.select({ id: uploadedImages.id }).from(uploadedImages);
    const picture = Buffer.concat([samplePictures.png, Buffer.alloc(MAX_IMAGE_BYTES - samplePictures.png.length)]);
    const body = multipart('huge.png', 'image/png', Buffer.concat([picture, Buffer.alloc(64 * 1024, 1)]));
    const head =
      body.payload.length - picture.length - 64 * 1024 - Buffer.byteLength('\r\n------bilum-test-boundary--\r\n');
    const pieces = [body.payload.subarray(0, head + MAX_IMAGE_BYTES), body.payload.subarray(head + MAX_IMAGE_BYTES)];
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload: Readable.from(pieces),
      headers: { ...body.headers, cookie: shop.admin.cookie, 'content-length': String(body.payload.length) },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is too large. Please upload one of at most 20 MB.',
    });
    expect(await shop.ctx.db.select({ id: uploadedImages.id }).from(uploadedImages)).toEqual(before);
  });

  it('refuses a request from another site and one without an admin session', async () => {
    expect(
      (await upload('a.png', 'image/png', samplePictures.png, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    const shopper = await signedInShopper(shop.ctx);
    expect((await upload('a.png', 'image/png', samplePictures.png, { cookie: shopper.cookie })).statusCode).toBe(403);
    expect((await upload('a.png', 'image/png', samplePictures.png, { cookie: '' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown picture', async () => {
    expect(
      (await shop.ctx.app.inject({ method: 'GET', url: '/api/images/0123456789abcdef0123456789abcdef' })).statusCode,
    ).toBe(404);
  });
});

describe('resized copies of an uploaded picture (issue 18)', () => {
  it('makes WebP copies 80 to 2560 px wide, kept in the database and cached for a year', async () => {
    const original = await makePicture(3000, 1500, 'jpeg');
    const stored = (await upload('wide.jpg', 'image/jpeg', original)).json();
    const rows = await shop.ctx.db
      .select({ width: uploadedImageVariants.width })
      .from(uploadedImageVariants)
      .where(eq(uploadedImageVariants.imageId, stored.id));
    expect(rows.map((row) => row.width).sort((a, b) => a - b)).toEqual([80, 160, 320, 640, 1280, 2560]);

    for (const width of IMAGE_VARIANT_WIDTHS) {
      const served = await shop.ctx.app.inject({ method: 'GET', url: `${stored.url}/${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height: width / 2 });
      expect(served.rawPayload.length).toBeLessThan(original.length);
    }
    // The original is kept as it was.
    expect((await shop.ctx.app.inject({ method: 'GET', url: stored.url })).rawPayload.equals(original)).toBe(true);
  });

  it('never enlarges a small picture and names the same bytes with the same address', async () => {
    const small = await makePicture(200, 100);
    const first = (await upload('small.png', 'image/png', small)).json();
    const again = (await upload('copy.png', 'image/png', small)).json();
    expect(again.url).toBe(first.url);
    const served = await shop.ctx.app.inject({ method: 'GET', url: `${first.url}/2560.webp` });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(200);
  });

  it('makes the copies of a picture stored before they existed at its first request, once', async () => {
    const id = randomBytes(16).toString('hex');
    const bytes = await makePicture(900, 600);
    await shop.ctx.db.insert(uploadedImages).values({ id, contentType: 'image/png', sizeBytes: bytes.length, bytes });
    // Stored before 0031: the bytes are in the picture's row, and it is served from there.
    const original = await shop.ctx.app.inject({ method: 'GET', url: `/api/images/${id}` });
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const served = await shop.ctx.app.inject({ method: 'GET', url: `/api/images/${id}/640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    const kept = await shop.ctx.db.select().from(uploadedImageVariants).where(eq(uploadedImageVariants.imageId, id));
    expect(kept.map((row) => row.width)).toEqual([640]);
    expect(kept[0]?.bytes.equals(served.rawPayload)).toBe(true);
  });

  it('refuses a file that starts like a PNG but is no picture (decoded by sharp), and an unknown width', async () => {
    const fake = Buffer.concat([samplePictures.png.subarray(0, 16), Buffer.from('not really a picture at all')]);
    const response = await upload('fake.png', 'image/png', fake);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Please upload a JPEG, PNG or WebP image.');

    const stored = (await upload('ok.png', 'image/png', samplePictures.png)).json();
    expect((await shop.ctx.app.inject({ method: 'GET', url: `${stored.url}/500.webp` })).statusCode).toBe(400);
    expect(
      (await shop.ctx.app.inject({ method: 'GET', url: '/api/images/0123456789abcdef0123456789abcdef/320.webp' }))
        .statusCode,
    ).toBe(404);
  });
});

/**
 * A real picture of about `megabytes` MiB: random pixels in a PNG stored without compression (noise does not
 * compress), so its size is what it is decoded, made in well under a second.
 */
async function noisyPng(megabytes: number): Promise<Buffer> {
  const width = 2560;
  const height = Math.ceil((megabytes * 1024 * 1024) / (width * 3 + 1));
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('photos up to 20 MB, downscaled on arrival, the original kept (issue 30)', () => {
  it('accepts a 19 MB photo: the original stored as it came, every copy the shop serves made at once', async () => {
    const photo = await noisyPng(19);
    expect(photo.length).toBeGreaterThan(19 * 1024 * 1024);
    expect(photo.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect(MAX_IMAGE_BYTES).toBe(20 * 1024 * 1024);

    const response = await upload('phone.png', 'image/png', photo);
    expect(response.statusCode, response.body).toBe(201);
    const { id, url, size } = response.json() as { id: string; url: string; size: number };
    expect(size).toBe(photo.length);
    // The copies were made on arrival, before the answer: every width is in the database already.
    const copies = await shop.ctx.db
      .select({ width: uploadedImageVariants.width, sizeBytes: uploadedImageVariants.sizeBytes })
      .from(uploadedImageVariants)
      .where(eq(uploadedImageVariants.imageId, id));
    expect(copies.map((copy) => copy.width).sort((a, b) => a - b)).toEqual([...IMAGE_VARIANT_WIDTHS]);
    const largest = await shop.ctx.app.inject({ url: `${url}/2560.webp` });
    expect(await sharp(largest.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2560 });
    // The original is kept byte for byte.
    const original = await shop.ctx.app.inject({ url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(photo)).toBe(true);
  }, 60_000);

  it('refuses a 21 MB photo with 413 and the clear message, storing nothing', async () => {
    const before = await shop.ctx.db.select({ id: uploadedImages.id }).from(uploadedImages);
    const photo = await noisyPng(21);
    expect(photo.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    const response = await upload('too-big.png', 'image/png', photo);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: imageTooLargeMessage });
    expect(imageTooLargeMessage).toBe('The image is too large. Please upload one of at most 20 MB.');
    expect(await shop.ctx.db.select({ id: uploadedImages.id }).from(uploadedImages)).toEqual(before);
  }, 60_000);
});

describe('pictures never stall the shop (issue 29)', () => {
  it('stores a picture in pieces of at most 256 KB and serves it whole; the same bytes again are the same picture', async () => {
    const noisy = await sharp({
      create: {
        width: 700,
        height: 700,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(3 * IMAGE_PART_BYTES);
    const response = await upload('noisy.png', 'image/png', noisy);
    expect(response.statusCode, response.body).toBe(201);
    const { id, url } = response.json() as { id: string; url: string };
    const [row] = await shop.ctx.db.select().from(uploadedImages).where(eq(uploadedImages.id, id));
    expect(row).toMatchObject({ sizeBytes: noisy.length, bytes: null });
    const parts = await shop.ctx.db.select().from(uploadedImageParts).where(eq(uploadedImageParts.imageId, id));
    expect(parts.map((part) => part.part).sort((a, b) => a - b)).toEqual([
      ...Array(Math.ceil(noisy.length / IMAGE_PART_BYTES)).keys(),
    ]);
    expect(Math.max(...parts.map((part) => part.bytes.length))).toBe(IMAGE_PART_BYTES);
    const served = await shop.ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(noisy)).toBe(true);

    // The same picture again is the same picture: nothing stored twice.
    const again = await upload('again.png', 'image/png', noisy);
    expect(again.json()).toMatchObject({ id });
    expect(await shop.ctx.db.select().from(uploadedImageParts).where(eq(uploadedImageParts.imageId, id))).toHaveLength(
      parts.length,
    );
  }, 30_000);

  it('never serves half a picture: a row whose pieces are not all there answers 500 and is not cached', async () => {
    const bytes = await makePicture(300, 200);
    const id = randomBytes(16).toString('hex');
    await shop.ctx.db
      .insert(uploadedImages)
      .values({ id, contentType: 'image/png', sizeBytes: bytes.length + 10, bytes: null });
    await shop.ctx.db.insert(uploadedImageParts).values({ imageId: id, part: 0, bytes });
    const served = await shop.ctx.app.inject({ method: 'GET', url: `/api/images/${id}` });
    expect(served.statusCode).toBe(500);
    expect(served.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('refuses a 16-bit 7000 x 7000 PNG by its header, before decoding it: 413 naming the limit, nothing stored', async () => {
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#336699' } })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    expect(await sharp(huge).metadata()).toMatchObject({ width: 7000, height: 7000, channels: 3, depth: 'ushort' });
    const before = await shop.ctx.db.select({ id: uploadedImages.id }).from(uploadedImages);

    const response = await upload('huge.png', 'image/png', huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'This picture is 294 MB once decoded (7000 x 7000 pixels, 3 channels of 16 bits); the shop takes at most ' +
        '150 MB, a 50-megapixel photo at 8 bits per channel. Please upload a smaller picture, or save it with 8 bits ' +
        'per channel.',
    });
    expect(await shop.ctx.db.select({ id: uploadedImages.id }).from(uploadedImages)).toHaveLength(before.length);
    expect(MAX_DECODED_BYTES).toBe(50_000_000 * 3);
  }, 60_000);

  it('keeps the pixel limit, with its own message', async () => {
    // A grey 8-bit PNG of 8000 x 7000 is 56 MB decoded, under the byte limit, but over 50 megapixels.
    const wide = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#777777' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const response = await upload('wide.png', 'image/png', wide);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'This picture is 8000 x 7000 pixels; the shop takes at most 50 megapixels. Please upload a smaller one.',
    );
  }, 60_000);

  it('accepts a phone camera’s largest photo (48 megapixels, 8-bit JPEG) and makes every copy', async () => {
    const photo = await makePicture(8000, 6000, 'jpeg');
    expect(photo.length).toBeLessThan(MAX_IMAGE_BYTES);
    const response = await upload('phone.jpg', 'image/jpeg', photo);
    expect(response.statusCode).toBe(201);
    const served = await shop.ctx.app.inject({ method: 'GET', url: `${response.json().url}/1280.webp` });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1280, height: 960 });
  }, 60_000);

  it('keeps the colours of a picture with transparency in every copy (decoded once, copies made from it)', async () => {
    const red = await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const stored = (await upload('red.png', 'image/png', red)).json();
    for (const width of [80, 320]) {
      const served = await shop.ctx.app.inject({ method: 'GET', url: `${stored.url}/${width}.webp` });
      const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(data[0]).toBeGreaterThan(190);
      expect(data[3]).toBeGreaterThan(120);
      expect(data[3]).toBeLessThan(136);
    }
  });

  it('decodes in a pool of one thread per core but one, and answers 503 with a clear message when its queue is full', async () => {
    const { availableParallelism } = await import('node:os');
    expect(pictureThreads).toBe(Math.max(1, availableParallelism() - 1));
    const pool = createPicturePool({ threads: 1, queueLimit: 1 });
    try {
      const images = createImagesService(shop.ctx.db, { allowLoopback: false }, pool);
      const pictures = await Promise.all([1, 2, 3, 4].map((n) => makePicture(2000 + n, 1500, 'png')));
      const results = await Promise.allSettled(pictures.map((bytes) => images.store(bytes, null)));
      const refused = results.filter((result) => result.status === 'rejected');
      expect(results[0]?.status).toBe('fulfilled');
      expect(refused.length).toBeGreaterThan(0);
      for (const result of refused) {
        expect(result.reason).toMatchObject({
          code: 'UNAVAILABLE',
          statusCode: 503,
          message: pictureMessages.busy,
          details: { retryAfterSeconds: 30 },
        });
      }
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('stops a picture that takes longer than the time limit, with a 413 that says so', async () => {
    // A job's limit counts all its work: 0.3 s here, where decoding this picture alone takes 1 to 4 s.
    const pool = createPicturePool({ threads: 1, timeLimitSeconds: 0.3 });
    try {
      const images = createImagesService(shop.ctx.db, { allowLoopback: false }, pool);
      // The slowest picture accepted: 50 megapixels, 8-bit, interlaced (decoded whole): 1 to 4 s on one core.
      const slow = await patternPng(7071, 7071, { interlaced: true });
      await expect(images.store(slow, null)).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: pictureMessages.timeout(0.3),
      });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
