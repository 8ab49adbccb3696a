import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@bilum/shared';
import sharp from 'sharp';
import type { ImageType } from './image-type';

// A server resizes one picture at a time per request and keeps no decoded pictures in memory between requests.
sharp.cache(false);
sharp.concurrency(1);

/**
 * At most 50 megapixels (a phone's photo is 12 to 48): a small file that claims to be a huge picture (a
 * "decompression bomb") is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
const sharpFormat: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export interface ImageVariant {
  width: ImageVariantWidth;
  bytes: Buffer;
}

/** Thrown when the bytes are not a picture sharp can decode (or not the kind their first bytes say). */
export class NotAPictureError extends Error {}

/** One resized WebP copy: turned upright from its EXIF orientation, metadata (GPS and all) dropped, never enlarged. */
function resize(bytes: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  return sharp(bytes, decodeOptions)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * Decodes the picture (so a file that only starts like a picture is refused) and makes its WebP copies, one at a
 * time to keep memory low. The copies depend on the bytes alone, so any instance makes the same ones.
 */
export async function makeImageVariants(bytes: Buffer, type: ImageType): Promise<ImageVariant[]> {
  try {
    const metadata = await sharp(bytes, decodeOptions).metadata();
    if (metadata.format !== sharpFormat[type] || !metadata.width || !metadata.height) {
      throw new NotAPictureError(`decoded as ${metadata.format ?? 'nothing'}, not ${type}`);
    }
    const variants: ImageVariant[] = [];
    for (const width of IMAGE_VARIANT_WIDTHS) variants.push({ width, bytes: await resize(bytes, width) });
    return variants;
  } catch (error) {
    if (error instanceof NotAPictureError) throw error;
    throw new NotAPictureError(error instanceof Error ? error.message : String(error));
  }
}

/** One copy, for a picture stored before the copies existed (made at its first request, then kept). */
export async function makeImageVariant(bytes: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  try {
    return await resize(bytes, width);
  } catch (error) {
    throw new NotAPictureError(error instanceof Error ? error.message : String(error));
  }
}
