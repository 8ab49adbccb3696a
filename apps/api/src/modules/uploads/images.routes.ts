import multipart from '@fastify/multipart';
import { IMAGE_VARIANT_WIDTHS, imageFromUrlSchema, uploadedImageSchema } from '@bilum/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { guardAdminRoutes } from '../admin/admin-guard';
import { type ImagesService, MAX_IMAGE_BYTES, uploadMessages } from './images.service';

/** The parser's 413 for a multipart limit as the shop's error: the file's size, or too many files, fields or parts. */
function multipartLimitError(error: unknown): AppError | null {
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (statusCode !== 413) return null;
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    code === 'FST_REQ_FILE_TOO_LARGE' ? uploadMessages.tooLarge : uploadMessages.oneFile,
  );
}

/**
 * The bytes of the one uploaded file, or a 413 when it is over MAX_IMAGE_BYTES. The parser cuts a file at the
 * limit and, when the cut falls at the end of a piece of the request, ends it without an error (issue 28: a
 * picture over 5 MB was stored cut to 5 MiB), so `truncated` is checked as well as the error.
 */
async function uploadedFileBytes(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new AppError('VALIDATION', uploadMessages.noFile);
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
    return bytes;
  } catch (error) {
    throw (error instanceof AppError ? null : multipartLimitError(error)) ?? error;
  }
}

/** POST /api/admin/uploads: an admin uploads one product picture (multipart, field "file"). */
export function imageUploadRoutes(images: ImagesService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    // Registered here only, so no other route of the shop parses multipart bodies.
    await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post(
      '/admin/uploads',
      {
        // Multipart, not JSON: still refused from another Origin by the cross-site plugin.
        config: { permission: 'catalog', acceptsNonJson: true },
        schema: {
          tags: ['admin'],
          summary:
            'Upload a product picture (JPEG, PNG or WebP, at most 20 MB, checked by its bytes); copies made at once',
          consumes: ['multipart/form-data'],
          response: { 201: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.noFile);
        const bytes = await uploadedFileBytes(request);
        const stored = await images.store(bytes, signedInUser(request).id);
        return reply.code(201).send(stored);
      },
    );

    app.post(
      '/admin/uploads/from-url',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary: 'Fetch a picture from an https:// address once and store it like an upload (SSRF-guarded)',
          body: imageFromUrlSchema,
          response: { 201: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        const stored = await images.storeFromUrl(request.body.url, signedInUser(request).id);
        return reply.code(201).send(stored);
      },
    );
  };
}

const imageIdParams = z.object({ id: z.string().max(64) });
const variantFiles = IMAGE_VARIANT_WIDTHS.map((width) => `${width}.webp` as const);
const variantParams = z.object({
  id: z.string().max(64),
  file: z.enum(variantFiles as [(typeof variantFiles)[number], ...(typeof variantFiles)[number][]]),
});

/** Stored pictures never change (content-addressed), so every cache may keep them for a year. */
function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }) {
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(image.bytes);
}

/** GET /api/images/:id: an uploaded picture, for everyone, cacheable for a year (its bytes never change). */
export function imageServingRoutes(images: ImagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/images/:id',
      {
        schema: {
          tags: ['catalog'],
          summary: 'An uploaded product picture',
          produces: ['image/jpeg', 'image/png', 'image/webp'],
          params: imageIdParams,
        },
      },
      async (request, reply) => sendImage(reply, await images.read(request.params.id)),
    );

    app.get(
      '/images/:id/:file',
      {
        schema: {
          tags: ['catalog'],
          summary: 'A resized WebP copy of an uploaded product picture (for srcset)',
          produces: ['image/webp'],
          params: variantParams,
        },
      },
      async (request, reply) => {
        const width = Number(request.params.file.replace('.webp', '')) as (typeof IMAGE_VARIANT_WIDTHS)[number];
        return sendImage(reply, await images.readVariant(request.params.id, width));
      },
    );
  };
}
