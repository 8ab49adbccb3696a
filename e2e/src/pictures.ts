import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * A real RGB PNG of a colour gradient, made here (zlib's deflate and CRC-32): as wide as a phone's photo, so the
 * shop has every resized copy to offer.
 */
export function gradientPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const shade = (x + y) / (width + height);
      row.set([Math.round(red * (1 - shade)), Math.round(green * shade + 40), blue], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface LoadedPicture {
  /** The address the browser chose (currentSrc). */
  src: string;
  /** The picture's own width in pixels, as the file has it. */
  pixels: number;
  /** The width it is shown at, in CSS pixels. */
  slot: number;
}

/**
 * Every raster <img> the page has loaded, with the real width of the file the browser chose. `naturalWidth` of a
 * srcset picture is scaled by the descriptor, so the chosen file is loaded again in a plain Image (from the
 * cache) for its true width. Vector drawings (the demo catalogue's SVG files) have no pixels to waste.
 */
export function loadedPictures(page: Page): Promise<LoadedPicture[]> {
  return page.evaluate<LoadedPicture[]>(`(async () => {
    const loaded = [];
    for (const img of Array.from(document.images)) {
      if (!img.complete || img.naturalWidth === 0 || !img.currentSrc) continue;
      if (new URL(img.currentSrc).pathname.endsWith('.svg')) continue;
      const probe = new Image();
      probe.src = img.currentSrc;
      await probe.decode();
      loaded.push({ src: img.currentSrc, pixels: probe.naturalWidth, slot: img.getBoundingClientRect().width });
    }
    return loaded;
  })()`);
}

/** An uploaded picture's original (`/api/images/{id}`), as opposed to one of its resized copies. */
export const originalPicture = /\/api\/images\/[0-9a-f]{32}$/;
