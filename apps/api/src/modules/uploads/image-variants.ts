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

/** Open Graph and Twitter cards show a 1200x630 picture (decision 015). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * A link-preview picture: the product's picture (JPEG, PNG, WebP or SVG) fitted whole onto a white 1200x630
 * JPEG. An SVG is rasterised at the density that draws it at least that large, so it is sharp, not enlarged.
 */
export async function makeShareImage(bytes: Buffer): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZE;
  try {
    const metadata = await sharp(bytes, decodeOptions).metadata();
    if (!metadata.width || !metadata.height) throw new NotAPictureError('no size');
    const density =
      metadata.format === 'svg'
        ? Math.min(72 * Math.max(width / metadata.width, height / metadata.height, 1), 2400)
        : undefined;
    return await sharp(bytes, { ...decodeOptions, ...(density ? { density } : {}) })
      .rotate()
      .resize({ width, height, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof NotAPictureError) throw error;
    throw new NotAPictureError(error instanceof Error ? error.message : String(error));
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
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
