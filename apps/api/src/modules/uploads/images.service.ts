import { createHash } from 'node:crypto';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import {
  IMAGE_VARIANT_WIDTHS,
  type FieldIssue,
  imageTooLargeMessage,
  type ImageVariantWidth,
  type UploadedImage,
  imageVariantPath,
  MAX_IMAGE_BYTES,
} from '@bilum/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploadedImageParts, uploadedImages, uploadedImageVariants } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { fetchOutbound, OutboundFetchError, type OutboundFetchOptions } from '../../security/outbound-fetch';
import { detectImageType } from './image-type';
import { type PicturePool, PICTURE_RETRY_AFTER_SECONDS, PictureRefusedError, picturePool } from './picture-pool';

/** The limit lives in packages/shared/src/images.ts, so the admin's picker refuses the same files. */
export { MAX_IMAGE_BYTES };

/**
 * The largest piece of a picture one statement writes (uploaded_image_parts). On PGlite a statement runs on the
 * shop's one JavaScript thread: a 5 MB picture in one insert held it for 60-80 ms, a 256 KB piece takes a few.
 */
export const IMAGE_PART_BYTES = 256 * 1024;

/** `bytes` in pieces of at most IMAGE_PART_BYTES (views of the same memory, not copies). */
export function pictureParts(bytes: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += IMAGE_PART_BYTES) {
    parts.push(bytes.subarray(start, start + IMAGE_PART_BYTES));
  }
  return parts;
}

/** How long fetching a picture from an address may take, redirects included. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;

export const uploadMessages = {
  notAnImage: 'Please upload a JPEG, PNG or WebP image.',
  tooLarge: imageTooLargeMessage,
  noFile: 'Please choose an image file to upload.',
  /** More files, fields or parts than one picture's upload carries. */
  oneFile: 'Please upload one picture at a time.',
  notFound: 'Image not found.',
  /** A picture address the shop could not fetch and store (the reason follows). */
  fetchFailed: (reason: string) => `The picture at this address could not be used: ${reason}.`,
} as const;

/** Where an uploaded picture is served from: a path on this shop, so the product form accepts it. */
export const imagePath = (id: string) => `/api/images/${id}`;

/** An absolute address (another site's picture) rather than a path on this shop. */
const isAbsoluteAddress = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value);

export interface ImageFetchConfig {
  /** IMAGE_FETCH_ALLOW_LOOPBACK: for tests only; never on a real shop. */
  allowLoopback: boolean;
  /** Tests only: how host names resolve (standing for public DNS). */
  resolve?: OutboundFetchOptions['resolve'];
  timeoutMs?: number;
}

/** The pictures of a product form: the main one and the gallery (when the form sends it). */
export interface ProductPictures {
  image: string;
  secondaryImages?: string[];
}

/**
 * A picture the pool refused as the shop's error: not a picture 415, over the size limits or the time limit 413
 * (the message names the limit), the pool's queue full 503 with Retry-After.
 */
export function pictureRefusal(error: PictureRefusedError): AppError {
  switch (error.reason) {
    case 'not-a-picture':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notAnImage);
    case 'busy':
      return new AppError('UNAVAILABLE', error.message, { retryAfterSeconds: PICTURE_RETRY_AFTER_SECONDS });
    default:
      return new AppError('PAYLOAD_TOO_LARGE', error.message);
  }
}

export function createImagesService(
  db: Database,
  fetchConfig: ImageFetchConfig = { allowLoopback: false },
  pool: PicturePool = picturePool(),
) {
  /** Stores checked bytes and their resized copies; the same bytes stored twice are one picture. */
  async function store(bytes: Buffer, uploadedBy: number | null): Promise<UploadedImage> {
    if (bytes.length === 0) throw new AppError('VALIDATION', uploadMessages.noFile);
    if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
    const contentType = detectImageType(bytes);
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notAnImage);
    let variants;
    try {
      variants = await pool.variants(bytes, contentType);
    } catch (error) {
      throw error instanceof PictureRefusedError ? pictureRefusal(error) : error;
    }
    // Content-addressed: the address names these bytes, so it (and its copies) can be cached for good.
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const [known] = await db.select({ id: uploadedImages.id }).from(uploadedImages).where(eq(uploadedImages.id, id));
    if (known) return { id, url: imagePath(id), contentType, size: bytes.length };
    // The pieces first, each a statement of its own (never one long one: see IMAGE_PART_BYTES), then the row
    // and the copies together: a picture's row exists only once every piece of it is stored.
    for (const [part, piece] of pictureParts(bytes).entries()) {
      // A turn of the event loop between pieces: PGlite answers in a microtask, so without it the next piece
      // would follow at once and the pieces together would hold the thread as long as one insert did.
      await setImmediatePromise();
      await db.insert(uploadedImageParts).values({ imageId: id, part, bytes: piece }).onConflictDoNothing();
    }
    await db.transaction(async (tx) => {
      await tx
        .insert(uploadedImages)
        .values({ id, contentType, sizeBytes: bytes.length, bytes: null, uploadedBy })
        .onConflictDoNothing();
      await tx
        .insert(uploadedImageVariants)
        .values(variants.map((variant) => ({ imageId: id, ...variant, sizeBytes: variant.bytes.length })))
        .onConflictDoNothing();
    });
    return { id, url: imagePath(id), contentType, size: bytes.length };
  }

  /** Fetches a picture from another site (under the SSRF guard) and stores it like an upload. */
  async function storeFromUrl(url: string, uploadedBy: number | null): Promise<UploadedImage> {
    let bytes: Buffer;
    try {
      ({ bytes } = await fetchOutbound(url, {
        allowLoopback: fetchConfig.allowLoopback,
        resolve: fetchConfig.resolve,
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: fetchConfig.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS,
        maxRedirects: 3,
        accept: 'image/jpeg, image/png, image/webp',
      }));
    } catch (error) {
      if (!(error instanceof OutboundFetchError)) throw error;
      const reason =
        error.reason === 'too-large' ? `it is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` : error.message;
      throw new AppError('VALIDATION', uploadMessages.fetchFailed(reason));
    }
    try {
      return await store(bytes, uploadedBy);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'VALIDATION' || error.code === 'UNAVAILABLE') throw error;
      throw new AppError(
        'VALIDATION',
        error.code === 'PAYLOAD_TOO_LARGE'
          ? `${uploadMessages.fetchFailed('it is too large to process')} ${error.message}`
          : uploadMessages.fetchFailed('it is not a JPEG, PNG or WebP picture'),
      );
    }
  }

  return {
    store,
    storeFromUrl,

    /**
     * A product's pictures as the shop will show them: each absolute address is fetched once and replaced by the
     * stored copy's path, so no page loads a picture from another site (the CSP would block it anyway). A failure
     * is a 400 naming the field.
     */
    async localise<T extends ProductPictures>(pictures: T, uploadedBy: number | null): Promise<T> {
      const issues: FieldIssue[] = [];
      const fetched = new Map<string, string>();
      const local = async (value: string, path: (string | number)[]) => {
        if (!isAbsoluteAddress(value)) return value;
        const known = fetched.get(value);
        if (known) return known;
        try {
          const stored = await storeFromUrl(value, uploadedBy);
          fetched.set(value, stored.url);
          return stored.url;
        } catch (error) {
          // A busy picture pool is the shop's 503 to retry, not a fault of the field.
          if (!(error instanceof AppError) || error.code === 'UNAVAILABLE') throw error;
          issues.push({ path: path.join('.'), message: error.message });
          return value;
        }
      };
      const image = await local(pictures.image, ['image']);
      let secondaryImages: string[] | undefined;
      if (pictures.secondaryImages) {
        secondaryImages = [];
        for (const [index, value] of pictures.secondaryImages.entries()) {
          secondaryImages.push(await local(value, ['secondaryImages', index]));
        }
      }
      if (issues.length > 0) throw new AppError('VALIDATION', issues[0]?.message ?? '', undefined, issues);
      return { ...pictures, image, ...(secondaryImages ? { secondaryImages } : {}) };
    },

    /** The original as uploaded: its row's bytes (stored before 0031) or its pieces in order. */
    async read(id: string): Promise<{ contentType: string; bytes: Buffer }> {
      const [row] = await db
        .select({
          contentType: uploadedImages.contentType,
          sizeBytes: uploadedImages.sizeBytes,
          bytes: uploadedImages.bytes,
        })
        .from(uploadedImages)
        .where(eq(uploadedImages.id, id));
      if (!row) throw notFound(uploadMessages.notFound);
      if (row.bytes) return { contentType: row.contentType, bytes: row.bytes };
      const parts = await db
        .select({ bytes: uploadedImageParts.bytes })
        .from(uploadedImageParts)
        .where(eq(uploadedImageParts.imageId, id))
        .orderBy(asc(uploadedImageParts.part));
      const bytes = Buffer.concat(parts.map((part) => part.bytes));
      // Never half a picture under an address that is cached for good.
      if (bytes.length !== row.sizeBytes)
        throw new Error(`picture ${id}: ${bytes.length} of ${row.sizeBytes} bytes stored`);
      return { contentType: row.contentType, bytes };
    },

    /**
     * One resized WebP copy. A picture stored before the copies existed gets them made at the first request and
     * kept in the database (the same bytes on every instance).
     */
    async readVariant(id: string, width: ImageVariantWidth): Promise<{ contentType: string; bytes: Buffer }> {
      const [row] = await db
        .select({ bytes: uploadedImageVariants.bytes })
        .from(uploadedImageVariants)
        .where(and(eq(uploadedImageVariants.imageId, id), eq(uploadedImageVariants.width, width)));
      if (row) return { contentType: 'image/webp', bytes: row.bytes };
      const original = await this.read(id);
      let bytes: Buffer;
      try {
        bytes = await pool.variant(original.bytes, width);
      } catch (error) {
        if (!(error instanceof PictureRefusedError)) throw error;
        // A stored file that is no picture (or over today's limits) has no copies; a busy pool is a 503 to retry.
        throw error.reason === 'busy' ? pictureRefusal(error) : notFound(uploadMessages.notFound);
      }
      await db
        .insert(uploadedImageVariants)
        .values({ imageId: id, width, bytes, sizeBytes: bytes.length })
        .onConflictDoNothing();
      return { contentType: 'image/webp', bytes };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;

/** The widths a variant address may name. */
export const variantWidths: readonly number[] = IMAGE_VARIANT_WIDTHS;
export { imageVariantPath };
