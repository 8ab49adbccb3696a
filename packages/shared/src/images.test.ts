import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantPath, uploadedImageId } from './images';

const id = '0123456789abcdef0123456789abcdef';

describe('uploaded picture addresses', () => {
  it('lists every resized WebP copy of an uploaded picture in its srcset', () => {
    expect(imageSrcSet(`/api/images/${id}`)).toBe(
      `/api/images/${id}/320.webp 320w, /api/images/${id}/640.webp 640w, /api/images/${id}/1280.webp 1280w`,
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
