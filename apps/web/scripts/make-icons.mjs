// Draws the installable app's icons (apps/web/public/icons/*.png, committed) from the shop's mark
// (public/favicon.svg). Run again after the mark changes: node apps/web/scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The mark's drawing without its rounded tile, to place on a square, full-bleed tile of the same ink.
const drawing = mark
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
const ink = '#111827';

/** The mark as it is (a rounded tile): purpose "any". */
async function plain(size, file) {
  await sharp(Buffer.from(mark), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', file));
}

/**
 * Purpose "maskable": the launcher cuts the icon to its own shape (a circle, a squircle), keeping at least the
 * middle 80 %; the mark is drawn at 80 % of its size on a full-bleed tile, so no launcher cuts into it.
 */
async function maskable(size, file) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${ink}"/><g transform="translate(6.4 6.4) scale(0.8)">${drawing}</g></svg>`;
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
// iOS takes its home-screen icon from <link rel="apple-touch-icon"> and rounds the corners itself.
await maskable(180, 'apple-touch-icon.png');
