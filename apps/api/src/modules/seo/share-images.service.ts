import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Product } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbExecutor } from '../../db/client';
import { shareImages } from '../../db/schema';
import type { ImagesService } from '../uploads/images.service';
import { type PicturePool, PictureRefusedError, picturePool } from '../uploads/picture-pool';

/** Bumped when the rendering changes: every picture is then rendered again under new keys (new addresses). */
const RENDERING = 'v1';

/** The shop's mark, as apps/web/public/favicon.svg draws it (the generic preview picture needs no web build). */
const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#111827"/><path d="M16 22h32l-4 28H20z" fill="none" stroke="#f59e0b" stroke-width="4" stroke-linejoin="round"/><path d="M24 22c0-6 3.5-10 8-10s8 4 8 10" fill="none" stroke="#dc2626" stroke-width="4" stroke-linecap="round"/><path d="M20 32h24M21 40h22" stroke="#f59e0b" stroke-width="3"/></svg>';

export const shopShareImageKey = `shop.${RENDERING}`;
/** The address of the shop's own preview picture (pages other than a product's). */
export const shopShareImagePath = `/api/share-images/shop.png?v=${RENDERING}`;
export const shareImageType = { jpeg: 'image/jpeg', png: 'image/png' } as const;

export interface ShareImage {
  key: string;
  contentType: string;
  bytes: Buffer;
}

/** An uploaded picture's address on this shop (`/api/images/{id}`, or one of its WebP copies). */
const uploadedPicture = /^\/api\/images\/([A-Za-z0-9_-]{1,64})(?:\/[^/]*)?$/;
/** A picture of the web build (the demo catalogue's drawings under /images/). */
const buildPicture = /^\/images\/[A-Za-z0-9/_.-]+\.(?:svg|png|jpe?g|webp)$/;

/**
 * Link-preview pictures (issue 20, decision 015): Open Graph and Twitter cards show JPEG or PNG, not the SVG the
 * demo products are drawn in. A product's picture is rendered once to a 1200x630 JPEG (makeShareImage) and kept
 * in `share_images` under a key naming its source's bytes; the page's og:image carries that key (`?v=`), so the
 * answer can be cached for good and a new picture gets a new address. Pages other than a product's show the
 * shop's own picture, drawn once from its logo.
 */
export function createShareImages(deps: {
  db: DbExecutor;
  images: ImagesService;
  webDist: string;
  /** The picture pool every decode goes through (decision 032). */
  pictures?: PicturePool;
}) {
  const { db, images, webDist, pictures = picturePool() } = deps;
  const root = path.resolve(webDist || '.');
  /** A build file's key by its path (files of a build do not change while it runs). */
  const fileKeys = new LRUCache<string, Promise<{ key: string; bytes: () => Promise<Buffer> } | null>>({ max: 2000 });
  /** Renderings under way in this process: one at a time per key. */
  const rendering = new Map<string, Promise<ShareImage>>();

  async function buildFile(picture: string) {
    if (!webDist || !buildPicture.test(picture) || picture.split('/').includes('..')) return null;
    const file = path.resolve(root, `.${picture}`);
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    try {
      const bytes = await readFile(file);
      const key = `file.${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${RENDERING}`;
      return { key, bytes: () => readFile(file) };
    } catch {
      return null;
    }
  }

  /** Where a product's picture comes from, and the key of its rendering; null when it has none the shop holds. */
  async function sourceOf(picture: string | null) {
    const src = picture?.replace(/\s+/g, '') ?? '';
    const upload = uploadedPicture.exec(src)?.[1];
    if (upload) {
      return { key: `upload.${upload}.${RENDERING}`, bytes: async () => (await images.read(upload)).bytes };
    }
    let file = fileKeys.get(src);
    if (!file) {
      file = buildFile(src);
      fileKeys.set(src, file);
    }
    return file;
  }

  async function stored(key: string): Promise<ShareImage | null> {
    const [row] = await db
      .select({ contentType: shareImages.contentType, bytes: shareImages.bytes })
      .from(shareImages)
      .where(eq(shareImages.key, key));
    return row ? { key, ...row } : null;
  }

  /** The stored rendering, or renders it now and keeps it (once per key, whichever instance comes first). */
  function renderOnce(key: string, contentType: string, render: () => Promise<Buffer>): Promise<ShareImage> {
    let pending = rendering.get(key);
    if (!pending) {
      pending = (async () => {
        const found = await stored(key);
        if (found) return found;
        const bytes = await render();
        await db.insert(shareImages).values({ key, contentType, bytes, sizeBytes: bytes.length }).onConflictDoNothing();
        return { key, contentType, bytes };
      })().finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  return {
    /** The path of a product's preview picture, with its key; the shop's own picture when it has none. */
    async productImagePath(product: Pick<Product, 'id' | 'image'>): Promise<string> {
      const source = await sourceOf(product.image);
      return source ? `/api/share-images/products/${product.id}.jpg?v=${source.key}` : shopShareImagePath;
    },

    /**
     * A product's preview picture, rendered from its current picture (the shop's picture when it has none or
     * it cannot be decoded).
     */
    async productImage(product: Pick<Product, 'id' | 'image'>): Promise<ShareImage> {
      const source = await sourceOf(product.image);
      if (!source) return this.shopImage();
      try {
        return await renderOnce(source.key, shareImageType.jpeg, async () => pictures.shareImage(await source.bytes()));
      } catch (error) {
        // Not a picture, over the limits, or the pool busy: the shop's own picture (a preview never waits or fails).
        if (error instanceof PictureRefusedError || (error as { code?: string }).code === 'NOT_FOUND') {
          return this.shopImage();
        }
        throw error;
      }
    },

    shopImage(): Promise<ShareImage> {
      return renderOnce(shopShareImageKey, shareImageType.png, () => pictures.shopShareImage(logoSvg));
    },
  };
}

export type ShareImagesService = ReturnType<typeof createShareImages>;
