import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text runs a PDF reader shows (and copies), in drawing order, as pdf.js extracts them
 * through each embedded font's ToUnicode map. Empty runs (the breaks between lines) are left out.
 */
export async function pdfLines(pdf: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given; a copy leaves the caller's bytes intact.
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  try {
    const lines: string[] = [];
    for (let page = 1; page <= document.numPages; page += 1) {
      const content = await (await document.getPage(page)).getTextContent();
      for (const item of content.items) {
        if ('str' in item && item.str.trim() !== '') lines.push(item.str);
      }
    }
    return lines;
  } finally {
    await document.destroy();
  }
}
