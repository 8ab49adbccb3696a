import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

/**
 * Compresses answers of 1 KB or more (JSON, the HTML page) with brotli (quality 4: most of the saving at a
 * fraction of the CPU of 11) or gzip, as the browser accepts. Shoppers on slow, costly mobile data download a
 * product list of ~40 KB as ~6 KB. Built files are compressed once at build time and sent as they are
 * (`preCompressed` in web-app.ts); an answer that already has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, threshold: compressionThreshold, encodings: ['br', 'gzip'] });
}

/**
 * A body compressed once to be sent many times (a kept answer, a cached list page): brotli at quality 9 (a few
 * percent smaller than 4, worth its CPU when paid once) or gzip at level 9.
 */
export function compressOnce(body: Buffer | string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipAsync(body, { level: 9 });
}
