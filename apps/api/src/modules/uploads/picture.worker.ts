import type { ImageVariantWidth } from '@bilum/shared';
import type { ImageType } from './image-type';
import {
  makeImageVariant,
  makeImageVariants,
  makeShareImage,
  makeShopShareImage,
  NotAPictureError,
  setPictureTimeLimit,
  PictureTimeoutError,
  PictureTooLargeError,
} from './image-variants';

/** One job of the picture pool (picture-pool.ts). Bytes arrive as a Uint8Array (copied to the thread). */
export type PictureJob = { timeLimitSeconds: number } & (
  | { kind: 'variants'; bytes: Uint8Array; type: ImageType }
  | { kind: 'variant'; bytes: Uint8Array; width: ImageVariantWidth }
  | { kind: 'share'; bytes: Uint8Array }
  | { kind: 'shop-share'; svg: string }
);

/**
 * The answer: errors do not keep their class across threads, so a refusal is a value with its reason and message.
 */
export type PictureJobResult =
  | { ok: true; images: { width: number; bytes: Uint8Array }[] }
  | { ok: false; reason: 'not-a-picture' | 'too-many-pixels' | 'too-large-decoded' | 'timeout'; message: string };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function run(job: PictureJob): Promise<{ width: number; bytes: Uint8Array }[]> {
  switch (job.kind) {
    case 'variants':
      return makeImageVariants(asBuffer(job.bytes), job.type);
    case 'variant':
      return [{ width: job.width, bytes: await makeImageVariant(asBuffer(job.bytes), job.width) }];
    case 'share':
      return [{ width: 0, bytes: await makeShareImage(asBuffer(job.bytes)) }];
    case 'shop-share':
      return [{ width: 0, bytes: await makeShopShareImage(job.svg) }];
  }
}

/** Runs in a picture worker thread. */
export default async function pictureJob(job: PictureJob): Promise<PictureJobResult> {
  setPictureTimeLimit(job.timeLimitSeconds);
  try {
    return { ok: true, images: await run(job) };
  } catch (error) {
    if (error instanceof PictureTooLargeError) return { ok: false, ...error.refusal };
    if (error instanceof PictureTimeoutError) return { ok: false, reason: 'timeout', message: error.message };
    if (error instanceof NotAPictureError) return { ok: false, reason: 'not-a-picture', message: error.message };
    throw error;
  }
}
