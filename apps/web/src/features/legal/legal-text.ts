export type LegalBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * Splits a section's catalogue text into blocks: paragraphs are separated by a blank line, and a
 * block whose every line starts with "- " is a bulleted list. Keeps the legal text plain strings
 * (easy to translate and review) while still rendering real lists.
 */
export function legalBlocks(body: string): LegalBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block): LegalBlock => {
      const lines = block.split('\n').map((line) => line.trim());
      return lines.every((line) => line.startsWith('- '))
        ? { kind: 'list', items: lines.map((line) => line.slice(2).trim()) }
        : { kind: 'paragraph', text: lines.join(' ') };
    });
}
