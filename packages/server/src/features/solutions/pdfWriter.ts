/**
 * A small page writer over pdf-lib for the solution PDF: a cursor that flows text down A4 pages,
 * wraps it to a width, starts a new page when the next block does not fit, and draws the device
 * pictures as vector shapes. Standard Helvetica only (no embedded font files): text is reduced to
 * what its WinAnsi encoding can show.
 */

import type { SolutionRole } from '@netloom/domain';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

type PdfLib = typeof import('pdf-lib');

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 50;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Space kept clear at the bottom for the footer. */
const FOOTER_SPACE = 40;

/** The document's colours, made with pdf-lib's `rgb` once the library is loaded. */
function palette(rgb: PdfLib['rgb']) {
  return {
    brand: rgb(0.086, 0.467, 1), // Ant Design's primary blue #1677ff
    brandDark: rgb(0.035, 0.263, 0.643),
    text: rgb(0.12, 0.14, 0.18),
    muted: rgb(0.42, 0.45, 0.5),
    rule: rgb(0.85, 0.87, 0.9),
    fill: rgb(0.95, 0.97, 1),
    white: rgb(1, 1, 1),
  };
}
export type Palette = ReturnType<typeof palette>;
type Colour = Palette['text'];

const REPLACEMENTS: Record<string, string> = {
  '≈': '~',
  '−': '-',
  '→': '->',
  '≥': '>=',
  '≤': '<=',
  '·': '-',
};

export class PdfWriter {
  page!: PDFPage;
  y = 0;
  private chars!: Set<number>;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly colours: Palette,
  ) {
    this.chars = new Set(regular.getCharacterSet());
  }

  static async create(doc: PDFDocument): Promise<PdfWriter> {
    const { rgb, StandardFonts } = await import('pdf-lib');
    const w = new PdfWriter(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
      palette(rgb),
    );
    return w;
  }

  /** The text as Helvetica can draw it: known look-alikes replaced, anything else as "?". */
  clean(s: string): string {
    return [...s]
      .map((c) => REPLACEMENTS[c] ?? (this.chars.has(c.codePointAt(0) ?? 0) || c === '\n' ? c : '?'))
      .join('');
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SPACE - 20) this.newPage();
  }

  /** Lines of `text` wrapped to `width` (paragraph breaks kept). */
  wrap(text: string, width: number, size: number, font: PDFFont = this.regular): string[] {
    const out: string[] = [];
    for (const para of this.clean(text).split('\n')) {
      let line = '';
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          out.push(line);
          line = word;
        }
      }
      out.push(line);
    }
    return out;
  }

  text(s: string, x: number, y: number, size: number, opts: { bold?: boolean; colour?: Colour } = {}) {
    this.page.drawText(this.clean(s), {
      x,
      y,
      size,
      font: opts.bold ? this.bold : this.regular,
      color: opts.colour ?? this.colours.text,
    });
  }

  /** A wrapped paragraph at the cursor; the cursor moves below it. */
  paragraph(s: string, size = 10.5, opts: { indent?: number; bullet?: boolean } = {}): void {
    const indent = opts.indent ?? 0;
    const lead = size * 1.45;
    const lines = this.wrap(s, CONTENT_WIDTH - indent - (opts.bullet ? 12 : 0), size);
    lines.forEach((line, i) => {
      this.ensure(lead);
      if (opts.bullet && i === 0)
        this.page.drawCircle({
          x: MARGIN + indent + 3,
          y: this.y - size * 0.7,
          size: 1.8,
          color: this.colours.brand,
        });
      this.text(line, MARGIN + indent + (opts.bullet ? 12 : 0), this.y - size, size);
      this.y -= lead;
    });
    this.y -= size * 0.4;
  }

  /** A section heading; `keep` points of what follows stay on its page with it. */
  heading(s: string, keep = 60): void {
    this.ensure(keep + 38);
    this.y -= 8;
    this.page.drawRectangle({ x: MARGIN, y: this.y - 16, width: 4, height: 18, color: this.colours.brand });
    this.text(s, MARGIN + 12, this.y - 14, 15, { bold: true });
    this.y -= 30;
  }

  /** Footer and page numbers on every page but the cover. */
  footers(title: string): void {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      if (i === 0) return;
      p.drawLine({
        start: { x: MARGIN, y: 42 },
        end: { x: A4.width - MARGIN, y: 42 },
        thickness: 0.5,
        color: this.colours.rule,
      });
      p.drawText(this.clean(`Netloom network solution · ${title}`), {
        x: MARGIN,
        y: 28,
        size: 8.5,
        font: this.regular,
        color: this.colours.muted,
      });
      const label = `Page ${i + 1} of ${pages.length}`;
      const w = this.regular.widthOfTextAtSize(label, 8.5);
      p.drawText(label, {
        x: A4.width - MARGIN - w,
        y: 28,
        size: 8.5,
        font: this.regular,
        color: this.colours.muted,
      });
    });
  }

  /** A device picture of `role`, `s` points square, its lower-left corner at (x, y). */
  icon(role: SolutionRole, x: number, y: number, s: number): void {
    const p = this.page;
    const line = { borderColor: this.colours.brandDark, borderWidth: 0.8 };
    switch (role) {
      case 'gateway':
      case 'ac':
        p.drawRectangle({ x, y: y + s * 0.25, width: s, height: s * 0.5, color: this.colours.fill, ...line });
        for (let i = 0; i < 3; i++)
          p.drawCircle({
            x: x + s * (0.2 + i * 0.15),
            y: y + s * 0.5,
            size: s * 0.045,
            color: this.colours.brand,
          });
        p.drawLine({
          start: { x: x + s * 0.3, y: y + s * 0.75 },
          end: { x: x + s * 0.2, y: y + s * 0.95 },
          thickness: 0.8,
          color: this.colours.brandDark,
        });
        p.drawLine({
          start: { x: x + s * 0.7, y: y + s * 0.75 },
          end: { x: x + s * 0.8, y: y + s * 0.95 },
          thickness: 0.8,
          color: this.colours.brandDark,
        });
        return;
      case 'core_switch':
      case 'access_switch':
        p.drawRectangle({
          x,
          y: y + s * 0.3,
          width: s,
          height: s * 0.4,
          color: role === 'core_switch' ? this.colours.brand : this.colours.fill,
          ...line,
        });
        for (let i = 0; i < 5; i++)
          p.drawRectangle({
            x: x + s * (0.1 + i * 0.17),
            y: y + s * 0.4,
            width: s * 0.1,
            height: s * 0.12,
            color: role === 'core_switch' ? this.colours.white : this.colours.brandDark,
          });
        return;
      case 'ap':
        p.drawCircle({ x: x + s / 2, y: y + s / 2, size: s * 0.45, color: this.colours.fill, ...line });
        p.drawCircle({ x: x + s / 2, y: y + s / 2, size: s * 0.12, color: this.colours.brand });
        return;
      case 'camera':
        p.drawRectangle({
          x: x + s * 0.05,
          y: y + s * 0.3,
          width: s * 0.65,
          height: s * 0.4,
          color: this.colours.fill,
          ...line,
        });
        p.drawCircle({ x: x + s * 0.8, y: y + s * 0.5, size: s * 0.15, color: this.colours.brandDark });
        return;
      case 'nvr':
        p.drawRectangle({ x, y: y + s * 0.2, width: s, height: s * 0.6, color: this.colours.fill, ...line });
        for (let i = 0; i < 3; i++)
          p.drawLine({
            start: { x: x + s * 0.15, y: y + s * (0.35 + i * 0.15) },
            end: { x: x + s * 0.85, y: y + s * (0.35 + i * 0.15) },
            thickness: 0.8,
            color: this.colours.brandDark,
          });
        return;
    }
  }
}
