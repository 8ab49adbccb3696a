import { formatKina, homeHeroImage, type Product, toKinaDecimal } from '@bilum/shared';
import type { HtmlTransformer } from '../../plugins/web-app';
import type { PageProductLookup } from './page-product';

/** The four product detail routes of the web app (guest and member, each under two names). */
const detailPath = /^\/(?:index-item|indexdetail|item|itemdetail)\/(\d{1,10})\/?$/;
const DESCRIPTION_LENGTH = 200;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/** Title, description and Open Graph / Twitter tags for a product page, everything escaped. */
export function productPreview(product: Product, pageUrl: string, origin: string) {
  const title = `${product.name} – ${formatKina(product.price)} | Bilum`;
  const description = shorten(
    `${formatKina(product.price)}. ${product.description || 'No description available.'}`,
    DESCRIPTION_LENGTH,
  );
  const meta: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'product'],
    ['property', 'og:site_name', 'Bilum'],
    ['property', 'og:title', product.name],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'product:price:amount', toKinaDecimal(product.price)],
    ['property', 'product:price:currency', 'PGK'],
    ['name', 'twitter:card', product.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', product.name],
    ['name', 'twitter:description', description],
  ];
  if (product.image) {
    const image = absoluteUrl(origin, product.image.replace(/\s+/g, ''));
    meta.push(['property', 'og:image', image], ['property', 'og:image:alt', product.name]);
    meta.push(['name', 'twitter:image', image]);
  }
  const tags = meta.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  return { title, description, tags };
}

/** Puts the preview into the page: replaces the title and the description, adds the tags before </head>. */
export function injectPreview(html: string, preview: ReturnType<typeof productPreview>): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/,
      () => `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    )
    .replace('</head>', () => `    ${preview.tags.join('\n    ')}\n  </head>`);
}

/**
 * The product's picture is the page's largest paint: the browser starts loading it with the page, instead of
 * after the scripts, the page chunk and the product's data (a shorter LCP on slow mobile data).
 */
export function preloadImage(html: string, image: string | null): string {
  const src = image?.replace(/\s+/g, '');
  if (!src) return html;
  const tag = `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />`;
  return html.replace('</head>', () => `    ${tag}\n  </head>`);
}

/**
 * Shared product links show a preview (Facebook, WhatsApp): the server fills in the product's name,
 * description, price and image before sending the page. Other pages, and unknown products, get the page as is.
 * Absolute addresses (og:url, og:image) start with `shopUrl` (PUBLIC_URL, or this machine): never with the
 * request's Host or X-Forwarded-Host, which a client may set to any site (issue 16).
 */
export function productPreviewTransformer(productFor: PageProductLookup, shopUrl: string): HtmlTransformer {
  const origin = shopUrl.replace(/\/+$/, '');
  return async (html, request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/') return preloadImage(html, homeHeroImage);
    const id = detailPath.exec(path)?.[1];
    const product = id === undefined ? null : await productFor(request, Number(id));
    if (!product) return html;
    return preloadImage(injectPreview(html, productPreview(product, absoluteUrl(origin, path), origin)), product.image);
  };
}
