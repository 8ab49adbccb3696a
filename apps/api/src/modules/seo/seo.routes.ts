import { Readable } from 'node:stream';
import { robotsDisallowedPaths } from '@bilum/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { PageProductLookup } from '../catalog/page-product';
import type { ShareImage, ShareImagesService } from './share-images.service';
import type { SitemapEntry, SitemapService } from './sitemap.service';

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

/** A <urlset> written entry by entry as the database gives them. */
async function* urlset(origin: string, entries: AsyncIterable<SitemapEntry> | Iterable<SitemapEntry>) {
  yield urlsetOpen;
  for await (const entry of entries) {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    yield `  <url><loc>${xmlEscape(`${origin}${entry.path}`)}</loc>${lastmod}</url>\n`;
  }
  yield '</urlset>\n';
}

function sendXml(reply: FastifyReply, body: AsyncGenerator<string> | string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(typeof body === 'string' ? body : Readable.from(body));
}

const sitemapFile = z.object({ file: z.string().regex(/^(?:pages|products-\d{1,6})\.xml$/, 'No such sitemap.') });
const productImageFile = z.object({ file: z.string().regex(/^\d{1,9}\.jpg$/, 'No such picture.') });
const versionQuery = z.object({ v: z.string().max(100).optional() });

/**
 * For search engines and link previews (issue 20, decision 015): robots.txt, the sitemap (an index of files when
 * large) with absolute addresses on `shopUrl` (PUBLIC_URL), and the raster preview pictures the pages name in
 * og:image and twitter:image.
 */
export function seoRoutes(deps: {
  shopUrl: string;
  sitemap: SitemapService;
  shareImages: ShareImagesService;
  productFor: PageProductLookup;
}): FastifyPluginAsyncZod {
  const origin = deps.shopUrl.replace(/\/+$/, '');
  return async (app) => {
    app.get(
      '/robots.txt',
      {
        schema: {
          hide: true,
          tags: ['seo'],
          summary: 'Which pages search engines may crawl, and where the sitemap is',
        },
      },
      async (_request, reply) => {
        const lines = ['User-agent: *', 'Allow: /', ...robotsDisallowedPaths.map((path) => `Disallow: ${path}`)];
        lines.push('', `Sitemap: ${origin}/sitemap.xml`, '');
        return reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(lines.join('\n'));
      },
    );

    app.get(
      '/sitemap.xml',
      {
        schema: {
          hide: true,
          tags: ['seo'],
          summary: 'The sitemap: every category and product page, or an index of sitemap files',
        },
      },
      async (_request, reply) => {
        const plan = await deps.sitemap.plan();
        if (plan.kind === 'single') return sendXml(reply, urlset(origin, deps.sitemap.all()));
        const files = plan.files
          .map((file) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`)
          .join('');
        return sendXml(
          reply,
          `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files}</sitemapindex>\n`,
        );
      },
    );

    app.get(
      '/sitemaps/:file',
      {
        schema: {
          hide: true,
          tags: ['seo'],
          summary: 'One file of a large sitemap: the shop’s pages, or one range of products',
          params: sitemapFile,
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        if (file === 'pages.xml') return sendXml(reply, urlset(origin, await deps.sitemap.pages()));
        const entries = await deps.sitemap.productFile(Number(/\d+/.exec(file)?.[0]));
        if (!entries) throw notFound('No such sitemap.');
        return sendXml(reply, urlset(origin, entries));
      },
    );

    /** Kept for good when asked for under its current key (`v`); an older or no key may change. */
    function sendImage(reply: FastifyReply, image: ShareImage, version: string | undefined) {
      return (
        reply
          .type(image.contentType)
          .header(
            'cache-control',
            version === image.key ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // Made to be shown by other sites (link previews): not limited to the shop's own pages like its pictures.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(image.bytes)
      );
    }

    app.get(
      '/api/share-images/products/:file',
      {
        schema: {
          tags: ['catalog'],
          summary: 'A product’s link-preview picture (1200x630 JPEG, for og:image and twitter:image)',
          // The shop's own PNG when the product's picture cannot be rendered.
          produces: ['image/jpeg', 'image/png'],
          params: productImageFile,
          querystring: versionQuery,
        },
      },
      async (request, reply) => {
        const product = await deps.productFor(request, Number.parseInt(request.params.file, 10));
        if (!product) throw notFound('Image not found.');
        return sendImage(reply, await deps.shareImages.productImage(product), request.query.v);
      },
    );

    app.get(
      '/api/share-images/shop.png',
      {
        schema: {
          tags: ['catalog'],
          summary: 'The shop’s link-preview picture (1200x630 PNG, for pages other than a product’s)',
          produces: ['image/png'],
          querystring: versionQuery,
        },
      },
      async (request, reply) => {
        const image = await deps.shareImages.shopImage();
        return sendImage(reply, image, request.query.v && `shop.${request.query.v}`);
      },
    );
  };
}
