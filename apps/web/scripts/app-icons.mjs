// Renders the installed app's icons (public/icons/*.png, named in the web app manifest in
// vite.config.ts) from the logo in public/favicon.svg. Run after changing the logo, commit the PNGs:
//   npm run app-icons -w @exhale/web
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const logo = await readFile(
  fileURLToPath(new URL('../public/favicon.svg', import.meta.url)),
  'utf8',
);
const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
await mkdir(outDir, { recursive: true });

// The logo's two breaths, without its rounded tile.
const waves = logo
  .replace(/<svg[^>]*>/, '')
  .replace('</svg>', '')
  .replace(/<rect[^>]*\/>/, '');

// 'any' icons are the rounded tile as it is. A maskable icon is cropped by the launcher to a circle
// or squircle that keeps only the central 80%: a full-bleed square with the waves inside that zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#0f766e"/><g transform="translate(4.8 4.8) scale(0.8)">${waves}</g></svg>`;

const icons = [
  { name: 'icon-192.png', svg: logo, size: 192 },
  { name: 'icon-512.png', svg: logo, size: 512 },
  { name: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { name: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
];
for (const icon of icons) {
  const info = await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 48 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${outDir}${icon.name}`);
  console.log(`wrote icons/${icon.name} (${info.width}×${info.height}, ${info.size} bytes)`);
}
