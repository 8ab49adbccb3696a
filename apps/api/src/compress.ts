import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

export type BodyEncoding = 'br' | 'gzip';

/**
 * The compressed form the browser takes, from its Accept-Encoding (brotli before gzip, its q-values honoured), or
 * null for neither: one reading of the header for every answer the shop compresses itself (the page, the kept
 * answers, the product list), as @fastify/compress reads it for the rest.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding) return null;
  const encoding = negotiate(acceptEncoding, ['br', 'gzip']);
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

/**
 * A body compressed for one answer (a server-rendered page): brotli at quality 4, most of the saving at a
 * fraction of the CPU of 11, or gzip at its default level.
 */
export function compressForOneAnswer(body: Buffer | string, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipAsync(body);
}

/**
 * A body compressed once to be sent many times (a kept answer, a cached list page): brotli at quality 9 (a few
 * percent smaller than 4, worth its CPU when paid once) or gzip at level 9.
 */
export function compressOnce(body: Buffer | string, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipAsync(body, { level: 9 });
}
