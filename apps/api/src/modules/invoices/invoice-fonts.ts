import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The faces an invoice or credit note prints with, and the choice of face per run of text
 * (decision 065). Hind (./fonts, SIL Open Font License) covers Latin, Devanagari (Hindi, Marathi)
 * and the rupee sign; Noto Sans Tamil, Telugu and Bengali (the `@fontsource/*` npm packages, SIL
 * Open Font License, their script's subset as WOFF) cover the other three scripts. The PDF embeds
 * only the glyphs it uses, so an English invoice is as small as before.
 */
export type FaceName = 'hind' | 'tamil' | 'telugu' | 'bengali';
export type Weight = 'regular' | 'bold';

interface Face {
  name: FaceName;
  regular: Buffer;
  bold: Buffer;
  /** Parsed once to know which characters the face can draw. */
  coverage: fontkit.Font;
}

const require = createRequire(import.meta.url);

function fontsource(family: string, subset: string, weight: 400 | 700): Buffer {
  return readFileSync(
    require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`),
  );
}

function face(name: FaceName, regular: Buffer, bold: Buffer): Face {
  return { name, regular, bold, coverage: fontkit.create(regular) as fontkit.Font };
}

let faces: Face[] | undefined;
/** Read on the first document, then kept: every receipt mail renders one. Hind first. */
export function invoiceFaces(): Face[] {
  faces ??= [
    face(
      'hind',
      readFileSync(new URL('./fonts/Hind_400Regular.ttf', import.meta.url)),
      readFileSync(new URL('./fonts/Hind_700Bold.ttf', import.meta.url)),
    ),
    face(
      'tamil',
      fontsource('noto-sans-tamil', 'tamil', 400),
      fontsource('noto-sans-tamil', 'tamil', 700),
    ),
    face(
      'telugu',
      fontsource('noto-sans-telugu', 'telugu', 400),
      fontsource('noto-sans-telugu', 'telugu', 700),
    ),
    face(
      'bengali',
      fontsource('noto-sans-bengali', 'bengali', 400),
      fontsource('noto-sans-bengali', 'bengali', 700),
    ),
  ];
  return faces;
}

/** The name a face and weight are registered under in a PDF document. */
export const fontName = (name: FaceName, weight: Weight) => `${name}-${weight}`;

/** Registers every face in both weights on a document. */
export function registerInvoiceFonts(doc: PDFKit.PDFDocument): void {
  for (const { name, regular, bold } of invoiceFaces()) {
    doc.registerFont(fontName(name, 'regular'), regular);
    doc.registerFont(fontName(name, 'bold'), bold);
  }
}

const JOINERS = new Set([0x200c, 0x200d]);

export interface Run {
  face: FaceName;
  text: string;
}

/**
 * Splits text into runs each of one face: a character stays in the current run when that face
 * draws it (spaces and digits do not break a Tamil name), else goes to the first face that does.
 * A character no face draws (an emoji, a script none covers) prints as '?', as before; a
 * zero-width joiner no face knows is dropped. The database keeps the real text.
 */
export function scriptRuns(value: string): Run[] {
  const all = invoiceFaces();
  const runs: Run[] = [];
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '\n') {
      if (runs.length) runs[runs.length - 1]!.text += char;
      else runs.push({ face: 'hind', text: char });
      continue;
    }
    const current = runs.at(-1);
    const draws = (f: Face) => code >= 0x20 && f.coverage.hasGlyphForCodePoint(code);
    const currentFace = current && all.find((f) => f.name === current.face);
    const chosen = currentFace && draws(currentFace) ? currentFace : all.find(draws);
    if (!chosen && JOINERS.has(code)) continue;
    const faceName = chosen?.name ?? 'hind';
    const printed = chosen ? char : '?';
    if (current && current.face === faceName) current.text += printed;
    else runs.push({ face: faceName, text: printed });
  }
  return runs;
}

/**
 * Shaping features a face must go without: fontkit 2.0.4 fails on an above-base mark anchor of
 * Noto Sans Telugu ('శ్రీ' throws), so Telugu marks above the letter keep their default place.
 * A fresh object per call: fontkit adds to the object it is given.
 */
function featuresOf(name: FaceName): PDFKit.Mixins.TextOptions['features'] | undefined {
  return name === 'telugu' ? ({ abvm: false } as never) : undefined;
}

/**
 * Writes text at (x, y) with the face each run needs, in the given weight; `options` apply to
 * the whole line (pdfkit continues the line across runs).
 */
export function writeRuns(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: Weight,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = scriptRuns(value);
  if (runs.length === 0) return;
  runs.forEach((run, index) => {
    const last = index === runs.length - 1;
    doc.font(fontName(run.face, weight));
    const features = featuresOf(run.face);
    const runOptions = { continued: !last, ...(features ? { features } : {}) };
    if (index === 0) doc.text(run.text, x, y, { ...options, ...runOptions });
    else doc.text(run.text, runOptions);
  });
}
