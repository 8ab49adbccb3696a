import { describe, expect, it } from 'vitest';
import { imageAtLeast, imageSrcSet, imageVariantPath, IMAGE_VARIANT_WIDTHS, uploadedImageId } from './images';

const id = '0123456789abcdef0123456789abcdef';

describe('uploaded picture addresses', () => {
  it('lists every resized WebP copy of an uploaded picture in its srcset', () => {
    expect(imageSrcSet(`/api/images/${id}`)).toBe(
      `/api/images/${id}/80.webp 80w, /api/images/${id}/160.webp 160w, /api/images/${id}/320.webp 320w, ` +
        `/api/images/${id}/640.webp 640w, /api/images/${id}/1280.webp 1280w, /api/images/${id}/2560.webp 2560w`,
    );
    expect(imageVariantPath(id, 640)).toBe(`/api/images/${id}/640.webp`);
  });

  it('gives no srcset for the demo catalogue’s SVG files or any other address', () => {
    for (const url of [
      '/images/products/phone.svg',
      `https://example.com/api/images/${id}`,
      `/api/images/${id}x`,
      '',
    ]) {
      expect(uploadedImageId(url)).toBeNull();
      expect(imageSrcSet(url)).toBeUndefined();
    }
    expect(imageSrcSet(null)).toBeUndefined();
  });
});

describe('the widths of the resized copies (issue 29)', () => {
  it('double each time, so the copy a browser picks for any slot over 40 px is under twice its width', () => {
    for (let slot = 41; slot <= 2560; slot += 1) {
      const picked = IMAGE_VARIANT_WIDTHS.find((width) => width >= slot)!;
      expect(picked / slot).toBeLessThan(2);
    }
  });

  it('gives the zoom lens the smallest copy that is wide enough, and beyond the largest the largest, never the original', () => {
    expect(imageAtLeast(`/api/images/${id}`, 600)).toBe(`/api/images/${id}/640.webp`);
    expect(imageAtLeast(`/api/images/${id}`, 1280)).toBe(`/api/images/${id}/1280.webp`);
    expect(imageAtLeast(`/api/images/${id}`, 1281)).toBe(`/api/images/${id}/2560.webp`);
    // A 620 px picture zoomed 2.5 times on a screen of 3 device pixels per px: 4,650 px wanted.
    expect(imageAtLeast(`/api/images/${id}`, 4650)).toBe(`/api/images/${id}/2560.webp`);
    expect(imageAtLeast('/images/products/phone.svg', 300)).toBe('/images/products/phone.svg');
  });
});
