import {
  canonicalCategoryPath,
  canonicalProductPath,
  categoryPageText,
  formatKina,
  homeHeroImage,
  imageSrcSet,
  type Locale,
  matchSitePage,
  pageText,
  type Product,
  productDetailImageSizes,
  productIdFromParam,
  schemaAvailability,
  shopDescription,
  shopHomeTitle,
  shopName,
  shopPageTitle,
  sitePageTitle,
  toKinaDecimal,
} from '@bilum/shared';
import type { FastifyRequest } from 'fastify';
import type { PageProductLookup } from '../catalog/page-product';
import type { CategoriesService } from '../categories/categories.service';
import { requestLocale } from '../../plugins/page-language';
import type { HtmlTransformer } from '../../plugins/web-app';
import { SHARE_IMAGE_SIZE } from '../uploads/image-variants';
import type { ShareImagesService } from './share-images.service';
import { shareImageType, shopShareImagePath } from './share-images.service';

const DESCRIPTION_LENGTH = 200;

/** A product page's description when the owner wrote none (the web's product card says the same). */
const noDescription: Record<Locale, string> = {
  en: 'No description available.',
  tpi: 'I no gat stori long dispela samting.',
};

type MetaTag = [attribute: 'property' | 'name', key: string, value: string];

/** What the server puts into a page's <head> before sending it (issue 20), and the page's status. */
export interface PageHead {
  /** 404 for an address the app has no page for, and for a product that does not exist or is not for sale. */
  status: 200 | 404;
  title: string;
  description: string;
  /** The page's one address (absolute), or null for pages not for search engines. */
  canonical: string | null;
  /** Pages search engines should not list (private pages, not-found answers). */
  noindex: boolean;
  meta: MetaTag[];
  /** schema.org data of a product page. */
  jsonLd: Record<string, unknown> | null;
  /** The picture of the page's largest paint, loaded with the page. */
  preloadImage: string | null;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON inside <script type="application/ld+json">: no "</script>", "<!--" or "]]>" can end or change the element
 * whatever a product's name or description says (< > & written as \u escapes, which JSON reads back the same).
 */
export function jsonLdScript(value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

const conditions: Record<string, string> = {
  New: 'NewCondition',
  Refurbished: 'RefurbishedCondition',
  Used: 'UsedCondition',
  'Pre-owned/Working fine': 'UsedCondition',
};

/** schema.org Product with its Offer: price as a decimal string in PGK, availability by the shop's stock rules. */
export function productJsonLd(
  product: Product,
  url: string,
  image: string,
  categoryName: string,
): Record<string, unknown> {
  const itemCondition = `https://schema.org/${conditions[product.condition] ?? 'NewCondition'}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: shorten(product.description || product.name, 5000),
    image: [image],
    url,
    category: categoryName,
    itemCondition,
    offers: {
      '@type': 'Offer',
      url,
      price: toKinaDecimal(product.price),
      priceCurrency: 'PGK',
      availability: `https://schema.org/${schemaAvailability(product)}`,
      itemCondition,
      seller: { '@type': 'Organization', name: shopName },
    },
  };
}

function previewTags(input: {
  type: 'website' | 'product';
  title: string;
  description: string;
  url: string;
  image: { url: string; type: string; alt: string };
}): MetaTag[] {
  return [
    ['property', 'og:type', input.type],
    ['property', 'og:site_name', shopName],
    ['property', 'og:title', input.title],
    ['property', 'og:description', input.description],
    ['property', 'og:url', input.url],
    ['property', 'og:image', input.image.url],
    ['property', 'og:image:type', input.image.type],
    ['property', 'og:image:width', String(SHARE_IMAGE_SIZE.width)],
    ['property', 'og:image:height', String(SHARE_IMAGE_SIZE.height)],
    ['property', 'og:image:alt', input.image.alt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', input.title],
    ['name', 'twitter:description', input.description],
    ['name', 'twitter:image', input.image.url],
  ];
}

/** Puts the head into the page: replaces the title and the description, adds the rest before </head>. */
export function injectHead(html: string, head: PageHead): string {
  const tags: string[] = [];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  for (const [attribute, key, value] of head.meta) {
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  }
  if (head.jsonLd) tags.push(jsonLdScript(head.jsonLd));
  const src = head.preloadImage?.replace(/\s+/g, '');
  // An uploaded picture (only a product page's main picture preloads one) is preloaded by the copy its <img> will
  // pick, with the same srcset and sizes; never the original, which a phone would then fetch too (issue 29).
  const srcSet = imageSrcSet(src);
  const candidates = srcSet
    ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(productDetailImageSizes)}"`
    : '';
  if (src) {
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(src)}"${candidates} fetchpriority="high" />`);
  }
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * Every page's head and status (issue 20, decision 015), from the list of the app's pages in @bilum/shared
 * (site-pages.ts): a title and description per page; one canonical address per product (/index-item/{id}) and per
 * category (/category/{name}, filters dropped); Open Graph and Twitter tags with a raster 1200x630 picture; a
 * product's schema.org data; and 404 for an unknown address or a product not for sale. Absolute addresses start
 * with `shopUrl` (PUBLIC_URL, or this machine): never with the request's Host, which a client may set (issue 16).
 */
export function createPageHeads(deps: {
  productFor: PageProductLookup;
  shopUrl: string;
  shareImages: ShareImagesService;
  categories: Pick<CategoriesService, 'listVisible' | 'resolveSlug'>;
}) {
  const origin = deps.shopUrl.replace(/\/+$/, '');
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).toString();
  const shopImage = { url: absolute(shopShareImagePath), type: shareImageType.png, alt: shopName };

  function simple(input: {
    title: string;
    description: string;
    canonical: string | null;
    noindex?: boolean;
    status?: 200 | 404;
    preloadImage?: string | null;
  }): PageHead {
    const url = input.canonical ? absolute(input.canonical) : null;
    return {
      status: input.status ?? 200,
      title: input.title,
      description: input.description,
      canonical: url,
      noindex: input.noindex ?? false,
      meta: url
        ? previewTags({ type: 'website', title: input.title, description: input.description, url, image: shopImage })
        : [],
      jsonLd: null,
      preloadImage: input.preloadImage ?? null,
    };
  }

  /** The titles the app's not-found screens set (the spec's "Oops! Page not found", "Product not found"). */
  const notFound = (what: 'Oops! Page' | 'Product', locale: Locale) =>
    simple({
      status: 404,
      title: shopPageTitle(`${what} not found`, locale),
      description: pageText(shopDescription, locale),
      canonical: null,
      noindex: true,
    });

  /** A category's name (hidden ones too: the product is still on sale), or its slug when the shop has none. */
  async function categoryNameOf(slug: string): Promise<string> {
    const found = await deps.categories.resolveSlug(slug);
    return found.kind === 'current' ? found.name : slug;
  }

  /** A category page's title and description: 404 for a slug the shop has no visible category for. */
  async function categoryHead(canonical: string, locale: Locale): Promise<PageHead> {
    const slug = canonical.slice('/category/'.length);
    const shown = await deps.categories.listVisible();
    const category = shown.find((each) => each.slug === slug);
    if (slug !== 'all' && !category) return notFound('Oops! Page', locale);
    const text = categoryPageText(
      category?.name ?? null,
      shown.map((each) => each.name),
      locale,
    );
    return simple({ title: shopPageTitle(text.title, locale), description: text.description, canonical });
  }

  async function productHead(product: Product, locale: Locale): Promise<PageHead> {
    const url = absolute(canonicalProductPath(product.id));
    // Name and price: the same in both languages (the name and the description are the owner's words).
    const title = `${product.name} – ${formatKina(product.price)} | ${shopName}`;
    const description = shorten(
      `${formatKina(product.price)}. ${product.description || noDescription[locale]}`,
      DESCRIPTION_LENGTH,
    );
    const image = absolute(await deps.shareImages.productImagePath(product));
    return {
      status: 200,
      title,
      description,
      canonical: url,
      noindex: false,
      meta: [
        ...previewTags({
          type: 'product',
          title: product.name,
          description,
          url,
          image: { url: image, type: product.image ? shareImageType.jpeg : shareImageType.png, alt: product.name },
        }),
        ['property', 'product:price:amount', toKinaDecimal(product.price)],
        ['property', 'product:price:currency', 'PGK'],
      ],
      jsonLd: productJsonLd(product, url, image, await categoryNameOf(product.category)),
      preloadImage: product.image,
    };
  }

  async function resolve(request: FastifyRequest): Promise<PageHead> {
    const pathname = request.url.split('?')[0] ?? '/';
    // The page's language, as <html lang> has it (page-language.ts): the staff's pages have English titles only.
    const locale = requestLocale(request);
    const matched = matchSitePage(pathname);
    if (!matched) return notFound('Oops! Page', locale);
    const { page, params } = matched;
    switch (page.kind) {
      case 'home':
        return simple({
          title: pageText(shopHomeTitle, locale),
          description: pageText(page.description ?? shopDescription, locale),
          canonical: '/',
          preloadImage: pathname === '/' ? homeHeroImage : null,
        });
      case 'category': {
        const canonical = canonicalCategoryPath(params.categoryName);
        return canonical ? categoryHead(canonical, locale) : notFound('Oops! Page', locale);
      }
      case 'product': {
        const id = productIdFromParam(params.id);
        const product = id === null ? null : await deps.productFor(request, id);
        return product ? productHead(product, locale) : notFound('Product', locale);
      }
      case 'content':
        return simple({
          title: shopPageTitle(page.title, locale),
          description: pageText(page.description ?? shopDescription, locale),
          canonical: page.canonical ?? page.pattern,
        });
      case 'private':
        return simple({
          title: sitePageTitle(page, locale),
          description: pageText(shopDescription, page.staff ? 'en' : locale),
          canonical: null,
          noindex: true,
        });
    }
  }

  const heads = new WeakMap<FastifyRequest, Promise<PageHead>>();
  function headFor(request: FastifyRequest): Promise<PageHead> {
    let head = heads.get(request);
    if (!head) heads.set(request, (head = resolve(request)));
    return head;
  }

  return {
    headFor,
    /** The page's status: the web app's not-found handler sends the page with it. */
    async status(request: FastifyRequest): Promise<number> {
      return (await headFor(request)).status;
    },
    transformer: (async (html, request) => injectHead(html, await headFor(request))) satisfies HtmlTransformer,
  };
}

export type PageHeads = ReturnType<typeof createPageHeads>;
