import type { Product } from '@bilum/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { CatalogService } from './catalog.service';

const MAX_ID = 2_147_483_647;

/**
 * A product for the page a request asks for, read once however many of the page's HTML transformers ask for it
 * (the preview tags and the server-rendered first screen both need it); null when there is no such product for
 * sale or the id cannot be one.
 */
export function pageProductLookup(catalog: CatalogService) {
  const byRequest = new WeakMap<FastifyRequest, Map<number, Promise<Product | null>>>();
  return (request: FastifyRequest, id: number): Promise<Product | null> => {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return Promise.resolve(null);
    let products = byRequest.get(request);
    if (!products) byRequest.set(request, (products = new Map()));
    let product = products.get(id);
    if (!product) {
      product = catalog.getProduct(id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      });
      products.set(id, product);
    }
    return product;
  };
}

export type PageProductLookup = ReturnType<typeof pageProductLookup>;
