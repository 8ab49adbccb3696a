/**
 * Uploaded pictures and their resized copies (issue 18). The API makes a WebP copy of every uploaded picture at
 * each of these widths (never wider than the picture itself); the storefront lists them in `srcset`, so a phone
 * downloads the small one. One list, so the two sides always agree.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** 5 MB (MiB): a phone photo fits; anything larger is refused (413) and stored nowhere (issue 28). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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
