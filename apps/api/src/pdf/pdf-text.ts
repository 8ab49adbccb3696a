import { readFile } from 'node:fs/promises';
import fontkit, { type Font as FontkitFont } from '@pdf-lib/fontkit';
import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/**
 * Unicode text in the shop's PDFs (issue 27): every name a shop can type is drawn, in fonts shipped in the repo
 * (apps/api/assets/fonts, see its README), embedded as subsets. Each character is drawn by the first font of its
 * weight's chain that has its glyph; one that none has is drawn as "?", never an error. Widths are measured over
 * the same runs, so wrapping and right alignment match what is drawn.
 */

export type FontWeight = 'regular' | 'bold';

const fontsFolder = new URL('../../assets/fonts/', import.meta.url);

/** The chains, first font first: Latin, Greek, Cyrillic and symbols; then Chinese, Japanese, Korean; then emoji. */
const chains: Record<FontWeight, readonly string[]> = {
  regular: ['DejaVuSans.ttf', 'DroidSansFallback.ttf', 'Symbola.ttf'],
  bold: ['DejaVuSans-Bold.ttf', 'DroidSansFallback.ttf', 'Symbola.ttf'],
};

/** Drawn where no font has the character. */
export const missingGlyph = '?';

interface Face {
  file: string;
  bytes: Uint8Array;
  /** For choosing fonts and measuring: a copy of `parsed` with glyphs of its own. */
  font: FontkitFont;
  /** The parsed font file: its tables are read once per process and shared by every copy (`copyOf`). */
  parsed: FontkitFont;
}

/**
 * A copy of a parsed font that shares its tables (read-only once parsed) but makes its own glyphs, layout and
 * character map. Each document embeds copies: a parsed font keeps the glyphs it has made, and one made while
 * subsetting another document (a component of "Ō", made without its characters) would lose its text (ToUnicode)
 * in the next; parsing each font file again for every document instead cost ~20 ms of the event loop a PDF.
 * fontkit keeps a font's glyphs in `_glyphs` and computes its layout engine and character map lazily on the object
 * they are asked of, so a prototype copy with an empty `_glyphs` is a font of its own over the same tables.
 */
function copyOf(parsed: FontkitFont): FontkitFont {
  const copy = Object.create(parsed) as FontkitFont & { _glyphs: Record<number, unknown> };
  copy._glyphs = {};
  return copy;
}

let faces: Promise<Map<string, Face>> | null = null;

/** The font files, read and parsed once per process, to choose fonts and measure (parsing is lazy: milliseconds). */
function loadFaces(): Promise<Map<string, Face>> {
  faces ??= (async () => {
    const files = [...new Set(Object.values(chains).flat())];
    const loaded = await Promise.all(
      files.map(async (file): Promise<Face> => {
        const bytes: Uint8Array = await readFile(new URL(file, fontsFolder));
        const parsed = fontkit.create(bytes);
        return { file, bytes, parsed, font: copyOf(parsed) };
      }),
    );
    return new Map(loaded.map((face) => [face.file, face]));
  })().catch((error: unknown) => {
    faces = null;
    throw error;
  });
  return faces;
}

/** A piece of text drawn with one font: `face` is its index in the weight's chain. */
export interface TextRun {
  face: number;
  text: string;
}

/**
 * The text as it is drawn: composed (NFC, so a typed "o" + combining macron is the one "ō" the fonts have), tabs
 * and line breaks as spaces, other control characters, variation selectors and zero-width joiners left out (they
 * only choose a presentation; a monochrome font draws the pictures one by one).
 */
export function drawableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(/\p{Cc}|\p{Variation_Selector}|[\u200b\u200c\u2060\ufeff]|\u200d/gu, '');
}

function splitRuns(chain: readonly Face[], text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of drawableText(text)) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    // A combining mark stays with its base's font when that font has it.
    const face =
      last && /\p{M}/u.test(char) && chain[last.face]?.font.hasGlyphForCodePoint(codePoint)
        ? last.face
        : chain.findIndex((candidate) => candidate.font.hasGlyphForCodePoint(codePoint));
    const [drawnWith, drawn] = face === -1 ? [0, missingGlyph] : [face, char];
    if (last && last.face === drawnWith) last.text += drawn;
    else runs.push({ face: drawnWith, text: drawn });
  }
  return runs;
}

/** Advances of runs laid out before, per font: documents draw the same labels and names again and again. */
const advances = new Map<string, Map<string, number>>();
const advancesKept = 4_000;

/** Width in points of a run, as pdf-lib measures and draws it: the laid-out glyphs' advances, no kerning. */
function runWidth(face: Face, text: string, size: number): number {
  let known = advances.get(face.file);
  if (!known) advances.set(face.file, (known = new Map()));
  let advance = known.get(text);
  if (advance === undefined) {
    advance = face.font.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
    if (known.size >= advancesKept) known.clear();
    known.set(text, advance);
  }
  return (advance * size) / face.font.unitsPerEm;
}

export interface DrawTextOptions {
  x: number;
  y: number;
  size: number;
  weight?: FontWeight;
  color?: Color;
}

export interface PdfText {
  /** The runs `draw` would draw (which font draws which characters). */
  runs(text: string, weight?: FontWeight): TextRun[];
  /** The width in points of `text` at `size`, over the same runs as `draw`. */
  width(text: string, size: number, weight?: FontWeight): number;
  /** Draws `text` on one line from (x, y), embedding each font of the chain the first time it is needed. */
  draw(page: PDFPage, text: string, options: DrawTextOptions): Promise<void>;
  /** Lines of at most `width` points: by words, a word too long for a line cut between characters. */
  wrap(text: string, size: number, width: number, weight?: FontWeight): string[];
}

/**
 * The shop's Unicode text for one PDF document. Fonts are embedded as subsets (only the glyphs drawn), and only
 * the fonts some text needed.
 */
export async function pdfText(pdf: PDFDocument): Promise<PdfText> {
  const loaded = await loadFaces();
  const faceOf = (file: string) => {
    const face = loaded.get(file);
    if (!face) throw new Error(`font ${file} was not loaded`);
    return face;
  };
  const chainOf: Record<FontWeight, Face[]> = {
    regular: chains.regular.map(faceOf),
    bold: chains.bold.map(faceOf),
  };
  // pdf-lib asks its fontkit to parse each font it embeds: it gets a copy of its own for this document (`copyOf`).
  const parsedOf = new Map([...loaded.values()].map((face) => [face.bytes, face.parsed]));
  pdf.registerFontkit({
    create(bytes: Uint8Array) {
      const parsed = parsedOf.get(bytes);
      return parsed ? copyOf(parsed) : fontkit.create(bytes);
    },
  } as typeof fontkit);
  const embedded = new Map<string, Promise<PDFFont>>();
  const embed = (face: Face): Promise<PDFFont> => {
    let font = embedded.get(face.file);
    if (!font) {
      font = pdf.embedFont(face.bytes, { subset: true });
      embedded.set(face.file, font);
    }
    return font;
  };

  const runs = (text: string, weight: FontWeight = 'regular') => splitRuns(chainOf[weight], text);
  const width = (text: string, size: number, weight: FontWeight = 'regular') =>
    runs(text, weight).reduce((sum, run) => sum + runWidth(chainOf[weight][run.face] as Face, run.text, size), 0);

  return {
    runs,
    width,

    async draw(page, text, { x, y, size, weight = 'regular', color = rgb(0, 0, 0) }) {
      let at = x;
      for (const run of runs(text, weight)) {
        const face = chainOf[weight][run.face] as Face;
        page.drawText(run.text, { x: at, y, size, font: await embed(face), color });
        at += runWidth(face, run.text, size);
      }
    },

    wrap(text, size, maxWidth, weight = 'regular') {
      const fits = (candidate: string) => width(candidate, size, weight) <= maxWidth;
      const lines: string[] = [];
      for (const paragraph of text.split('\n')) {
        let line = '';
        for (const word of paragraph.split(/\s+/).filter(Boolean)) {
          const candidate = line === '' ? word : `${line} ${word}`;
          if (fits(candidate)) {
            line = candidate;
            continue;
          }
          if (line !== '') lines.push(line);
          // Cut between characters (code points, so an emoji or a Chinese character is never split in two).
          let rest = [...word];
          while (rest.length > 1 && !fits(rest.join(''))) {
            let cut = rest.length - 1;
            while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut -= 1;
            lines.push(rest.slice(0, cut).join(''));
            rest = rest.slice(cut);
          }
          line = rest.join('');
        }
        lines.push(line);
      }
      return lines;
    },
  };
}
