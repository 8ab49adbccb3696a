import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@bilum/shared';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { ImageType } from './image-type';

/*
 * The picture work itself: sharp on bytes already checked by their first bytes. These functions run in the picture
 * pool's worker threads (picture-pool.ts, decision 032), never on a request's own path, so that at most one decode
 * per core but one runs at a time.
 */

// A thread decodes one picture at a time, keeps no decoded pictures in memory between jobs, and libvips uses one
// thread for it: a decode never takes more than the one core its pool slot stands for.
sharp.cache(false);
sharp.concurrency(1);

/**
 * At most 50 megapixels (a phone's photo is 12 to 50): a small file that claims to be a huge picture (a
 * "decompression bomb") is refused before it is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * At most 150 MB decoded (width x height x channels x bytes per sample x frames): a 50-megapixel 8-bit RGB photo,
 * the largest a phone camera makes. Pixels alone do not bound the work: a 7000 x 7000 PNG at 16 bits per channel
 * is under the pixel limit but 294 MB decoded, and took about 50 s of CPU (issue 29).
 */
export const MAX_DECODED_BYTES = 150_000_000;

/**
 * How long one picture's processing may take, in seconds (sharp stops libvips when it is over). The largest
 * picture the limits above let in takes about 5 s on one core of the CI machine (docs/performance.md).
 */
export const PICTURE_TIME_LIMIT_SECONDS = 20;

const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
const sharpFormat: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** Bytes per sample of libvips' band formats (sharp's `depth`). */
const bytesPerSample: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** A picture refused for its size, before it is decoded: the message names the limit. */
export interface SizeRefusal {
  reason: 'too-many-pixels' | 'too-large-decoded';
  message: string;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;

/**
 * The size a picture's header claims, against the limits: pixels, and the decoded size that counts bit depth,
 * channels and frames (an animated picture counts every frame). Null when it fits.
 */
export function decodedSizeRefusal(
  metadata: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth' | 'pages'>,
): SizeRefusal | null {
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  const pixels = width * height;
  if (pixels > MAX_INPUT_PIXELS) {
    return {
      reason: 'too-many-pixels',
      message:
        `This picture is ${width} x ${height} pixels; the shop takes at most ${MAX_INPUT_PIXELS / 1_000_000} ` +
        'megapixels. Please upload a smaller one.',
    };
  }
  const decoded =
    pixels * (metadata.channels ?? 4) * (bytesPerSample[metadata.depth ?? ''] ?? 2) * Math.max(1, metadata.pages ?? 1);
  if (decoded > MAX_DECODED_BYTES) {
    return {
      reason: 'too-large-decoded',
      message:
        `This picture is ${megabytes(decoded)} once decoded (${width} x ${height} pixels, ${metadata.channels} ` +
        `channels of ${8 * (bytesPerSample[metadata.depth ?? ''] ?? 2)} bits${(metadata.pages ?? 1) > 1 ? `, ${metadata.pages} frames` : ''}); ` +
        `the shop takes at most ${megabytes(MAX_DECODED_BYTES)}, a 50-megapixel photo at 8 bits per channel. ` +
        'Please upload a smaller picture, or save it with 8 bits per channel.',
    };
  }
  return null;
}

export interface ImageVariant {
  width: ImageVariantWidth;
  bytes: Buffer;
}

/** Thrown when the bytes are not a picture sharp can decode (or not the kind their first bytes say). */
export class NotAPictureError extends Error {}

/** Thrown when the header claims a picture over the limits (nothing has been decoded). */
export class PictureTooLargeError extends Error {
  constructor(readonly refusal: SizeRefusal) {
    super(refusal.message);
  }
}

/** Thrown when a picture's processing took longer than its time limit (stopped by libvips, or between pipelines). */
export class PictureTimeoutError extends Error {}

/** Reads the header only (no pixels), and refuses a picture over the limits. */
async function checkedMetadata(bytes: Buffer): Promise<Metadata> {
  // No pixel limit here: the header alone is read, and the limits are checked below with their own messages.
  const metadata = await sharp(bytes, { failOn: 'error' }).metadata();
  if (!metadata.width || !metadata.height) throw new NotAPictureError('no size');
  const refusal = decodedSizeRefusal(metadata);
  if (refusal) throw new PictureTooLargeError(refusal);
  return metadata;
}

/** sharp's errors as the three kinds the pool answers with. */
function asPictureError(error: unknown): Error {
  if (error instanceof NotAPictureError || error instanceof PictureTooLargeError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout/i.test(message)) return new PictureTimeoutError(message);
  return new NotAPictureError(message);
}

/** sharp's time limit of each pipeline (whole seconds): the pool's, or PICTURE_TIME_LIMIT_SECONDS. */
let timeLimit = { seconds: PICTURE_TIME_LIMIT_SECONDS };
/** When the job under way must have ended (performance.now()); checked between its pipelines. */
let deadline = Number.POSITIVE_INFINITY;

/**
 * Starts a job that may take `seconds` (the pool sends its own limit with every job): each of its pipelines is
 * stopped by libvips at the limit, and the job as a whole is stopped between pipelines once its time is up.
 */
export function setPictureTimeLimit(seconds: number) {
  timeLimit = { seconds: Math.max(1, Math.ceil(seconds)) };
  deadline = performance.now() + seconds * 1000;
}

/** Stops the job between two pipelines once its time limit has passed. */
function checkDeadline() {
  if (performance.now() > deadline) throw new PictureTimeoutError('timeout: the time limit has passed');
}

/** One WebP copy from the decoded, upright pixels of the largest copy: never enlarged. */
function encodeCopy(pixels: { data: Buffer; info: OutputInfo }, width: number): Promise<Buffer> {
  const { data, info } = pixels;
  const { width: rawWidth, height, channels, premultiplied } = info;
  // A picture with alpha comes out of the resize premultiplied; said so, the copies keep their colours.
  return sharp(data, { raw: { width: rawWidth, height, channels, premultiplied } })
    .timeout(timeLimit)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * The original decoded once: turned upright from its EXIF orientation, metadata (GPS and all) dropped, shrunk to
 * the largest copy's width (never enlarged), as 8-bit pixels. Every copy is made from these, so a picture is
 * decoded once, not once per width.
 */
function decodeForCopies(bytes: Buffer, width: number) {
  return sharp(bytes, decodeOptions)
    .timeout(timeLimit)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Checks the header (kind and size limits), decodes the picture once (so a file that only starts like a picture is
 * refused) and makes its WebP copies. The copies depend on the bytes alone, so any instance makes the same ones.
 */
export async function makeImageVariants(bytes: Buffer, type: ImageType): Promise<ImageVariant[]> {
  try {
    const metadata = await checkedMetadata(bytes);
    if (metadata.format !== sharpFormat[type]) {
      throw new NotAPictureError(`decoded as ${metadata.format ?? 'nothing'}, not ${type}`);
    }
    const pixels = await decodeForCopies(bytes, Math.max(...IMAGE_VARIANT_WIDTHS));
    const variants: ImageVariant[] = [];
    for (const width of IMAGE_VARIANT_WIDTHS) {
      checkDeadline();
      variants.push({ width, bytes: await encodeCopy(pixels, width) });
    }
    return variants;
  } catch (error) {
    throw asPictureError(error);
  }
}

/** One copy, for a picture stored before the copies existed (made at its first request, then kept). */
export async function makeImageVariant(bytes: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  try {
    await checkedMetadata(bytes);
    const pixels = await decodeForCopies(bytes, width);
    checkDeadline();
    return await encodeCopy(pixels, width);
  } catch (error) {
    throw asPictureError(error);
  }
}

/** Open Graph and Twitter cards show a 1200x630 picture (decision 015). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * A link-preview picture: the product's picture (JPEG, PNG, WebP or SVG) fitted whole onto a white 1200x630
 * JPEG. An SVG is rasterised at the density that draws it at least that large, so it is sharp, not enlarged.
 */
export async function makeShareImage(bytes: Buffer): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZE;
  try {
    const metadata = await checkedMetadata(bytes);
    const density =
      metadata.format === 'svg'
        ? Math.min(72 * Math.max(width / metadata.width!, height / metadata.height!, 1), 2400)
        : undefined;
    return await sharp(bytes, { ...decodeOptions, ...(density ? { density } : {}) })
      .timeout(timeLimit)
      .rotate()
      .resize({ width, height, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw asPictureError(error);
  }
}

/** The shop's own link-preview picture (pages other than a product's): drawn from its logo, as a PNG. */
export function makeShopShareImage(logoSvg: string): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZE;
  const logo = Buffer.from(logoSvg).toString('base64');
  // Colours of apps/web/src/app/styles.css (the header's ink and the brand amber); the logo drawn 240 px tall.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#111827"/>
  <rect y="${height - 24}" width="${width}" height="24" fill="#f59e0b"/>
  <image x="100" y="165" width="240" height="240" xlink:href="data:image/svg+xml;base64,${logo}" href="data:image/svg+xml;base64,${logo}"/>
  <text x="390" y="300" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="132" font-weight="800" fill="#ffffff">Bilum<tspan fill="#f59e0b">.</tspan></text>
  <text x="394" y="376" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="34" fill="#e5e7eb">Phones, computers, cameras and more</text>
  <text x="394" y="424" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="34" fill="#e5e7eb">in kina, across Papua New Guinea</text>
</svg>`;
  return sharp(Buffer.from(svg)).timeout(timeLimit).png({ compressionLevel: 9, palette: true }).toBuffer();
}
