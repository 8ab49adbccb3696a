/**
 * Uploaded pictures and their resized copies (issues 18 and 29). The API makes a WebP copy of every uploaded
 * picture at each of these widths (never wider than the picture itself) when it arrives; the storefront lists them
 * in `srcset`, so a phone downloads the small one. Each width doubles the one before, so whatever a slot's width,
 * the copy the browser picks is less than twice what the slot needs; the smallest is under twice the smallest slot
 * (a 48 px cart line). The largest (issue 30) is the zoom lens's, so no shopper's page loads a phone's 20 MB
 * original: that is kept as uploaded, for the shop. One list, so the two sides always agree.
 */
export const IMAGE_VARIANT_WIDTHS = [80, 160, 320, 640, 1280, 2560] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/**
 * 20 MB (MiB), as Shopify takes (issue 30): a phone camera's largest photo fits; anything larger is refused (413)
 * and stored nowhere (issue 28). The decoded size is bounded apart (50 megapixels, image-variants.ts in the API).
 */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The answer to a picture over MAX_IMAGE_BYTES, from the server (413) and from the admin's picker alike. */
export const imageTooLargeMessage = `The image is too large. Please upload one of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;

/** Where an uploaded picture's original is served: `/api/images/{id}`, the id being 32 hex digits. */
const uploadedImagePath = /^\/api\/images\/([0-9a-f]{32})$/;

/** The id of a picture stored by the shop, or null for any other address (the demo catalogue's SVG files). */
export function uploadedImageId(url: string | null | undefined): string | null {
  return (url && uploadedImagePath.exec(url)?.[1]) || null;
}

/** The address of one resized WebP copy of an uploaded picture. */
export function imageVariantPath(id: string, width: ImageVariantWidth): string {
  return `/api/images/${id}/${width}.webp`;
}

/** The `srcset` of an uploaded picture (every width), or undefined for a picture that has no resized copies. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const id = uploadedImageId(url);
  if (!id) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(id, width)} ${width}w`).join(', ');
}

/**
 * The `sizes` of the product page's main picture (ProductGallery): the page's width on a phone, half the page
 * from 768 px, at most 620 px. The server's preload of that picture (page-head.ts) names the same, so the browser
 * fetches the copy the page then shows, once.
 */
export const productDetailImageSizes = '(max-width: 767px) 100vw, 620px';

/**
 * The smallest copy of an uploaded picture at least `pixels` wide, or the largest copy when none is that wide: the
 * zoom lens's picture. Never the original of an uploaded picture (up to 20 MB, issue 30); any other address (the
 * demo catalogue's SVG files) as it is.
 */
export function imageAtLeast(url: string, pixels: number): string {
  const id = uploadedImageId(url);
  if (!id) return url;
  const width = IMAGE_VARIANT_WIDTHS.find((candidate) => candidate >= pixels) ?? IMAGE_VARIANT_WIDTHS.at(-1)!;
  return imageVariantPath(id, width);
}
