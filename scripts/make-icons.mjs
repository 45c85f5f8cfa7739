// Renders the app icons in public/icons from one SVG drawing. Run it after changing the logo:
//   node scripts/make-icons.mjs
import fs from 'node:fs/promises';
import sharp from 'sharp';

const glyph = `
  <path d="M256 150 L96 214 L256 278 L416 214 Z" fill="#ffffff"/>
  <path d="M160 250 V318 C160 350 352 350 352 318 V250 L256 290 Z" fill="#ffffff"/>
  <rect x="398" y="214" width="14" height="96" rx="7" fill="#f4a62a"/>
  <circle cx="405" cy="318" r="16" fill="#f4a62a"/>`;

const logo = (rounded) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 96 : 0}" fill="#0f5e6e"/>${glyph}
</svg>`;

// A maskable icon keeps its drawing inside the central 80% safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#0f5e6e"/>
  <g transform="translate(51.2 51.2) scale(0.8)">${glyph}</g>
</svg>`;

await fs.mkdir('public/icons', { recursive: true });
await fs.writeFile('public/icons/favicon.svg', logo(true).replace(/\n\s*/g, ''));
for (const size of [192, 512]) {
  await sharp(Buffer.from(logo(true)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/icon-${size}.png`);
}
await sharp(Buffer.from(maskable))
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile('public/icons/icon-maskable-512.png');
console.log('icons written to public/icons');
