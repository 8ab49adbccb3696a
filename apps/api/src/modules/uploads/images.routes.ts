import multipart from '@fastify/multipart';
import { IMAGE_VARIANT_WIDTHS, imageFromUrlSchema, uploadedImageSchema } from '@bilum/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { guardAdminRoutes } from '../admin/admin-guard';
import { type ImagesService, MAX_IMAGE_BYTES, uploadMessages } from './images.service';

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
          summary: 'Upload a product picture (JPEG, PNG or WebP, at most 5 MB, checked by its bytes)',
          consumes: ['multipart/form-data'],
          response: { 201: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.noFile);
        const file = await request.file();
        if (!file) throw new AppError('VALIDATION', uploadMessages.noFile);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
          }
          throw error;
        }
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
