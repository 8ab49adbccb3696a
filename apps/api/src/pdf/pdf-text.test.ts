import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfEmbeddedFonts, pdfShownText } from '../test/pdf-reading';
import { drawableText, missingGlyph, pdfText } from './pdf-text';

const names = ['Kōkō Solar Lamp', 'Ōkena', '‘curly’ “quotes”', '✓ in stock', 'Phone 📱 case', '手机壳'];

async function drawn(lines: readonly string[], weight: 'regular' | 'bold' = 'regular') {
  const pdf = await PDFDocument.create();
  const text = await pdfText(pdf);
  const page = pdf.addPage([400, 400]);
  for (const [index, line] of lines.entries()) {
    await text.draw(page, line, { x: 20, y: 360 - index * 20, size: 12, weight });
  }
  return { bytes: await pdf.save(), text };
}

describe('Unicode text in PDFs', () => {
  it('draws names with macrons, curly quotes, ticks, emoji and Chinese, and a reader reads them back', async () => {
    for (const weight of ['regular', 'bold'] as const) {
      const { bytes } = await drawn(names, weight);

      const shown = (await pdfShownText(bytes)).split('\n');
      expect(shown).toEqual(names);
      // Each font's subset really has the outlines (a broken subset draws blanks while its text still copies).
      const fonts = await pdfEmbeddedFonts(bytes);
      expect(fonts.map((font) => font.name.replace(/-\d+$/, '')).sort()).toEqual(
        [weight === 'bold' ? 'DejaVuSans-Bold' : 'DejaVuSans', 'DroidSansFallback', 'Symbola'].sort(),
      );
      for (const font of fonts)
        expect(font.glyphOutlines.filter((outline) => outline !== '').length).toBeGreaterThan(0);
    }
  });

  it('chooses the font per run: Latin in DejaVu Sans, Chinese in Droid Sans Fallback, emoji in Symbola', async () => {
    const { text } = await drawn([]);

    expect(text.runs('Kōkō ✓ “Ōkena”')).toEqual([{ face: 0, text: 'Kōkō ✓ “Ōkena”' }]);
    expect(text.runs('Case 📱 手机壳')).toEqual([
      { face: 0, text: 'Case ' },
      { face: 2, text: '📱' },
      { face: 0, text: ' ' },
      { face: 1, text: '手机壳' },
    ]);
    // Measured over the same runs as drawn: the Chinese characters are full width, wider than the Latin ones.
    expect(text.width('手机壳', 10)).toBeCloseTo(30, 0);
    expect(text.width('Case 📱 手机壳', 10)).toBeCloseTo(
      text.width('Case ', 10) + text.width('📱', 10) + text.width(' ', 10) + text.width('手机壳', 10),
      6,
    );
  });

  it('draws a character no font has as "?" instead of failing, and leaves out what only picks a presentation', async () => {
    const privateUse = '\ue000';
    const { bytes, text } = await drawn([`Odd ${privateUse} name`, 'Heart ❤️ and o\u0304']);

    expect(drawableText('Heart ❤️ and o\u0304\tx')).toBe('Heart ❤ and ō x');
    expect(text.runs(privateUse)).toEqual([{ face: 0, text: missingGlyph }]);
    expect((await pdfShownText(bytes)).split('\n')).toEqual(['Odd ? name', 'Heart ❤ and ō']);
  });

  it('reads back the same text whatever the documents drawn before it held', async () => {
    await drawn(['Ōkena Kōkō']);

    const { bytes } = await drawn(['Odd Onions']);

    expect(await pdfShownText(bytes)).toBe('Odd Onions');
  });

  it('wraps by words and cuts a long run of Chinese between characters, never inside an emoji', async () => {
    const { text } = await drawn([]);

    const lines = text.wrap('手机壳手机壳手机壳手机壳 📱📱📱📱📱📱', 10, 45);

    expect(lines.join('')).toBe('手机壳手机壳手机壳手机壳📱📱📱📱📱📱');
    for (const line of lines) expect(text.width(line, 10)).toBeLessThanOrEqual(45);
    expect(lines.every((line) => !/[\ud800-\udbff]$/.test(line))).toBe(true);
  });
});
