import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { compressionThreshold } from '../compress';

/**
 * Compresses answers of 1 KB or more (JSON, the HTML page) with brotli (quality 4: most of the saving at a
 * fraction of the CPU of 11) or gzip, as the browser accepts. Shoppers on slow, costly mobile data download a
 * product list of ~40 KB as ~6 KB. Built files are compressed once at build time and sent as they are
 * (`preCompressed` in web-app.ts); an answer that already has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, threshold: compressionThreshold, encodings: ['br', 'gzip'] });
}
