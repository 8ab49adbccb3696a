import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';

/**
 * Reading back the PDFs the shop draws, in tests, as a PDF reader does: the text through each font's ToUnicode map
 * (what copying or searching the PDF gives), and the glyphs of the embedded fonts.
 */

const decode = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** A font's ToUnicode CMap: the code (hex, as shown) → the text it stands for. */
function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, block = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', text = ''] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(code.toUpperCase(), utf16(text));
    }
  }
  for (const [, block = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from = '', to = '', first = ''] of block.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const start = Number.parseInt(from, 16);
      const base = Number.parseInt(first, 16);
      for (let code = start; code <= Number.parseInt(to, 16); code += 1) {
        map.set(code.toString(16).toUpperCase().padStart(from.length, '0'), String.fromCodePoint(base + code - start));
      }
    }
  }
  return map;
}

function contentOf(document: PDFDocument, contents: PDFObject | undefined): string {
  const resolved = contents instanceof PDFRef ? document.context.lookup(contents) : contents;
  if (resolved instanceof PDFRawStream) return decode(resolved);
  if (resolved instanceof PDFArray) {
    return resolved
      .asArray()
      .map((each) => contentOf(document, each))
      .join('\n');
  }
  return '';
}

interface PageFont {
  toUnicode: Map<string, string>;
  codeLength: number;
}

function pageFonts(document: PDFDocument, resources: PDFDict | undefined): Map<string, PageFont> {
  const fonts = new Map<string, PageFont>();
  const dict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [name, ref] of dict?.entries() ?? []) {
    const font = document.context.lookup(ref, PDFDict);
    const stream = font.lookupMaybe(PDFName.of('ToUnicode'), PDFStream);
    const toUnicode = stream instanceof PDFRawStream ? parseToUnicode(decode(stream)) : new Map<string, string>();
    const codeLength = [...toUnicode.keys()][0]?.length ?? 2;
    fonts.set(name.asString(), { toUnicode, codeLength });
  }
  return fonts;
}

/**
 * The text of every page, a line per baseline (top to bottom), the pieces of a line in order from the left and
 * joined without spaces (so one name drawn in several fonts reads as one).
 */
export async function pdfShownText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of document.getPages()) {
    const fonts = pageFonts(document, page.node.Resources());
    const pieces: { x: number; y: number; text: string }[] = [];
    let font: PageFont | undefined;
    let x = 0;
    let y = 0;
    let operands: string[] = [];
    const content = contentOf(document, page.node.get(PDFName.of('Contents')));
    for (const [token] of content.matchAll(/\/[^\s/<>[\]()]+|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|[^\s/<>[\]()]+/g)) {
      if (/^[A-Za-z'"*]+$/.test(token) && token !== 'true' && token !== 'false') {
        if (token === 'Tf') font = fonts.get(operands[0] ?? '');
        if (token === 'Tm') [x, y] = operands.slice(4).map(Number) as [number, number];
        if (token === 'Td') [x, y] = [x + Number(operands[0]), y + Number(operands[1])];
        if (token === 'Tj' && font && operands[0]?.startsWith('<')) {
          const hex = operands[0].slice(1, -1).replace(/\s/g, '').toUpperCase();
          let text = '';
          for (let at = 0; at < hex.length; at += font.codeLength) {
            text += font.toUnicode.get(hex.slice(at, at + font.codeLength)) ?? '\ufffd';
          }
          pieces.push({ x, y, text });
        }
        operands = [];
      } else {
        operands.push(token);
      }
    }
    const baselines = [...new Set(pieces.map((piece) => Math.round(piece.y)))].sort((a, b) => b - a);
    for (const baseline of baselines) {
      const onLine = pieces.filter((piece) => Math.round(piece.y) === baseline).sort((a, b) => a.x - b.x);
      lines.push(onLine.map((piece) => piece.text).join(''));
    }
  }
  return lines.join('\n');
}

export interface EmbeddedFont {
  /** The PostScript name in the PDF (pdf-lib adds a tag: `DejaVuSans-1234`). */
  name: string;
  /** The outline of each glyph of the embedded (subset) font, as SVG path data ('' for none); a broken subset throws. */
  glyphOutlines: string[];
}

/** The fonts embedded in the PDF, each parsed again from its embedded file. */
export async function pdfEmbeddedFonts(bytes: Uint8Array): Promise<EmbeddedFont[]> {
  const document = await PDFDocument.load(bytes);
  const fonts: EmbeddedFont[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = object.lookupMaybe(PDFName.of('FontFile2'), PDFStream);
    if (!(file instanceof PDFRawStream)) continue;
    const font = fontkit.create(decodePDFRawStream(file).decode());
    const glyphOutlines = Array.from({ length: font.numGlyphs }, (_, id) => font.getGlyph(id).path.toSVG());
    fonts.push({ name: object.lookup(PDFName.of('FontName'), PDFName).asString().slice(1), glyphOutlines });
  }
  return fonts;
}
