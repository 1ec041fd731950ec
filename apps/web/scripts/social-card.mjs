// Renders the link-preview card (public/social-card.png, 1200×630, what WhatsApp, Facebook and X
// show for a shared link) from social-card.svg. Run after editing the SVG and commit both:
//   npm run social-card -w @exhale/web
// The text is drawn with the machine's Liberation Sans (Debian's fonts-liberation).
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const source = fileURLToPath(new URL('./social-card.svg', import.meta.url));
const target = fileURLToPath(new URL('../public/social-card.png', import.meta.url));

const info = await sharp(source)
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(target);
console.log(`wrote ${target} (${info.width}×${info.height}, ${info.size} bytes)`);
