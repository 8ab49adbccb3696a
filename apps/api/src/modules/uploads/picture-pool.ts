import os from 'node:os';
import type { ImageVariantWidth } from '@bilum/shared';
import Piscina from 'piscina';
// sharp is loaded by the main thread before any worker thread loads it: on glibc Linux its libraries must stay
// loaded until every thread has ended (sharp's documentation on worker threads).
import 'sharp';
import type { ImageType } from './image-type';
import { type ImageVariant, PICTURE_TIME_LIMIT_SECONDS } from './image-variants';
import type { PictureJob, PictureJobResult } from './picture.worker';

/*
 * Every picture the shop decodes (uploads, addresses fetched, copies made late, link previews) goes through one
 * pool of worker threads (issue 29, decision 032): at most one decode per core but one, so that one core is always
 * left for the requests and the database (PGlite answers on the main thread); further jobs wait their turn in
 * order, up to a bound; each has a time limit. libvips itself uses one thread per decode (image-variants.ts).
 *
 * The time limit is a job's (checked between its pipelines) and sharp's for each pipeline (libvips stops between
 * pieces of the picture, in whole seconds): ending a worker thread would not stop
 * libvips, whose work runs on Node's own thread pool. A step that cannot be cut into pieces (an interlaced PNG is
 * decoded whole) is bounded by the decoded-size limit instead: about 5 s for the largest accepted.
 */

/** Jobs that run at once: one per core but one, at least one. */
export const pictureThreads = Math.max(1, os.availableParallelism() - 1);

/** Jobs waiting beyond those running; one more is refused (503) rather than waiting minutes. */
export const PICTURE_QUEUE_LIMIT = 8;

/** How long Retry-After tells a refused job to wait. */
export const PICTURE_RETRY_AFTER_SECONDS = 30;

/** A job as the pool's callers give it: the pool adds its time limit. */
type PictureWork = PictureJob extends infer Job
  ? Job extends PictureJob
    ? Omit<Job, 'timeLimitSeconds'>
    : never
  : never;

export type PictureRefusalReason = Exclude<PictureJobResult, { ok: true }>['reason'] | 'busy';

/** A picture the pool could not or would not process: the reason, and a message for the person who sent it. */
export class PictureRefusedError extends Error {
  constructor(
    readonly reason: PictureRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export const pictureMessages = {
  busy: 'The shop is busy processing other pictures. Please try again in a minute.',
  timeout: (seconds: number) =>
    `This picture took longer than ${seconds} s to process, the shop's limit. Please upload a smaller one.`,
} as const;

export interface PicturePoolOptions {
  threads?: number;
  queueLimit?: number;
  /** Seconds one job may take (tests make it short). */
  timeLimitSeconds?: number;
}

/** A pool of picture threads; the server has one (`picturePool()`), tests may make their own. */
export function createPicturePool(options: PicturePoolOptions = {}) {
  const threads = options.threads ?? pictureThreads;
  const timeLimitSeconds = options.timeLimitSeconds ?? PICTURE_TIME_LIMIT_SECONDS;
  let pool: Piscina | null = null;
  const workers = () =>
    (pool ??= new Piscina({
      filename: new URL('./picture.worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: options.queueLimit ?? PICTURE_QUEUE_LIMIT,
      concurrentTasksPerWorker: 1,
      idleTimeout: 60_000,
      // Loads TypeScript like the server does (decision 001), also under a test runner (as pdf/pdf-workers.ts).
      execArgv: ['--import', 'tsx'],
    }));

  async function run(work: PictureWork): Promise<{ width: number; bytes: Buffer }[]> {
    const job = { ...work, timeLimitSeconds } as PictureJob;
    let result: PictureJobResult;
    try {
      result = (await workers().run(job)) as PictureJobResult;
    } catch (error) {
      if (error instanceof Error && /queue is at limit|no task queue available/i.test(error.message)) {
        throw new PictureRefusedError('busy', pictureMessages.busy);
      }
      throw error;
    }
    if (!result.ok) {
      throw new PictureRefusedError(
        result.reason,
        result.reason === 'timeout' ? pictureMessages.timeout(timeLimitSeconds) : result.message,
      );
    }
    return result.images.map(({ width, bytes }) => ({
      width,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }));
  }

  return {
    threads,
    /** Checks the header (kind, pixels, decoded size), decodes once and makes every WebP copy. */
    async variants(bytes: Buffer, type: ImageType): Promise<ImageVariant[]> {
      return (await run({ kind: 'variants', bytes, type })) as ImageVariant[];
    },
    /** One WebP copy of a picture stored before its copies existed. */
    async variant(bytes: Buffer, width: ImageVariantWidth): Promise<Buffer> {
      return (await run({ kind: 'variant', bytes, width }))[0]!.bytes;
    },
    /** A product's 1200x630 link-preview JPEG. */
    async shareImage(bytes: Buffer): Promise<Buffer> {
      return (await run({ kind: 'share', bytes }))[0]!.bytes;
    },
    /** The shop's own link-preview PNG, drawn from its logo. */
    async shopShareImage(svg: string): Promise<Buffer> {
      return (await run({ kind: 'shop-share', svg }))[0]!.bytes;
    },
    /** Ends the threads (the server's shutdown; a later job starts them again). */
    async close(): Promise<void> {
      const ending = pool;
      pool = null;
      await ending?.destroy();
    },
  };
}

export type PicturePool = ReturnType<typeof createPicturePool>;

let shared: PicturePool | null = null;

/** The process's one picture pool. */
export function picturePool(): PicturePool {
  shared ??= createPicturePool();
  return shared;
}

/** Ends the process's picture threads (the server's shutdown). */
export async function closePictureWorkers(): Promise<void> {
  await shared?.close();
}
