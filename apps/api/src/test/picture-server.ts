import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A real picture of the given size and kind, made by sharp (a gradient, so it does not compress to nothing). */
export async function makePicture(width: number, height: number, kind: 'png' | 'jpeg' | 'webp' = 'png') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = x % 256;
    pixels[i + 1] = Math.floor(i / 3 / width) % 256;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(kind)
    .toBuffer();
}

/**
 * One colour (`red` varies it, so each is different bytes: a different picture) with a tiled noise pattern: made
 * fast by sharp and small as PNG. At 7071 x 7071 and interlaced, the slowest picture to decode that the limits let
 * in (50 megapixels, 8-bit RGB: 150 MB decoded, and libvips must decode an interlaced PNG whole).
 */
export async function patternPng(width: number, height: number, options: { interlaced?: boolean; red?: number } = {}) {
  const tile = await sharp({
    create: {
      width: 64,
      height: 64,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  const flat = await sharp({
    create: { width, height, channels: 3, background: { r: options.red ?? 0x88, g: 0x44, b: 0x22 } },
  })
    .composite([{ input: tile, tile: true, gravity: 'northwest' }])
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (!options.interlaced) return flat;
  return sharp(flat).png({ compressionLevel: 1, progressive: true }).toBuffer();
}

export interface PictureServer {
  /** http://127.0.0.1:{port} */
  origin: string;
  port: number;
  /** How many requests each path has had. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A local web server standing for "another site" in the picture-fetch tests: a picture, a page dressed up as a
 * picture, an oversized file (with and without Content-Length), redirect chains, a redirect to the cloud metadata
 * address, a 404 and a server that never answers.
 */
export async function startPictureServer(pictures: Record<string, Buffer>, maxBytes: number): Promise<PictureServer> {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const picture = pictures[path];
    if (picture) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
      response.end(picture);
      return;
    }
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      response.writeHead(302, { location: left === 0 ? Object.keys(pictures)[0] : `/redirect/${left - 1}` });
      response.end();
      return;
    }
    switch (path) {
      case '/page.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end('<!doctype html><title>Not a picture</title><script>alert(1)</script>');
        return;
      case '/huge-streamed.png':
      case '/huge-declared.png': {
        const total = maxBytes + 1024;
        response.writeHead(200, {
          'content-type': 'image/png',
          ...(path === '/huge-declared.png' ? { 'content-length': total } : {}),
        });
        const chunk = Buffer.alloc(64 * 1024, 0x89);
        let sent = 0;
        const pump = () => {
          while (sent < total && !response.destroyed) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        pump();
        return;
      }
      case '/to-metadata':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
        return;
      case '/to-file':
        response.writeHead(302, { location: 'file:///etc/passwd' });
        response.end();
        return;
      case '/slow.png':
        return; // never answers
      default:
        response.writeHead(404);
        response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
