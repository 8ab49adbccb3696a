import { randomBytes } from 'node:crypto';
import type { UploadedImage } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { uploadedImages } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { detectImageType } from './image-type';

/** 5 MB: a phone photo fits; anything larger is refused before it reaches the database. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const uploadMessages = {
  notAnImage: 'Please upload a JPEG, PNG or WebP image.',
  tooLarge: `The image is too large. Please upload one of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  noFile: 'Please choose an image file to upload.',
  notFound: 'Image not found.',
} as const;

/** Where an uploaded picture is served from: a path on this shop, so the product form accepts it. */
export const imagePath = (id: string) => `/api/images/${id}`;

export function createImagesService(db: DbExecutor) {
  return {
    /** Stores a picture after checking its bytes; returns its address. */
    async store(bytes: Buffer, uploadedBy: number): Promise<UploadedImage> {
      if (bytes.length === 0) throw new AppError('VALIDATION', uploadMessages.noFile);
      if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
      const contentType = detectImageType(bytes);
      if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notAnImage);
      const id = randomBytes(16).toString('hex');
      await db.insert(uploadedImages).values({ id, contentType, sizeBytes: bytes.length, bytes, uploadedBy });
      return { id, url: imagePath(id), contentType, size: bytes.length };
    },

    async read(id: string): Promise<{ contentType: string; bytes: Buffer }> {
      const [row] = await db
        .select({ contentType: uploadedImages.contentType, bytes: uploadedImages.bytes })
        .from(uploadedImages)
        .where(eq(uploadedImages.id, id));
      if (!row) throw notFound(uploadMessages.notFound);
      return row;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
