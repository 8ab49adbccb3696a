/**
 * Draws an SVG illustration for every image path in the demo catalogue and writes them to
 * apps/web/public/images/products/. Run from the repo root:
 *
 *   npx tsx apps/api/src/db/seed/draw-product-images.ts
 *
 * The drawing is picked by keywords in the product name (a phone, a laptop, a pickup…), colours come
 * from a hash of the name, and each gallery view shows the product differently:
 *   view 1 (the main image)  studio shot on a soft gradient
 *   view 2 ('-2')            back side, or a close-up crop
 *   view 3 ('-3')            in a setting: on a desk, on a Highlands road, on the water, in the sky
 *   view 4 ('-4')            dark studio shot (top picks only)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedProducts, type SeedCategory, type SeedProduct } from './catalog-data';

const OUT_DIR = fileURLToPath(new URL('../../../../web/public/images/products/', import.meta.url));
const SIZE = 600;
const MID = SIZE / 2;
const FONT = 'system-ui, sans-serif';

type Pt = readonly [number, number];

// ---------------------------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(rgb: Rgb): string {
  const byte = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${byte(rgb[0])}${byte(rgb[1])}${byte(rgb[2])}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex([r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t]);
}

const light = (colour: string, t: number) => mix(colour, '#ffffff', t);
const dark = (colour: string, t: number) => mix(colour, '#000000', t);

function hsl(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return rgbToHex([channel(0), channel(8), channel(4)]);
}

function luminance(colour: string): number {
  const [r, g, b] = hexToRgb(colour);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Text or detail colour that reads on top of `colour`. */
const onColour = (colour: string) => (luminance(colour) > 0.6 ? '#2b2d33' : '#eef0f3');

// ---------------------------------------------------------------------------------------------
// SVG primitives
// ---------------------------------------------------------------------------------------------

type Attrs = Record<string, string | number | undefined>;

const num = (n: number, digits = 1) => String(Number(n.toFixed(digits)));

/** Path data with every interpolated number rounded: d`M${x} ${y}`. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? num(values[i] ?? 0) : ''), '');
}

function el(tag: string, attrs: Attrs, children?: string): string {
  const list = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value, 2) : value}"`)
    .join('');
  return children === undefined ? `<${tag}${list}/>` : `<${tag}${list}>${children}</${tag}>`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, more: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, rx: rx || undefined, fill, ...more });
const circle = (cx: number, cy: number, r: number, fill: string, more: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...more });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...more });
const path = (data: string, fill: string, more: Attrs = {}) => el('path', { d: data, fill, ...more });
const line = (data: string, colour: string, width: number, more: Attrs = {}) =>
  path(data, 'none', { stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', ...more });
const g = (children: string | string[], transform?: string, more: Attrs = {}) =>
  el('g', { transform, ...more }, Array.isArray(children) ? children.join('') : children);
const rotate = (angle: number, [x, y]: Pt) => `rotate(${num(angle)} ${num(x)} ${num(y)})`;

function label(x: number, y: number, text: string, size: number, fill: string, more: Attrs = {}): string {
  const safe = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const attrs = { x, y, fill, 'font-family': FONT, 'font-size': size, 'font-weight': 700, 'text-anchor': 'middle' };
  return el('text', { ...attrs, ...more }, safe);
}

/** Draws `art` scaled and rotated so that its point `from` lands on `to`. */
function place(art: string, from: Pt, to: Pt, scale: number, angle = 0): string {
  const turn = angle ? ` rotate(${angle})` : '';
  const transform = `translate(${num(to[0])} ${num(to[1])})${turn} scale(${num(scale, 3)}) translate(${num(-from[0])} ${num(-from[1])})`;
  return g(art, transform);
}

/** Grid lines over a rectangle, as one path (solar cells, key rows, vents). */
function gridPath(x: number, y: number, w: number, h: number, cols: number, rows: number): string {
  const parts: string[] = [];
  for (let i = 1; i < cols; i++) parts.push(d`M${x + (w * i) / cols} ${y}V${y + h}`);
  for (let i = 1; i < rows; i++) parts.push(d`M${x} ${y + (h * i) / rows}H${x + w}`);
  return parts.join('');
}

/** Lines from a centre outwards (wheel spokes, propeller blades, watch ticks). */
function rays(centre: Pt, inner: number, outer: number, count: number, offset = 0): string {
  return Array.from({ length: count }, (_, i) => {
    const a = offset + (i / count) * Math.PI * 2;
    const [cx, cy] = centre;
    return d`M${cx + Math.cos(a) * inner} ${cy + Math.sin(a) * inner}L${cx + Math.cos(a) * outer} ${cy + Math.sin(a) * outer}`;
  }).join('');
}

// ---------------------------------------------------------------------------------------------
// Canvas: one SVG document with its gradients, clips and patterns
// ---------------------------------------------------------------------------------------------

/** A colour, or a colour with an opacity. */
type Stop = string | readonly [string, number];

function stops(list: readonly Stop[]): string {
  return list
    .map((stop, i) => {
      const [colour, opacity] = typeof stop === 'string' ? [stop, undefined] : stop;
      const offset = list.length === 1 ? 0 : i / (list.length - 1);
      return el('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity });
    })
    .join('');
}

interface Look {
  name: string;
  /** Lower-case first word of the name, 'apple' for iPhones. */
  brand: string;
  hue: number;
  seed: number;
  /** Main body colour. */
  finish: string;
  accent: string;
}

class Canvas {
  private readonly defs: string[] = [];
  private readonly ids = new Map<string, string>();

  constructor(readonly look: Look) {}

  private define(key: string, make: (id: string) => string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = `d${this.ids.size}`;
      this.ids.set(key, id);
      this.defs.push(make(id));
    }
    return `url(#${id})`;
  }

  /** Linear gradient along the vector (x1,y1)→(x2,y2) in the shape's bounding box; top to bottom by default. */
  linear(list: readonly Stop[], [x1, y1, x2, y2]: readonly [number, number, number, number] = [0, 0, 0, 1]): string {
    return this.define(`l${JSON.stringify(list)}${x1}${y1}${x2}${y2}`, (id) =>
      el('linearGradient', { id, x1, y1, x2, y2 }, stops(list)),
    );
  }

  radial(list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.define(`r${JSON.stringify(list)}${cx}${cy}${r}`, (id) =>
      el('radialGradient', { id, cx, cy, r }, stops(list)),
    );
  }

  clip(shape: string): string {
    return this.define(`c${shape}`, (id) => el('clipPath', { id }, shape));
  }

  pattern(w: number, h: number, content: string): string {
    return this.define(`p${w}${h}${content}`, (id) =>
      el('pattern', { id, width: w, height: h, patternUnits: 'userSpaceOnUse' }, content),
    );
  }

  /** A soft shadow on the ground. */
  shadow(cx: number, cy: number, rx: number, strength = 0.28): string {
    return ellipse(
      cx,
      cy,
      rx,
      rx * 0.09,
      this.radial([
        ['#000000', strength],
        ['#000000', 0],
      ]),
    );
  }

  /** Body gradient of the product's finish: lit top-left, darker bottom-right. */
  body(colour = this.look.finish, depth = 0.3): string {
    return this.linear([light(colour, 0.3), colour, dark(colour, depth)], [0, 0, 1, 1]);
  }

  svg(content: string): string {
    const defs = this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">${defs}${content}</svg>\n`;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared parts
// ---------------------------------------------------------------------------------------------

const GLASS: Stop[] = ['#e4f3fb', '#9dbcd3', '#4b6a85'];
const METAL: Stop[] = ['#f4f6f8', '#b3bac3', '#6d747e'];
const APP_COLOURS = ['#34c759', '#0a84ff', '#ff9f0a', '#ff375f', '#5e5ce6'];

/** Camera lens seen from the front; `detailed` adds the focus ring of a big interchangeable lens. */
function lens(c: Canvas, cx: number, cy: number, r: number, detailed = false): string {
  const glassR = r * (detailed ? 0.52 : 0.64);
  const parts = [circle(cx, cy, r, c.linear(['#5d6168', '#1a1b1f'])), circle(cx, cy, r * 0.86, '#0c0d10')];
  if (detailed) {
    const ribs = {
      stroke: '#34363c',
      'stroke-width': r * 0.1,
      'stroke-dasharray': `${num(r * 0.05)} ${num(r * 0.05)}`,
    };
    parts.push(circle(cx, cy, r * 0.78, 'none', ribs));
    parts.push(circle(cx, cy, r * 0.64, '#1d1f23', { stroke: '#5a5d63', 'stroke-width': 1.5 }));
  }
  const coating = { stroke: hsl(c.look.hue + 140, 70, 55), 'stroke-width': glassR * 0.08, opacity: 0.45 };
  parts.push(
    circle(cx, cy, glassR, c.radial(['#6b9bd6', '#1a3558', '#04070d'], 0.4, 0.35, 0.6)),
    circle(cx, cy, glassR * 0.7, 'none', coating),
    ellipse(cx - glassR * 0.3, cy - glassR * 0.34, glassR * 0.26, glassR * 0.14, '#ffffff', {
      opacity: 0.6,
      transform: rotate(-35, [cx - glassR * 0.3, cy - glassR * 0.34]),
    }),
    circle(cx + glassR * 0.32, cy + glassR * 0.3, glassR * 0.08, '#ffffff', { opacity: 0.35 }),
  );
  return parts.join('');
}

/** Soft diagonal reflection over glass. */
function glare(x: number, y: number, w: number, h: number): string {
  return path(d`M${x} ${y}H${x + w * 0.55}L${x} ${y + h * 0.55}Z`, '#ffffff', { opacity: 0.09 });
}

/** Small app windows on a computer screen. */
function appWindows(c: Canvas, x: number, y: number, w: number, h: number): string {
  const win = (wx: number, wy: number, ww: number, wh: number, tint: string) =>
    rect(wx, wy, ww, wh, '#ffffff', 6, { opacity: 0.92 }) +
    rect(wx, wy, ww, wh * 0.16, tint, 6) +
    line(gridPath(wx + ww * 0.1, wy + wh * 0.3, ww * 0.6, wh * 0.5, 1, 4), '#c9ced6', 3);
  return (
    win(x + w * 0.1, y + h * 0.14, w * 0.46, h * 0.5, c.look.accent) +
    win(x + w * 0.42, y + h * 0.34, w * 0.48, h * 0.5, hsl(c.look.hue + 150, 55, 50))
  );
}

/** Painted landscape: sky, sun, far ridges and green hills (the Highlands), clipped to a box. */
function landscape(c: Canvas, x: number, y: number, w: number, h: number, mood: 'day' | 'dusk'): string {
  const X = (f: number) => x + w * f;
  const Y = (f: number) => y + h * f;
  const day = mood === 'day';
  const sky = day ? ['#7cc4ef', '#cdeefa'] : ['#2f2a6b', '#d8677a', '#ffc07a'];
  const [far, mid, near] = day ? ['#8db3c7', '#4f9a66', '#3b7e4e'] : ['#6a4a86', '#3b2f63', '#241f45'];
  return [
    rect(x, y, w, h, c.linear(sky)),
    circle(X(0.74), Y(0.3), h * 0.16, '#fff6cf', { opacity: 0.35 }),
    circle(X(0.74), Y(0.3), h * 0.08, day ? '#fff6cf' : '#ffe6a8'),
    path(
      d`M${X(0)} ${Y(0.6)}Q${X(0.12)} ${Y(0.42)} ${X(0.26)} ${Y(0.52)}T${X(0.52)} ${Y(0.44)}T${X(0.78)} ${Y(0.5)}T${X(1)} ${Y(0.42)}V${Y(1)}H${X(0)}Z`,
      far,
    ),
    path(
      d`M${X(0)} ${Y(0.72)}Q${X(0.2)} ${Y(0.56)} ${X(0.42)} ${Y(0.68)}T${X(0.82)} ${Y(0.62)}T${X(1)} ${Y(0.66)}V${Y(1)}H${X(0)}Z`,
      mid,
    ),
    path(d`M${X(0)} ${Y(0.84)}Q${X(0.3)} ${Y(0.74)} ${X(0.6)} ${Y(0.82)}T${X(1)} ${Y(0.8)}V${Y(1)}H${X(0)}Z`, near),
  ].join('');
}

function cloud(cx: number, cy: number, s: number): string {
  const puff = (dx: number, dy: number, r: number) => circle(cx + dx * s, cy + dy * s, r * s, '#ffffff');
  return g(
    [
      puff(-30, 6, 22),
      puff(0, -6, 30),
      puff(32, 4, 22),
      rect(cx - 52 * s, cy + 4 * s, 104 * s, 24 * s, '#ffffff', 12 * s),
    ],
    undefined,
    {
      opacity: 0.9,
    },
  );
}

/** A bright screen with an abstract wallpaper and, optionally, a dock of app icons. */
function screen(c: Canvas, x: number, y: number, w: number, h: number, rx: number, dock = 0): string {
  const { hue } = c.look;
  const big = Math.max(w, h);
  const icon = Math.min(w, h) * 0.14;
  const gap = (w - dock * icon) / (dock + 1);
  const icons = Array.from({ length: dock }, (_, i) =>
    rect(
      x + gap + i * (icon + gap),
      y + h - icon * 1.6,
      icon,
      icon,
      APP_COLOURS[i % APP_COLOURS.length] ?? '#fff',
      icon * 0.28,
    ),
  );
  const dockBar = dock
    ? [rect(x + gap * 0.5, y + h - icon * 1.9, w - gap, icon * 1.6, '#ffffff', icon * 0.4, { opacity: 0.25 })]
    : [];
  const wallpaper = [
    circle(x + w * 0.85, y + h * 0.2, big * 0.42, hsl(hue + 150, 80, 65), { opacity: 0.55 }),
    circle(x + w * 0.05, y + h * 0.78, big * 0.45, hsl(hue + 260, 70, 62), { opacity: 0.45 }),
    path(
      d`M${x} ${y + h * 0.6}C${x + w * 0.3} ${y + h * 0.48} ${x + w * 0.6} ${y + h * 0.78} ${x + w} ${y + h * 0.58}V${y + h}H${x}Z`,
      '#ffffff',
      {
        opacity: 0.16,
      },
    ),
  ];
  return (
    rect(x, y, w, h, c.linear([hsl(hue + 190, 70, 55), hsl(hue + 235, 65, 32)], [0, 0, 1, 1]), rx) +
    g([...wallpaper, ...dockBar, ...icons], undefined, { 'clip-path': c.clip(rect(x, y, w, h, '#000', rx)) }) +
    glare(x, y, w, h)
  );
}

/** The front of a phone or tablet: coloured frame, black bezel, screen. */
function deviceFront(c: Canvas, x: number, y: number, w: number, h: number, rx: number, dock: number): string {
  const bezel = Math.max(7, Math.min(w, h) * 0.045);
  const portrait = h > w;
  const camera: Pt = portrait ? [x + w / 2, y + bezel + 13] : [x + w / 2, y + bezel * 0.5];
  return [
    rect(x - 4, y + 4, w, h, dark(c.look.finish, 0.55), rx),
    rect(x, y, w, h, c.body(), rx),
    rect(x + 3, y + 3, w - 6, h - 6, '#0b0c0f', rx - 3),
    screen(c, x + bezel, y + bezel, w - 2 * bezel, h - 2 * bezel, rx - bezel * 0.8, dock),
    circle(camera[0], camera[1], portrait ? 5.5 : 3, '#050608', { stroke: '#2a2d33', 'stroke-width': 1.5 }),
  ].join('');
}

/** The back of a phone or tablet, with a camera module laid out the way the brand does it. */
function deviceBack(c: Canvas, x: number, y: number, w: number, h: number, rx: number, showBrand = true): string {
  const f = c.look.finish;
  const m = Math.min(w, h) * 0.46;
  const cams: string[] = [];
  const cam = (cx: number, cy: number, r: number) => cams.push(lens(c, cx, cy, r));
  const flash = (cx: number, cy: number) => cams.push(circle(cx, cy, m * 0.06, '#fff7d6', { stroke: '#c9b98a' }));
  const layout =
    c.look.brand === 'apple' ? 'apple' : c.look.brand === 'samsung' ? 'column' : c.look.seed % 2 ? 'ring' : 'square';
  const mx = x + 14;
  const my = y + 14;
  if (layout === 'apple' || layout === 'square') {
    cams.push(rect(mx, my, m, m, light(f, 0.12), m * 0.26, { stroke: dark(f, 0.15), 'stroke-width': 2 }));
    cam(mx + m * 0.3, my + m * 0.3, m * 0.21);
    cam(mx + m * 0.3, my + m * 0.72, m * 0.21);
    if (layout === 'apple') cam(mx + m * 0.72, my + m * 0.51, m * 0.21);
    flash(mx + m * 0.72, my + (layout === 'apple' ? 0.22 : 0.5) * m);
  } else if (layout === 'column') {
    [0, 1, 2].forEach((i) => cam(mx + m * 0.26, my + m * (0.3 + i * 0.48), m * 0.2));
    flash(mx + m * 0.62, my + m * 0.3);
  } else {
    cams.push(circle(mx + m * 0.5, my + m * 0.5, m * 0.48, '#1b1d22', { stroke: light(f, 0.3), 'stroke-width': 3 }));
    cam(mx + m * 0.5, my + m * 0.3, m * 0.17);
    cam(mx + m * 0.5, my + m * 0.7, m * 0.17);
    flash(mx + m * 1.15, my + m * 0.3);
  }
  const brand = c.look.brand === 'apple' || !showBrand ? '' : c.look.brand.toUpperCase();
  return [
    rect(x + 4, y + 4, w, h, dark(f, 0.5), rx),
    rect(x, y, w, h, c.body(f, 0.25), rx),
    rect(x + 1, y + 1, w - 2, h - 2, 'none', rx, { stroke: '#ffffff', 'stroke-opacity': 0.4, 'stroke-width': 2 }),
    ...cams,
    brand ? label(x + w / 2, y + h - 36, brand, 13, onColour(f), { 'letter-spacing': 2, opacity: 0.75 }) : '',
    glare(x, y, w, h),
  ].join('');
}

/** Flat-top keyboard seen from the front, with key rows. */
function keyboard(c: Canvas, x: number, y: number, w: number): string {
  const keys = line(gridPath(x + 16, y + 6, w - 28, 24, 1, 4), '#8b929c', 4, { 'stroke-dasharray': '11 4' });
  return path(d`M${x + 10} ${y}H${x + w - 10}L${x + w} ${y + 34}H${x}Z`, c.linear(['#f5f6f8', '#c9ced6'])) + keys;
}

/** A computer screen in a thin black frame. */
function monitor(c: Canvas, x: number, y: number, w: number, h: number, chin: boolean): string {
  const chinH = chin ? h * 0.12 : 0;
  return [
    rect(x, y, w, h + chinH, '#121317', 12),
    screen(c, x + 8, y + 8, w - 16, h - 16, 4),
    appWindows(c, x + 8, y + 8, w - 16, h - 16),
    chin ? rect(x, y + h - 4, w, chinH + 4, c.body(light(c.look.finish, 0.2)), 10) : '',
  ].join('');
}

function monitorStand(c: Canvas, cx: number, top: number, bottom: number): string {
  return (
    path(d`M${cx - 22} ${top}H${cx + 22}L${cx + 30} ${bottom}H${cx - 30}Z`, c.body('#9aa1ab')) +
    ellipse(cx, bottom + 4, 96, 13, c.body('#b9bfc7'))
  );
}

function wheel(c: Canvas, cx: number, cy: number, r: number): string {
  const tread = { stroke: '#2b2c31', 'stroke-width': r * 0.1, 'stroke-dasharray': `${num(r * 0.1)} ${num(r * 0.06)}` };
  return [
    circle(cx, cy, r, '#17181b'),
    circle(cx, cy, r * 0.9, 'none', tread),
    circle(cx, cy, r * 0.64, c.radial(METAL, 0.4, 0.35, 0.7)),
    circle(cx, cy, r * 0.55, '#2c2f35'),
    line(rays([cx, cy], r * 0.12, r * 0.55, 6, c.look.seed), '#c3c9d0', r * 0.13),
    circle(cx, cy, r * 0.15, '#8a919b'),
    circle(cx, cy, r * 0.06, '#e1e5ea'),
  ].join('');
}

function spokedWheel(cx: number, cy: number, r: number, knobbly: boolean): string {
  const knobs = knobbly ? { 'stroke-dasharray': `${num(r * 0.12)} ${num(r * 0.05)}` } : {};
  return [
    circle(cx, cy, r * 0.9, 'none', { stroke: '#17181b', 'stroke-width': r * 0.2 }),
    knobbly ? circle(cx, cy, r * 1.0, 'none', { stroke: '#17181b', 'stroke-width': r * 0.06, ...knobs }) : '',
    circle(cx, cy, r * 0.77, 'none', { stroke: '#b9c0c8', 'stroke-width': 4 }),
    line(rays([cx, cy], r * 0.12, r * 0.76, 18), '#c8ced6', 1.4),
    circle(cx, cy, r * 0.28, 'none', { stroke: '#8c939c', 'stroke-width': 5 }),
    circle(cx, cy, r * 0.12, '#6d737c'),
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

function phone(c: Canvas): string {
  return (
    c.shadow(300, 496, 190) +
    g(deviceBack(c, 150, 112, 180, 380, 32, false), rotate(-11, [240, 300])) +
    deviceFront(c, 272, 98, 180, 390, 32, 4) +
    rect(450, 190, 4, 44, dark(c.look.finish, 0.3), 2) +
    rect(450, 250, 4, 70, dark(c.look.finish, 0.3), 2)
  );
}

function phoneBack(c: Canvas): string {
  return c.shadow(300, 512, 150) + g(deviceBack(c, 200, 90, 200, 420, 36), rotate(5, [300, 300]));
}

/** A keypad phone: small screen, navigation key and a 4x3 keypad. */
function featurePhone(c: Canvas): string {
  const f = c.look.finish;
  const keys = Array.from({ length: 12 }, (_, i) =>
    rect(236 + (i % 3) * 44, 318 + Math.floor(i / 3) * 38, 40, 30, light(f, 0.3), 10, { stroke: dark(f, 0.2) }),
  );
  return [
    c.shadow(300, 504, 120),
    rect(218, 82, 172, 420, dark(f, 0.5), 48),
    rect(214, 78, 172, 420, c.body(f, 0.3), 48),
    rect(234, 122, 132, 120, '#0b0c0f', 10),
    screen(c, 240, 128, 120, 108, 6),
    label(300, 108, c.look.brand.toUpperCase(), 11, onColour(f), { 'letter-spacing': 2, opacity: 0.8 }),
    rect(252, 256, 96, 48, dark(f, 0.35), 24),
    circle(300, 280, 13, light(f, 0.35)),
    rect(232, 264, 16, 30, '#3fb45a', 6),
    rect(352, 264, 16, 30, '#e0463c', 6),
    ...keys,
  ].join('');
}

function tablet(c: Canvas): string {
  return c.shadow(300, 462, 230) + deviceFront(c, 92, 158, 416, 284, 26, 5);
}

function tabletBack(c: Canvas): string {
  return c.shadow(300, 462, 230) + deviceBack(c, 92, 158, 416, 284, 26);
}

function laptop(c: Canvas): string {
  const f = c.look.finish;
  return [
    c.shadow(300, 408, 270),
    rect(118, 102, 364, 244, '#15171c', 16, { stroke: dark(f, 0.2), 'stroke-width': 3 }),
    screen(c, 132, 116, 336, 214, 4),
    appWindows(c, 132, 116, 336, 214),
    circle(300, 109, 2.5, '#3a3d44'),
    rect(128, 344, 344, 9, dark(f, 0.35), 3),
    path('M90 351H510L548 392H52Z', c.linear([light(f, 0.35), f])),
    path('M140 356H460L476 372H124Z', dark(f, 0.45)),
    line(gridPath(132, 357, 336, 14, 1, 3), light(f, 0.1), 3.5, { 'stroke-dasharray': '10 3' }),
    path('M262 376H338L342 388H258Z', light(f, 0.18)),
    path('M52 392H548L540 402Q300 410 60 402Z', c.linear([dark(f, 0.15), dark(f, 0.4)])),
  ].join('');
}

function laptopBack(c: Canvas): string {
  const f = c.look.finish;
  const brand = c.look.brand === 'apple' ? '' : c.look.brand.toUpperCase();
  return [
    c.shadow(300, 408, 250),
    path('M96 360H504L530 396H70Z', dark(f, 0.3)),
    rect(120, 110, 360, 250, c.body(f, 0.25), 18),
    rect(121, 111, 358, 248, 'none', 17, { stroke: '#ffffff', 'stroke-opacity': 0.35, 'stroke-width': 2 }),
    circle(300, 228, 34, light(f, 0.45), { opacity: 0.7 }),
    brand ? label(300, 290, brand, 16, onColour(f), { 'letter-spacing': 3, opacity: 0.7 }) : '',
    glare(120, 110, 360, 250),
  ].join('');
}

function monitorOnly(c: Canvas): string {
  return c.shadow(300, 462, 160) + monitorStand(c, 300, 354, 448) + monitor(c, 84, 96, 432, 262, false);
}

function allInOne(c: Canvas): string {
  return [
    c.shadow(300, 476, 240),
    monitorStand(c, 300, 380, 430),
    monitor(c, 84, 90, 432, 262, true),
    keyboard(c, 150, 436, 250),
    ellipse(452, 456, 22, 13, c.body('#e9ecef')),
  ].join('');
}

function desktop(c: Canvas): string {
  const tower = c.body(c.look.finish, 0.4);
  return [
    c.shadow(300, 476, 260),
    monitorStand(c, 240, 340, 430),
    monitor(c, 52, 110, 376, 234, false),
    rect(438, 196, 118, 264, tower, 10),
    rect(452, 214, 90, 10, dark(c.look.finish, 0.4), 3),
    circle(497, 250, 8, '#1d1f24', { stroke: c.look.accent, 'stroke-width': 2 }),
    line(gridPath(458, 380, 78, 60, 1, 6), dark(c.look.finish, 0.35), 2),
    keyboard(c, 110, 440, 250),
  ].join('');
}

function printer(c: Canvas): string {
  const f = c.look.finish;
  const tank = /ecotank|tank/i.test(c.look.name);
  const inks = ['#00aeef', '#ec008c', '#ffd400', '#231f20'].map((ink, i) =>
    rect(402 + i * 20, 344, 14, 36, ink, 4, { stroke: '#ffffff', 'stroke-width': 2 }),
  );
  return [
    c.shadow(300, 448, 240),
    g(
      rect(206, 92, 188, 130, '#ffffff', 3, { stroke: '#dfe3e8' }) +
        line(gridPath(226, 112, 148, 60, 1, 4), '#d5dae0', 4),
      rotate(-6, [300, 160]),
    ),
    rect(110, 196, 380, 58, c.body(light(f, 0.15)), 22),
    rect(110, 222, 380, 176, c.body(f, 0.35), 22),
    rect(130, 244, 96, 42, '#22252b', 9),
    rect(138, 251, 46, 28, c.linear([c.look.accent, dark(c.look.accent, 0.4)]), 4),
    circle(204, 258, 5, '#59d36b'),
    circle(204, 274, 5, '#e6e8eb'),
    rect(150, 302, 300, 14, '#1c1e22', 7),
    path('M160 314H440L472 352H128Z', light(f, 0.35)),
    path('M188 312H412L428 340H172Z', '#ffffff'),
    ...(tank ? inks : []),
  ].join('');
}

type Hump = 'prism' | 'small' | 'none';

function cameraBody(c: Canvas, hump: Hump, withLens: boolean): string {
  const f = c.look.finish;
  const fill = c.body(f, 0.4);
  const humpPath = hump === 'prism' ? 'M232 208L258 150H342L368 208Z' : 'M252 208L268 176H332L348 208Z';
  const brand = c.look.brand.toUpperCase();
  const brandSpot: Pt = hump === 'none' ? [430, 234] : [300, hump === 'prism' ? 190 : 200];
  const mount = [
    circle(300, 314, 84, c.radial(METAL, 0.4, 0.35, 0.7)),
    circle(300, 314, 70, '#0e0f12'),
    rect(262, 282, 76, 60, c.linear(['#9aa6b6', '#2c3340']), 4),
  ].join('');
  return [
    c.shadow(300, 424, 230),
    hump === 'none' ? rect(380, 186, 84, 30, fill, 8) : path(humpPath, fill),
    rect(118, 204, 364, 200, fill, 34),
    rect(118, 204, 96, 200, dark(f, 0.25), 34),
    rect(132, 232, 66, 150, dark(f, 0.45), 22),
    rect(198, 226, 6, 44, c.look.accent, 3),
    rect(140, 190, 58, 18, dark(f, 0.2), 6),
    ellipse(168, 190, 20, 7, '#a2a7af'),
    circle(232, 244, 9, '#f2a33a', { opacity: 0.85 }),
    brand ? label(brandSpot[0], brandSpot[1], brand, 15, '#e9eaec', { 'letter-spacing': 2 }) : '',
    withLens ? lens(c, 300, 314, 96, true) : mount,
  ].join('');
}

function camera(c: Canvas): string {
  const name = c.look.name;
  const hump: Hump = /dslr|d850/i.test(name) ? 'prism' : /alpha|a6400/i.test(name) ? 'none' : 'small';
  return cameraBody(c, hump, !/\bbody\b/i.test(name));
}

function compactCamera(c: Canvas): string {
  const f = c.look.finish;
  const bridge = /coolpix|p950|superzoom/i.test(c.look.name);
  return [
    c.shadow(300, 410, 210),
    rect(130, 196, 340, 200, c.body(f, 0.35), 30),
    rect(bridge ? 386 : 420, 196, bridge ? 84 : 50, 200, dark(f, 0.2), 30),
    rect(156, 184, 66, 16, dark(f, 0.25), 6),
    rect(170, 214, 48, 22, '#e9ecef', 4, { opacity: 0.85 }),
    label(420, 232, c.look.brand.toUpperCase(), 13, onColour(f), { 'letter-spacing': 1.5 }),
    circle(270, 300, bridge ? 100 : 86, dark(f, 0.3)),
    lens(c, 270, 300, bridge ? 88 : 74, true),
  ].join('');
}

function actionCamera(c: Canvas): string {
  const brand = c.look.brand === 'gopro' ? 'GoPro' : c.look.brand.toUpperCase();
  return [
    c.shadow(300, 436, 150),
    rect(262, 380, 20, 44, '#2b2d32', 4),
    rect(300, 380, 20, 44, '#2b2d32', 4),
    rect(172, 190, 256, 200, c.linear(['#43464d', '#141518']), 34),
    rect(186, 204, 228, 172, '#1d1f23', 26),
    rect(330, 176, 64, 16, c.look.accent, 6),
    rect(202, 226, 124, 124, '#0b0c0e', 24),
    lens(c, 264, 288, 50),
    rect(340, 228, 64, 58, '#0b0c0e', 8),
    rect(345, 233, 54, 48, c.linear([c.look.accent, dark(c.look.accent, 0.55)], [0, 0, 1, 1]), 5),
    label(372, 334, brand, 15, '#f2f3f5'),
    circle(394, 356, 4, '#e0463c'),
  ].join('');
}

function drone(c: Canvas): string {
  const f = c.look.finish;
  const rotor = (cx: number, cy: number, rx: number) =>
    rect(cx - 6, cy, 12, 22, '#2b2d32', 4) +
    ellipse(cx, cy, rx, rx * 0.14, '#c9ced6', { opacity: 0.45 }) +
    line(d`M${cx - rx * 0.85} ${cy + 2}L${cx + rx * 0.85} ${cy - 2}`, '#3a3d43', 4);
  return [
    c.shadow(300, 470, 170, 0.18),
    line('M300 290L176 228M300 290L424 228M300 300L138 334M300 300L462 334', dark(f, 0.25), 16),
    rotor(176, 212, 92),
    rotor(424, 212, 92),
    rotor(138, 316, 112),
    rotor(462, 316, 112),
    line('M150 354V396M450 354V396', '#2b2d32', 6),
    ellipse(300, 290, 96, 48, c.body(f, 0.35)),
    ellipse(300, 272, 70, 20, light(f, 0.35), { opacity: 0.55 }),
    circle(222, 300, 4, '#e0463c'),
    circle(378, 300, 4, '#59d36b'),
    rect(270, 318, 60, 52, '#1c1e22', 14),
    lens(c, 300, 344, 21),
  ].join('');
}

function bulletCamera(c: Canvas): string {
  const f = c.look.finish;
  return [
    rect(426, 172, 66, 124, c.body('#e3e6ea'), 12),
    line('M458 234L372 270', '#d6dade', 18),
    g(
      [
        rect(150, 232, 252, 92, c.linear([light(f, 0.6), f, dark(f, 0.2)]), 42),
        path('M138 224H396Q414 224 414 240V254H138Z', c.linear([light(f, 0.5), dark(f, 0.1)])),
        ellipse(162, 278, 24, 44, '#17191d'),
        lens(c, 162, 278, 24),
        ...[-30, 30].map((dy) => circle(160, 278 + dy, 4, '#5a1b20')),
        circle(230, 300, 5, c.look.accent),
      ],
      rotate(12, [280, 280]),
    ),
  ].join('');
}

function cctv(c: Canvas): string {
  const kit = /kit|dvr/i.test(c.look.name);
  if (!kit) return c.shadow(300, 470, 150) + place(bulletCamera(c), [300, 280], [300, 300], 1.05);
  return [
    c.shadow(300, 470, 220),
    place(bulletCamera(c), [300, 280], [200, 200], 0.62),
    place(bulletCamera(c), [300, 280], [410, 200], 0.62),
    rect(150, 356, 300, 100, c.body('#2f3238', 0.4), 12),
    rect(170, 380, 120, 8, '#56d36b', 4, { opacity: 0.8 }),
    line(gridPath(320, 376, 110, 60, 6, 1), '#1c1e22', 3),
    label(230, 430, c.look.brand.toUpperCase(), 13, '#e9eaec', { 'letter-spacing': 1.5 }),
  ].join('');
}

function homeCamera(c: Canvas): string {
  const shell = c.radial(['#ffffff', '#eef0f3', '#c5cbd3'], 0.38, 0.3, 0.75);
  return [
    c.shadow(300, 468, 140),
    rect(222, 392, 156, 70, shell, 34),
    rect(278, 346, 44, 60, c.body('#dfe3e8'), 10),
    circle(300, 262, 112, shell),
    circle(300, 262, 72, '#15171a'),
    lens(c, 300, 256, 32),
    circle(270, 302, 3.5, '#7b1f22'),
    circle(330, 302, 3.5, '#7b1f22'),
    circle(300, 318, 3, c.look.accent),
  ].join('');
}

interface VehicleSpec {
  body: string;
  glass: string;
  lines: string;
  wheels: readonly number[];
  wheelR: number;
  extras: string;
}

const WHEEL_Y = 404;

function vehicle(c: Canvas, spec: VehicleSpec): string {
  const f = c.look.finish;
  const archR = spec.wheelR + 12;
  const arches = spec.wheels.map((x) => d`M${x - archR} 410A${archR} ${archR} 0 0 1 ${x + archR} 410Z`).join('');
  return [
    c.shadow(300, WHEEL_Y + spec.wheelR, 290, 0.35),
    path(spec.body, c.linear([light(f, 0.35), f, dark(f, 0.28)])),
    path(spec.glass, c.linear(GLASS, [0, 0, 1, 1]), { stroke: dark(f, 0.5), 'stroke-width': 2 }),
    line(spec.lines, dark(f, 0.3), 2),
    rect(50, 372, 44, 34, '#25262b', 8),
    rect(540, 378, 16, 30, '#25262b', 4),
    path('M58 334Q62 322 84 320L112 318L110 334L60 342Z', '#fbf4d6', { stroke: dark(f, 0.4), 'stroke-width': 1.5 }),
    rect(541, 312, 9, 30, '#d3242c', 3),
    path(arches, '#141518'),
    ...spec.wheels.map((x) => wheel(c, x, WHEEL_Y, spec.wheelR)),
    spec.extras,
  ].join('');
}

/** A snorkel up the windscreen pillar: standard kit on a PNG Land Cruiser. */
const snorkel = (pillarX: number) =>
  line(d`M${pillarX - 30} 372L${pillarX - 24} 300L${pillarX + 8} 224L${pillarX + 14} 198`, '#1d1e22', 11) +
  rect(pillarX + 2, 188, 26, 16, '#1d1e22', 5);

function pickup(c: Canvas): string {
  const name = c.look.name;
  const single = /single cab|workmate/i.test(name);
  const cabEnd = single ? 340 : 398;
  const split = single ? cabEnd : 306;
  const sportsBar = /sr5|d-max/i.test(name)
    ? line(d`M${cabEnd + 6} 300V232H${cabEnd + 44}L${cabEnd + 96} 300`, '#2a2c31', 7)
    : '';
  return vehicle(c, {
    body: d`M58 410L56 350Q58 322 84 316L196 302Q206 300 212 292L250 222Q256 214 268 214L${cabEnd - 14} 214Q${cabEnd - 4} 214 ${cabEnd - 2} 224L${cabEnd} 300H548L550 410Z`,
    glass: single
      ? d`M256 226L222 290H${cabEnd - 12}V232Q${cabEnd - 12} 226 ${cabEnd - 18} 226Z`
      : d`M256 226L222 290H300V226ZM312 226H${cabEnd - 14}Q${cabEnd - 10} 226 ${cabEnd - 10} 232L${cabEnd - 8} 290H312Z`,
    lines: d`M214 296V394M${split} 222V394M${cabEnd} 300V394M${cabEnd} 320H546M270 312H292M${split + 50} 312H${split + 70}`,
    wheels: [165, 440],
    wheelR: 50,
    extras: sportsBar + (/land cruiser/i.test(name) ? snorkel(250) : ''),
  });
}

function suv(c: Canvas): string {
  return vehicle(c, {
    body: 'M58 410L56 350Q58 322 84 316L196 302Q206 300 212 292L250 214Q256 206 268 206H528Q542 206 544 220L552 330V410Z',
    glass: 'M258 218L224 290H306V218ZM316 218H410V290H316ZM420 218H522Q530 218 531 226L534 290H420Z',
    lines: 'M214 296V394M311 214V394M415 214V394M270 310H292M372 310H394',
    wheels: [165, 452],
    wheelR: 52,
    extras:
      rect(270, 192, 254, 8, '#2a2c31', 3) +
      line('M290 200V206M400 200V206M510 200V206', '#2a2c31', 5) +
      (/land cruiser/i.test(c.look.name) ? snorkel(250) : ''),
  });
}

function van(c: Canvas): string {
  const windows = [240, 310, 380, 450].map((x) => d`M${x} 192H${x + 62}V262H${x}Z`).join('');
  return vehicle(c, {
    body: 'M60 410L58 330Q60 300 88 292L140 282Q160 212 196 184Q206 176 222 176H532Q548 176 550 192L554 410Z',
    glass: `M204 192Q176 214 160 272H228V192Z${windows}`,
    lines: 'M234 184V396M372 272V396M234 272H548M252 290H272M398 290H418',
    wheels: [160, 462],
    wheelR: 46,
    extras: '',
  });
}

function motorbike(c: Canvas): string {
  const f = c.look.finish;
  const fill = c.body(f, 0.3);
  const trail = !/ybr|road/i.test(c.look.name);
  const frontFender = trail
    ? 'M116 290Q160 270 210 292L206 300Q160 284 120 300Z'
    : 'M100 360Q110 300 170 298Q214 304 226 350L214 352Q204 316 168 312Q122 314 112 362Z';
  const rack = /ag125|farm/i.test(c.look.name) ? line('M420 212H504M436 212V234M490 212V240', '#2a2c31', 6) : '';
  return [
    c.shadow(300, 470, 250),
    spokedWheel(160, 390, 76, trail),
    spokedWheel(442, 390, 76, trail),
    line('M442 390L326 336', '#2a2c31', 12),
    line('M296 356Q350 372 410 330L450 318', '#a9b0b8', 11),
    rect(404, 300, 62, 22, c.linear(METAL), 10, { transform: rotate(-14, [435, 311]) }),
    rect(248, 286, 98, 74, c.linear(['#c9ced5', '#6b717b']), 14),
    line(gridPath(258, 296, 78, 54, 1, 5), '#5a6069', 3),
    line('M222 216L262 292L334 298L356 236', '#25272c', 10),
    line('M160 390L212 222', '#b0b7bf', 12),
    line('M190 196L238 188', '#1f2024', 7),
    path(frontFender, fill),
    path('M186 232Q182 200 210 194L236 206Q238 242 214 252Z', fill),
    circle(200, 228, 12, '#fbf4d6', { stroke: '#9aa1a9', 'stroke-width': 2 }),
    path('M240 232Q292 194 354 222L350 262Q300 272 254 262Z', fill),
    path('M332 262L404 248L392 300L340 306Z', fill),
    path('M298 224Q362 204 452 222Q460 232 448 238L318 246Z', '#1e1f23'),
    path('M436 230L502 244L496 254L432 242Z', fill),
    circle(502, 250, 5, '#d3242c'),
    rack,
    line('M300 346L318 396', '#2a2c31', 5),
  ].join('');
}

function boat(c: Canvas): string {
  const f = c.look.finish;
  const motor = c.look.brand === 'yamaha' ? '#3a3e46' : '#22242a';
  const hull = 'M30 276Q70 288 120 300L468 306L462 396Q300 414 160 396Q70 372 30 276Z';
  return [
    c.shadow(270, 446, 260),
    path(hull, c.linear([light(f, 0.4), f, dark(f, 0.25)])),
    path('M44 282Q80 292 122 302L466 308V320L124 316Q80 306 44 282Z', dark(f, 0.4)),
    g(path('M120 380Q300 398 470 380V420H120Z', dark(f, 0.55)), undefined, { 'clip-path': c.clip(path(hull, '#000')) }),
    line('M30 276Q70 288 120 300L468 306', light(f, 0.5), 5),
    line('M66 326Q200 352 464 346', c.look.accent, 7),
    rect(452, 298, 26, 48, '#3c3f45', 4),
    line('M480 252L404 268', '#1f2024', 9),
    path('M496 296H540L534 410H504Z', c.linear([motor, dark(motor, 0.4)], [0, 0, 1, 0])),
    rect(488, 404, 64, 7, '#2d3036', 3),
    path('M490 420Q520 410 550 420Q542 434 520 434Q498 434 490 420Z', motor),
    path('M514 432L522 454L532 432Z', motor),
    ellipse(484, 422, 7, 20, '#9aa1a9'),
    path(
      'M470 232Q468 198 502 194L548 196Q576 202 574 236L568 272Q540 284 488 278Q472 270 470 232Z',
      c.body(motor, 0.4),
    ),
    rect(474, 240, 98, 9, c.look.accent),
    rect(480, 272, 82, 26, dark(motor, 0.3), 8),
    label(522, 228, c.look.brand.toUpperCase(), 12, '#f2f3f5', { 'letter-spacing': 1 }),
  ].join('');
}

function earbud(c: Canvas, x: number, y: number, angle: number): string {
  const f = c.look.finish;
  return g(
    [
      rect(x - 12, y, 24, 96, c.linear([light(f, 0.4), f, dark(f, 0.25)], [0, 0, 1, 0]), 12),
      ellipse(x, y, 36, 32, c.radial([light(f, 0.5), f, dark(f, 0.3)], 0.35, 0.35, 0.7)),
      ellipse(x + 16, y - 4, 16, 13, dark(f, 0.55)),
      rect(x - 6, y + 84, 12, 9, '#c9ccd1', 3),
    ],
    rotate(angle, [x, y + 40]),
  );
}

function earbuds(c: Canvas): string {
  const f = c.look.finish;
  return [
    c.shadow(300, 466, 160),
    rect(180, 300, 240, 160, c.body(f, 0.3), 64),
    line('M184 346Q300 356 416 346', dark(f, 0.3), 2.5),
    circle(300, 400, 5, '#59d36b'),
    earbud(c, 220, 168, -18),
    earbud(c, 382, 160, 22),
  ].join('');
}

function headphones(c: Canvas): string {
  const f = c.look.finish;
  const cup = (cx: number) =>
    ellipse(cx, 356, 62, 84, c.body(f, 0.35)) + ellipse(cx + (cx < 300 ? 22 : -22), 356, 36, 68, dark(f, 0.55));
  return [
    c.shadow(300, 462, 180),
    line('M176 330C176 110 424 110 424 330', f, 28),
    line('M176 330C176 128 424 128 424 330', dark(f, 0.4), 10),
    line('M176 250V300M424 250V300', '#9aa1a9', 8),
    cup(176),
    cup(424),
    label(176, 366, c.look.brand.toUpperCase(), 13, onColour(f), { opacity: 0.7 }),
  ].join('');
}

function powerBank(c: Canvas): string {
  const f = c.look.finish;
  return [
    c.shadow(300, 498, 160),
    circle(186, 118, 28, 'none', { stroke: '#a9b0b8', 'stroke-width': 10 }),
    rect(166, 126, 268, 364, c.body(f, 0.35), 42, { stroke: dark(f, 0.35), 'stroke-width': 10 }),
    rect(196, 162, 208, 258, c.linear(['#2a5aa8', '#0d1e42'], [0, 0, 1, 1]), 12, {
      stroke: '#c9d2de',
      'stroke-width': 3,
    }),
    line(gridPath(196, 162, 208, 258, 4, 6), '#5c86c9', 1.6),
    glare(196, 162, 208, 258),
    rect(232, 436, 136, 22, light(f, 0.55), 11, { opacity: 0.9 }),
    ...[0, 1, 2, 3].map((i) => circle(262 + i * 25, 474, 4, i < 3 ? '#59d36b' : dark(f, 0.5))),
  ].join('');
}

function wifiArcs(cx: number, cy: number, colour: string): string {
  return [30, 58, 86]
    .map((r) =>
      line(d`M${cx - r * 0.8} ${cy - r * 0.6}A${r} ${r} 0 0 1 ${cx + r * 0.8} ${cy - r * 0.6}`, colour, 9, {
        opacity: 0.6,
      }),
    )
    .join('');
}

function router(c: Canvas): string {
  const f = c.look.finish;
  const antennas = [
    [170, -9],
    [250, -3],
    [350, 3],
    [430, 9],
  ] as const;
  return [
    c.shadow(300, 440, 240),
    ...antennas.map(([x, a]) =>
      rect(x - 12, 148, 24, 190, c.body(dark(f, 0.15)), 12, { transform: rotate(a, [x, 330]) }),
    ),
    path('M136 324H464L502 376H98Z', c.linear([light(f, 0.25), f])),
    rect(98, 376, 404, 52, c.body(dark(f, 0.2), 0.3), 12),
    ...[0, 1, 2, 3, 4, 5].map((i) => circle(190 + i * 44, 402, 5, i % 3 ? '#59d36b' : c.look.accent)),
    wifiArcs(300, 210, c.look.accent),
  ].join('');
}

function pocketWifi(c: Canvas): string {
  const f = c.look.finish;
  const bars = [0, 1, 2, 3].map((i) => rect(252 + i * 16, 260 - i * 10, 10, 16 + i * 10, c.look.accent, 2));
  return [
    c.shadow(300, 486, 130),
    wifiArcs(300, 150, c.look.accent),
    rect(196, 176, 208, 300, c.body(f, 0.3), 40),
    rect(226, 210, 148, 96, '#101114', 12),
    ...bars,
    rect(322, 246, 36, 20, 'none', 4, { stroke: '#e6e8eb', 'stroke-width': 3 }),
    rect(326, 250, 20, 12, '#59d36b', 2),
    circle(300, 380, 16, dark(f, 0.25), { stroke: light(f, 0.35), 'stroke-width': 3 }),
    label(300, 446, c.look.brand.toUpperCase(), 13, onColour(f), { opacity: 0.7, 'letter-spacing': 1.5 }),
  ].join('');
}

function tv(c: Canvas): string {
  return [
    c.shadow(300, 466, 260),
    line('M130 414L104 458M470 414L496 458', '#2a2c31', 9),
    rect(36, 110, 528, 314, '#0d0e10', 10),
    landscape(c, 44, 118, 512, 294, 'dusk'),
    glare(44, 118, 512, 294),
    label(300, 421, c.look.brand.toUpperCase(), 8, '#9aa1a9', { 'letter-spacing': 2 }),
  ].join('');
}

function speaker(c: Canvas): string {
  const f = c.look.finish;
  const mesh = c.pattern(8, 8, circle(4, 4, 1.6, dark(f, 0.45)));
  const shape = (fill: string) => rect(100, 224, 400, 178, fill, 89);
  return [
    c.shadow(300, 418, 210),
    shape(c.body(f, 0.3)),
    shape(mesh),
    shape(
      c.linear([
        ['#ffffff', 0.25],
        ['#ffffff', 0],
        ['#000000', 0.25],
      ]),
    ),
    rect(236, 210, 128, 20, '#25262b', 10),
    line('M262 220H268M297 220H303M332 220H338', '#d4d7dc', 4),
    rect(242, 298, 116, 32, c.look.accent, 16),
    label(300, 320, c.look.brand.toUpperCase(), 16, '#ffffff'),
    rect(200, 398, 200, 14, '#25262b', 7),
  ].join('');
}

function memoryCard(c: Canvas): string {
  const card =
    'M196 160Q196 146 210 146H384Q398 146 398 160V282L386 296V344L398 356V432Q398 446 384 446H210Q196 446 196 432Z';
  const gold = c.linear(['#f6d26b', '#b88a1e']);
  return [
    c.shadow(300, 470, 170),
    g(
      [
        path('M136 120H310L352 162V436Q352 450 338 450H136Q122 450 122 436V134Q122 120 136 120Z', c.body('#2b2d33')),
        rect(140, 130, 150, 150, '#f2f3f5', 6),
        rect(116, 180, 8, 28, '#d5d8dc', 2),
      ],
      rotate(-12, [240, 300]),
    ),
    path(card, c.linear(['#2b2d33', '#101114'])),
    g([rect(196, 146, 202, 170, gold), path('M196 316L398 236V316Z', '#d4282e')], undefined, {
      'clip-path': c.clip(path(card, '#000')),
    }),
    label(297, 200, c.look.brand.toUpperCase(), 15, '#1d1e22'),
    line('M222 380H370M222 404H330', '#3a3d44', 8),
  ].join('');
}

function charger(c: Canvas): string {
  const f = c.look.finish;
  return [
    c.shadow(300, 486, 160),
    line('M300 380C300 470 170 460 190 400S350 350 380 440', '#2b2d33', 10),
    rect(366, 432, 30, 50, '#3a3d44', 8),
    rect(268, 88, 14, 50, '#b9c0c8', 2, { transform: rotate(-30, [275, 138]) }),
    rect(318, 88, 14, 50, '#b9c0c8', 2, { transform: rotate(30, [325, 138]) }),
    rect(206, 132, 188, 196, c.body(f, 0.18), 38),
    rect(206, 300, 188, 40, dark(f, 0.08), 20),
    rect(284, 338, 32, 44, '#2b2d33', 8),
    label(300, 240, c.look.brand.toUpperCase(), 18, onColour(f), { opacity: 0.55, 'letter-spacing': 2 }),
  ].join('');
}

function watch(c: Canvas): string {
  const f = c.look.finish;
  const round = c.look.brand !== 'apple';
  const ring = (r: number, colour: string, part: number) => {
    const length = 2 * Math.PI * r;
    const dash = { 'stroke-dasharray': `${num(length * part)} ${num(length)}`, transform: rotate(-90, [300, 300]) };
    return circle(300, 300, r, 'none', { stroke: colour, 'stroke-width': 11, 'stroke-linecap': 'round', ...dash });
  };
  return [
    c.shadow(300, 520, 120),
    rect(244, 86, 112, 430, c.linear([dark(f, 0.2), f, dark(f, 0.2)], [0, 0, 1, 0]), 30),
    rect(404, 266, 14, 30, '#a9b0b8', 5),
    round
      ? circle(300, 300, 118, c.radial(METAL, 0.4, 0.35, 0.7))
      : rect(186, 178, 228, 244, c.radial(METAL, 0.4, 0.35, 0.7), 58),
    round ? circle(300, 300, 100, '#0a0b0d') : rect(198, 190, 204, 220, '#0a0b0d', 48),
    round ? line(rays([300, 300], 90, 98, 12), '#5d6168', 3) : '',
    ring(72, '#ff375f', 0.78),
    ring(58, '#a6ff00', 0.6),
    ring(44, '#00d8ff', 0.42),
  ].join('');
}

function phoneCase(c: Canvas): string {
  const f = c.look.finish;
  const texture = c.pattern(14, 14, line('M0 14L14 0', dark(f, 0.3), 2));
  return [
    c.shadow(300, 506, 140),
    rect(206, 92, 188, 404, c.body(f, 0.45), 40),
    rect(228, 114, 144, 360, texture, 28),
    rect(222, 106, 100, 100, '#15171a', 28),
    lens(c, 248, 134, 18),
    lens(c, 248, 178, 18),
    lens(c, 294, 156, 18),
    ...[92, 456].flatMap((y) => [rect(206, y, 40, 40, dark(f, 0.35), 18), rect(354, y, 40, 40, dark(f, 0.35), 18)]),
    label(300, 430, c.look.brand.toUpperCase(), 14, onColour(f), { 'letter-spacing': 3 }),
  ].join('');
}

function membershipCard(c: Canvas): string {
  const gold = c.linear(['#fff1b8', '#e3b54a', '#a8741a'], [0, 0, 1, 1]);
  const weave = c.pattern(24, 24, line('M0 12L12 0L24 12L12 24Z', '#ffffff', 1, { opacity: 0.07 }));
  const card = rect(80, 150, 440, 280, c.linear(['#0f6b68', '#0a3f46', '#07262c'], [0, 0, 1, 1]), 26);
  const plume = (dx: number, dy: number, width: number) =>
    line(d`M330 300C${360 + dx} ${250 + dy} ${410 + dx} ${360 + dy} ${470 + dx} ${300 + dy}`, gold, width);
  return [
    c.shadow(300, 470, 240, 0.4),
    g(
      [
        card,
        rect(80, 150, 440, 280, weave, 26),
        rect(90, 160, 420, 260, 'none', 20, { stroke: gold, 'stroke-width': 2 }),
        plume(0, 0, 6),
        plume(18, 26, 4),
        plume(30, 54, 3),
        path(
          'M300 236Q346 214 352 258Q356 298 330 300Q300 300 296 278Q282 300 252 296Q280 282 292 262Q282 244 300 236Z',
          gold,
        ),
        circle(330, 246, 3.5, '#0a3f46'),
        path('M352 246L380 238L356 258Z', '#f4c542'),
        rect(118, 206, 56, 42, gold, 8),
        line('M118 227H174M146 206V248', '#a8741a', 1.5),
        label(300, 394, 'PREMIUM', 40, gold, { 'letter-spacing': 10 }),
        label(146, 190, 'BILUM', 12, '#e3b54a', { 'letter-spacing': 4 }),
      ],
      rotate(-6, [300, 290]),
    ),
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Product kinds
// ---------------------------------------------------------------------------------------------

type Setting = 'desk' | 'road' | 'water' | 'beach' | 'sky';

interface Kind {
  draw: (c: Canvas) => string;
  /** A second side for the '-2' view; without it the '-2' view is a close-up of `focus`. */
  back?: (c: Canvas) => string;
  focus?: Pt;
  /** y of the product's lowest point, where it stands in a setting. */
  base: number;
  setting: Setting;
  finishes: readonly string[];
}

const FINISH = {
  phone: ['#23262d', '#d5d9df', '#1f3a5f', '#a9dcc9', '#c2b5ea', '#eadbc8', '#3b6fd1', '#f2bcc6', '#5b6b4f', '#c94f3d'],
  computer: ['#c8cdd4', '#9aa1ab', '#3a3f47', '#d9d2c6', '#2e3b4e', '#b7c4d6'],
  camera: ['#1f2125', '#2a2c31', '#26282c'],
  compact: ['#1f2125', '#b9bec5', '#2a2c31'],
  white: ['#f3f4f6', '#e6e9ed'],
  vehicle: ['#f2f3f5', '#c0c4ca', '#b3262e', '#1f4e8c', '#2a2c30', '#8a939e', '#d6822b', '#2f6b45', '#6b1f2a'],
  bike: ['#c8202f', '#1f4e8c', '#2a2c30', '#e2b007', '#2f7d4f', '#e46b1c'],
  boat: ['#f4f5f2', '#2f7fb8', '#e9c46a', '#d1495b', '#3a9d6e'],
  audio: ['#1f2125', '#f2f2f4', '#3b5b8c', '#c8442f', '#2f8f83', '#7a5cc9', '#e0a43a'],
  rugged: ['#2d3238', '#3d5a3c', '#e06a1b', '#1f3b5c'],
  drone: ['#7d848e', '#50565f', '#b9bec5'],
  dark: ['#1a1b1f', '#2b2d33'],
} as const;

const KINDS = {
  phone: { draw: phone, back: phoneBack, base: 496, setting: 'desk', finishes: FINISH.phone },
  featurePhone: { draw: featurePhone, focus: [300, 240], base: 504, setting: 'desk', finishes: FINISH.phone },
  tablet: { draw: tablet, back: tabletBack, base: 462, setting: 'desk', finishes: FINISH.computer },
  laptop: { draw: laptop, back: laptopBack, base: 410, setting: 'desk', finishes: FINISH.computer },
  monitor: { draw: monitorOnly, focus: [300, 230], base: 462, setting: 'desk', finishes: FINISH.computer },
  aio: { draw: allInOne, focus: [300, 230], base: 476, setting: 'desk', finishes: FINISH.computer },
  desktop: { draw: desktop, focus: [420, 300], base: 476, setting: 'desk', finishes: FINISH.dark },
  printer: { draw: printer, focus: [300, 300], base: 448, setting: 'desk', finishes: FINISH.computer },
  camera: { draw: camera, focus: [300, 300], base: 424, setting: 'desk', finishes: FINISH.camera },
  compactCamera: { draw: compactCamera, focus: [280, 300], base: 410, setting: 'desk', finishes: FINISH.compact },
  actionCamera: { draw: actionCamera, focus: [290, 290], base: 436, setting: 'beach', finishes: FINISH.dark },
  drone: { draw: drone, focus: [300, 320], base: 470, setting: 'sky', finishes: FINISH.drone },
  cctv: { draw: cctv, focus: [250, 290], base: 470, setting: 'desk', finishes: FINISH.white },
  homeCamera: { draw: homeCamera, focus: [300, 270], base: 468, setting: 'desk', finishes: FINISH.white },
  pickup: { draw: pickup, focus: [190, 330], base: 456, setting: 'road', finishes: FINISH.vehicle },
  suv: { draw: suv, focus: [190, 330], base: 458, setting: 'road', finishes: FINISH.vehicle },
  van: { draw: van, focus: [190, 320], base: 452, setting: 'road', finishes: FINISH.vehicle },
  motorbike: { draw: motorbike, focus: [280, 280], base: 470, setting: 'road', finishes: FINISH.bike },
  boat: { draw: boat, focus: [490, 300], base: 446, setting: 'water', finishes: FINISH.boat },
  earbuds: { draw: earbuds, focus: [300, 260], base: 466, setting: 'desk', finishes: FINISH.audio },
  headphones: { draw: headphones, focus: [300, 300], base: 462, setting: 'desk', finishes: FINISH.audio },
  powerBank: { draw: powerBank, focus: [300, 290], base: 498, setting: 'desk', finishes: FINISH.rugged },
  router: { draw: router, focus: [300, 330], base: 440, setting: 'desk', finishes: FINISH.dark },
  pocketWifi: { draw: pocketWifi, focus: [300, 300], base: 486, setting: 'desk', finishes: FINISH.white },
  tv: { draw: tv, focus: [300, 260], base: 466, setting: 'desk', finishes: FINISH.dark },
  speaker: { draw: speaker, focus: [300, 310], base: 418, setting: 'beach', finishes: FINISH.audio },
  memoryCard: { draw: memoryCard, focus: [300, 280], base: 470, setting: 'desk', finishes: FINISH.dark },
  charger: { draw: charger, focus: [300, 240], base: 486, setting: 'desk', finishes: FINISH.white },
  watch: { draw: watch, focus: [300, 300], base: 520, setting: 'desk', finishes: FINISH.audio },
  phoneCase: { draw: phoneCase, focus: [280, 200], base: 506, setting: 'desk', finishes: FINISH.rugged },
} satisfies Record<string, Kind>;

type KindName = keyof typeof KINDS;

/** First match wins, so the specific words come before the general ones. */
const RULES: ReadonlyArray<readonly [RegExp, KindName]> = [
  [/nokia 1\d\d\b|keypad/i, 'featurePhone'],
  [/\btv\b/i, 'tv'],
  [/watch/i, 'watch'],
  [/buds|earbuds/i, 'earbuds'],
  [/headphones/i, 'headphones'],
  [/\bcase\b/i, 'phoneCase'],
  [/charger/i, 'charger'],
  [/power bank/i, 'powerBank'],
  [/pocket wi-?fi|mifi/i, 'pocketWifi'],
  [/router/i, 'router'],
  [/speaker/i, 'speaker'],
  [/microsd|memory card/i, 'memoryCard'],
  [/drone/i, 'drone'],
  [/gopro|action/i, 'actionCamera'],
  [/cctv|bullet/i, 'cctv'],
  [/security camera/i, 'homeCamera'],
  [/powershot|coolpix|compact/i, 'compactCamera'],
  [/dslr|mirrorless|\beos\b|alpha/i, 'camera'],
  [/printer/i, 'printer'],
  [/\btab\b|tablet/i, 'tablet'],
  [/monitor/i, 'monitor'],
  [/\baio\b|all-in-one/i, 'aio'],
  [/desktop/i, 'desktop'],
  [/laptop|macbook/i, 'laptop'],
  [/outboard/i, 'boat'],
  [/motorbike|trail bike/i, 'motorbike'],
  [/hiace|\bvan\b/i, 'van'],
  [/wagon|prado/i, 'suv'],
  [/hilux|navara|d-max|\bcab\b/i, 'pickup'],
];

const CATEGORY_KIND: Record<SeedCategory, KindName> = {
  phones: 'phone',
  computers: 'laptop',
  cameras: 'camera',
  vehicles: 'pickup',
  accessories: 'powerBank',
};

function kindOf(product: SeedProduct): KindName {
  return RULES.find(([pattern]) => pattern.test(product.name))?.[1] ?? CATEGORY_KIND[product.category];
}

/** FNV-1a: a stable number from a name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h;
}

const BRAND_ACCENTS: Record<string, string> = {
  canon: '#d0021b',
  nikon: '#f5c400',
  sony: '#f07800',
  gopro: '#00a3e0',
  jbl: '#ff5a00',
  samsung: '#1e5bd8',
  hikvision: '#e60012',
  yamaha: '#4a6fd0',
  dji: '#9aa1a9',
};

function lookOf(product: SeedProduct, kind: Kind): Look {
  const seed = hash(product.name);
  const hue = seed % 360;
  const word = (product.name.split(/\s+/)[0] ?? '').toLowerCase();
  const brand = word === 'iphone' ? 'apple' : /^[a-z][a-z-]+$/.test(word) && word !== 'solar' ? word : '';
  return {
    name: product.name,
    brand,
    hue,
    seed,
    finish: kind.finishes[(seed >>> 9) % kind.finishes.length] ?? '#777777',
    accent: BRAND_ACCENTS[brand] ?? hsl(hue, 75, 55),
  };
}

// ---------------------------------------------------------------------------------------------
// Backgrounds and settings
// ---------------------------------------------------------------------------------------------

function studio(c: Canvas): string {
  const { hue } = c.look;
  return [
    rect(0, 0, SIZE, SIZE, c.radial([hsl(hue, 70, 98), hsl(hue, 55, 91), hsl(hue + 25, 45, 81)], 0.5, 0.38, 0.8)),
    circle(500, 100, 160, hsl(hue + 30, 70, 93), { opacity: 0.7 }),
    circle(60, 560, 210, hsl(hue - 25, 60, 88), { opacity: 0.55 }),
    ellipse(MID, 520, 320, 70, '#ffffff', { opacity: 0.35 }),
  ].join('');
}

function detailBackdrop(c: Canvas): string {
  const hue = c.look.hue + 40;
  return (
    rect(0, 0, SIZE, SIZE, c.linear([hsl(hue, 50, 95), hsl(hue, 42, 80)], [0, 0, 1, 1])) +
    path('M0 430L600 170V300L0 560Z', '#ffffff', { opacity: 0.28 })
  );
}

function darkStudio(c: Canvas): string {
  const { hue } = c.look;
  return (
    rect(0, 0, SIZE, SIZE, c.radial([hsl(hue, 30, 34), hsl(hue, 35, 15), '#08090b'], 0.5, 0.4, 0.75)) +
    ellipse(MID, 500, 260, 46, hsl(hue, 60, 62), { opacity: 0.16 })
  );
}

interface SettingLayers {
  behind: string;
  inFront: string;
  ground: number;
  scale: number;
}

function desk(c: Canvas): SettingLayers {
  const hue = c.look.hue + 30;
  const leaf = (angle: number) => ellipse(70, 392, 14, 46, '#3f8f5a', { transform: rotate(angle, [70, 436]) });
  const behind = [
    rect(0, 0, SIZE, 450, c.linear([hsl(hue, 28, 93), hsl(hue, 24, 83)])),
    path('M380 0H560L470 300H290Z', '#ffffff', { opacity: 0.35 }),
    leaf(-30),
    leaf(0),
    leaf(30),
    path('M46 432H94L88 476H52Z', '#c8743f'),
    rect(0, 450, SIZE, 150, c.linear(['#d2ab80', '#a97c52'])),
    rect(0, 450, SIZE, 5, '#e3c49f'),
  ].join('');
  return { behind, inFront: '', ground: 530, scale: 0.78 };
}

function road(c: Canvas): SettingLayers {
  const behind = [
    landscape(c, 0, 0, SIZE, 470, 'day'),
    cloud(140, 90, 1),
    cloud(420, 60, 0.7),
    rect(0, 440, SIZE, 160, c.linear(['#c9a77c', '#9c7a52'])),
    rect(0, 436, SIZE, 10, '#5c9a4c'),
  ].join('');
  return { behind, inFront: '', ground: 540, scale: 0.9 };
}

/** Sky, islands on the horizon and the sea. */
function seascape(c: Canvas): string {
  return [
    rect(0, 0, SIZE, 340, c.linear(['#7cc4ef', '#dff4fb'])),
    cloud(470, 90, 0.9),
    path('M0 340Q60 300 120 322T230 340ZM380 340Q450 296 540 318T600 330V340Z', '#3f8a5a'),
    rect(0, 338, SIZE, 262, c.linear(['#5bc0de', '#1f78a8', '#145b82'])),
    line('M60 380H120M420 400H500M200 430H250', '#ffffff', 3, { opacity: 0.5 }),
  ].join('');
}

function beach(c: Canvas): SettingLayers {
  const sand = 'M0 440Q150 426 300 440T600 436V600H0Z';
  const behind =
    seascape(c) +
    path(sand, c.linear(['#f4e4bd', '#d9bb84'])) +
    line('M0 440Q150 426 300 440T600 436', '#ffffff', 5, { opacity: 0.7 });
  return { behind, inFront: '', ground: 520, scale: 0.8 };
}

function water(c: Canvas): SettingLayers {
  const behind = seascape(c);
  const inFront =
    path('M0 470Q75 456 150 470T300 470T450 470T600 470V600H0Z', '#2a8bbd', { opacity: 0.6 }) +
    line('M0 470Q75 456 150 470T300 470T450 470T600 470', '#ffffff', 4, { opacity: 0.6 });
  return { behind, inFront, ground: 490, scale: 0.85 };
}

function sky(c: Canvas): SettingLayers {
  const behind = landscape(c, 0, 0, SIZE, SIZE, 'day') + cloud(130, 120, 1.1) + cloud(470, 200, 0.8);
  return { behind, inFront: '', ground: 440, scale: 0.8 };
}

const SETTINGS: Record<Setting, (c: Canvas) => SettingLayers> = { desk, road, water, beach, sky };

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

function drawView(product: SeedProduct, view: number): string {
  const kind: Kind = KINDS[kindOf(product)];
  const c = new Canvas(lookOf(product, kind));
  if (view === 1) return c.svg(studio(c) + kind.draw(c));
  if (view === 2) {
    const art = kind.back ? kind.back(c) : place(kind.draw(c), kind.focus ?? [MID, MID], [MID, MID], 1.55);
    return c.svg(detailBackdrop(c) + art);
  }
  if (view === 3) {
    const setting = SETTINGS[kind.setting](c);
    const art = place(kind.draw(c), [MID, kind.base], [MID, setting.ground], setting.scale);
    return c.svg(setting.behind + art + setting.inFront);
  }
  return c.svg(darkStudio(c) + place(kind.draw(c), [MID, kind.base], [MID, 500], 0.86, -4));
}

function drawMembership(): string {
  const c = new Canvas({ name: 'premium', brand: 'bilum', hue: 175, seed: 0, finish: '#0a3f46', accent: '#e3b54a' });
  const background = c.radial(['#fdf8ea', '#f1e6c8', '#d7c49a'], 0.5, 0.4, 0.8);
  return c.svg(
    rect(0, 0, SIZE, SIZE, background) + circle(480, 110, 150, '#e9f4f1', { opacity: 0.7 }) + membershipCard(c),
  );
}

/** Every file the catalogue refers to, with the drawing for it. */
function imagesOf(product: SeedProduct): Array<readonly [string, () => string]> {
  if (product.isMembership) return [[product.image, drawMembership]];
  return [product.image, ...product.galleryImages].map((src, i) => [src, () => drawView(product, i + 1)] as const);
}

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  let count = 0;
  let largest = 0;
  for (const product of seedProducts) {
    for (const [src, draw] of imagesOf(product)) {
      const svg = draw();
      writeFileSync(join(OUT_DIR, src.split('/').pop() ?? src), svg);
      largest = Math.max(largest, svg.length);
      count++;
    }
  }
  console.log(`Wrote ${count} SVG files to ${OUT_DIR} (largest ${largest} bytes).`);
}

main();
