// Renders the marketing illustrations in src/client/features/marketing/images from SVG drawings
// made here, so that every content image ships with the app and works offline. Run it after
// changing a drawing:   node scripts/make-images.mjs
// Each image is written at the largest size it is shown (hero 800x500, cards 640 wide) as WebP.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../src/client/features/marketing/images');

const c = {
  teal: '#0f5e6e',
  tealDark: '#0a4350',
  tealLight: '#cfe6ea',
  mint: '#e6f1f3',
  amber: '#f4a62a',
  amberLight: '#fde9c4',
  coral: '#e36f5a',
  plum: '#6b5ca5',
  sky: '#dbeefb',
  ink: '#1d2630',
  paper: '#ffffff',
  skin: ['#8d5524', '#c68642', '#e0ac69', '#f1c27d'],
};

const svg = (w, h, bg, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>`;

/** A seated or standing figure: head, hair, body, arms; (x, y) is the top of the head. */
function person(x, y, { s = 1, skin = c.skin[1], shirt = c.teal, hair = c.ink, legs = c.tealDark } = {}) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-34 96 Q-34 58 0 58 Q34 58 34 96 V160 H-34 Z" fill="${shirt}"/>
    <rect x="-30" y="156" width="26" height="80" rx="10" fill="${legs}"/>
    <rect x="4" y="156" width="26" height="80" rx="10" fill="${legs}"/>
    <rect x="-9" y="44" width="18" height="20" fill="${skin}"/>
    <circle cx="0" cy="26" r="26" fill="${skin}"/>
    <path d="M-27 24 Q-26 -6 2 -4 Q28 -4 27 22 Q16 8 -4 10 Q-18 12 -27 24 Z" fill="${hair}"/>
  </g>`;
}

const laptop = (x, y, w = 150) => `<g transform="translate(${x} ${y})">
  <rect x="0" y="0" width="${w}" height="${w * 0.62}" rx="8" fill="${c.ink}"/>
  <rect x="8" y="8" width="${w - 16}" height="${w * 0.62 - 16}" rx="4" fill="${c.sky}"/>
  <polygon points="${w * 0.42},${w * 0.18} ${w * 0.42},${w * 0.44} ${w * 0.62},${w * 0.31}" fill="${c.teal}"/>
  <rect x="${-w * 0.1}" y="${w * 0.62}" width="${w * 1.2}" height="12" rx="6" fill="#59636e"/>
</g>`;

const books = (x, y) => `<g transform="translate(${x} ${y})">
  <rect x="0" y="0" width="120" height="22" rx="4" fill="${c.coral}"/>
  <rect x="10" y="-22" width="104" height="22" rx="4" fill="${c.amber}"/>
  <rect x="-4" y="-44" width="116" height="22" rx="4" fill="${c.plum}"/>
  <rect x="6" y="-40" width="6" height="14" fill="${c.paper}" opacity=".6"/>
</g>`;

const bubble = (
  x,
  y,
  w,
  h,
  fill,
  text,
  textFill = c.paper,
  size = 30,
) => `<g transform="translate(${x} ${y})">
  <rect width="${w}" height="${h}" rx="${h / 3}" fill="${fill}"/>
  <polygon points="${w * 0.2},${h - 2} ${w * 0.2 + 26},${h - 2} ${w * 0.16},${h + 26}" fill="${fill}"/>
  <text x="${w / 2}" y="${h / 2 + size * 0.36}" font-family="DejaVu Sans, sans-serif" font-weight="700"
    font-size="${size}" text-anchor="middle" fill="${textFill}">${text}</text>
</g>`;

const dots = (w, h, fill, step = 46) => {
  let d = '';
  for (let y = step / 2; y < h; y += step) for (let x = step / 2; x < w; x += step) d += `M${x} ${y}h.01`;
  return `<path d="${d}" stroke="${fill}" stroke-width="6" stroke-linecap="round"/>`;
};

const blob = (cx, cy, r, fill) =>
  `<path d="M${cx - r} ${cy} C${cx - r} ${cy - r * 0.9} ${cx - r * 0.3} ${cy - r} ${cx + r * 0.1} ${cy - r}
  C${cx + r * 0.8} ${cy - r} ${cx + r} ${cy - r * 0.4} ${cx + r} ${cy + r * 0.05}
  C${cx + r} ${cy + r * 0.8} ${cx + r * 0.4} ${cy + r} ${cx - r * 0.1} ${cy + r}
  C${cx - r * 0.8} ${cy + r} ${cx - r} ${cy + r * 0.6} ${cx - r} ${cy} Z" fill="${fill}"/>`;

const ground = (w, h, fill) => `<rect x="0" y="${h - 46}" width="${w}" height="46" fill="${fill}"/>`;

const images = {
  // Hero 1: students learning with a laptop and books.
  'hero-courses': svg(
    800,
    500,
    c.mint,
    dots(800, 500, c.tealLight) +
      blob(420, 250, 210, c.paper) +
      ground(800, 500, c.tealLight) +
      person(250, 150, { skin: c.skin[0], shirt: c.amber, legs: c.tealDark }) +
      person(560, 140, { skin: c.skin[2], shirt: c.coral, hair: '#4a2c1a' }) +
      laptop(330, 300, 170) +
      books(620, 430) +
      bubble(120, 40, 120, 70, c.teal, 'A+'),
  ),
  // Hero 2: a teacher at a board.
  'hero-teach': svg(
    800,
    500,
    c.amberLight,
    dots(800, 500, '#f7d79c') +
      `<rect x="300" y="70" width="420" height="260" rx="14" fill="${c.tealDark}"/>
       <rect x="316" y="86" width="388" height="228" rx="8" fill="${c.teal}"/>
       <path d="M350 140 h150 M350 180 h220 M350 220 h120" stroke="${c.paper}" stroke-width="10" stroke-linecap="round"/>
       <circle cx="620" cy="230" r="44" fill="none" stroke="${c.amber}" stroke-width="10"/>
       <path d="M600 230 l14 14 l28 -30" fill="none" stroke="${c.amber}" stroke-width="10" stroke-linecap="round"/>` +
      ground(800, 500, '#f7d79c') +
      person(200, 170, { skin: c.skin[1], shirt: c.plum, hair: c.ink, s: 1.12 }) +
      `<rect x="228" y="250" width="90" height="12" rx="6" fill="${c.skin[1]}" transform="rotate(-28 228 250)"/>`,
  ),
  // Hero 3: a school building with a flag.
  'hero-schools': svg(
    800,
    500,
    c.sky,
    blob(130, 110, 60, c.paper) +
      blob(660, 90, 48, c.paper) +
      ground(800, 500, '#bfe3c6') +
      `<rect x="200" y="200" width="400" height="254" fill="${c.coral}"/>
       <polygon points="180,210 400,90 620,210" fill="${c.tealDark}"/>
       <rect x="360" y="340" width="80" height="114" rx="6" fill="${c.tealDark}"/>
       <circle cx="400" cy="165" r="30" fill="${c.paper}"/>
       <path d="M400 145 v22 l14 8" stroke="${c.ink}" stroke-width="6" fill="none" stroke-linecap="round"/>
       <rect x="400" y="20" width="6" height="72" fill="${c.ink}"/>
       <rect x="406" y="22" width="60" height="36" fill="${c.amber}"/>` +
      [230, 300, 460, 530]
        .map(
          (x) =>
            `<rect x="${x}" y="240" width="44" height="44" rx="4" fill="${c.sky}"/><rect x="${x}" y="310" width="44" height="44" rx="4" fill="${c.sky}"/>`,
        )
        .join('') +
      person(120, 260, { s: 0.72, skin: c.skin[3], shirt: c.teal }) +
      person(680, 260, { s: 0.72, skin: c.skin[0], shirt: c.amber }),
  ),
  // The Popular Courses card: English Speaking.
  'course-english': svg(
    640,
    400,
    c.mint,
    dots(640, 400, c.tealLight, 40) +
      bubble(70, 70, 230, 110, c.teal, 'Hello!', c.paper, 44) +
      bubble(320, 190, 280, 110, c.amber, 'How are you?', c.ink, 34) +
      person(170, 230, { s: 0.6, skin: c.skin[2], shirt: c.coral }) +
      person(480, 60, { s: 0.45, skin: c.skin[0], shirt: c.plum }),
  ),
  // Blog entries.
  'blog-1': svg(
    640,
    360,
    c.mint,
    dots(640, 360, c.tealLight, 40) + laptop(220, 90, 200) + bubble(60, 40, 130, 70, c.amber, 'e', c.ink, 40),
  ),
  'blog-2': svg(
    640,
    360,
    c.sky,
    `<g transform="translate(320 250)" fill="none" stroke-linecap="round" stroke-width="22">
       <path d="M-170 -60 A240 240 0 0 1 170 -60" stroke="${c.tealLight}"/>
       <path d="M-110 0 A155 155 0 0 1 110 0" stroke="${c.teal}"/>
       <path d="M-52 56 A75 75 0 0 1 52 56" stroke="${c.teal}"/>
     </g><circle cx="320" cy="330" r="20" fill="${c.amber}"/>`,
  ),
  'blog-3': svg(
    640,
    360,
    c.amberLight,
    `<rect x="250" y="30" width="140" height="290" rx="22" fill="${c.ink}"/>
     <rect x="262" y="56" width="116" height="230" rx="6" fill="${c.paper}"/>
     <rect x="276" y="72" width="88" height="60" rx="4" fill="${c.teal}"/>
     <path d="M280 150 h80 M280 172 h60 M280 194 h72" stroke="${c.tealLight}" stroke-width="10" stroke-linecap="round"/>
     <rect x="276" y="226" width="88" height="36" rx="18" fill="${c.amber}"/>` +
      books(80, 320) +
      books(450, 320),
  ),
  'blog-4': svg(
    640,
    360,
    c.mint,
    `<rect x="110" y="50" width="420" height="250" rx="16" fill="${c.tealDark}"/>
     <circle cx="320" cy="175" r="62" fill="${c.amber}"/>
     <polygon points="300,140 300,210 356,175" fill="${c.tealDark}"/>
     <rect x="140" y="270" width="360" height="10" rx="5" fill="${c.tealLight}"/>
     <rect x="140" y="270" width="150" height="10" rx="5" fill="${c.amber}"/>`,
  ),
  'blog-5': svg(
    640,
    360,
    c.sky,
    person(200, 90, { s: 0.8, skin: c.skin[1], shirt: c.teal }) +
      person(320, 70, { s: 0.9, skin: c.skin[3], shirt: c.amber, hair: '#4a2c1a' }) +
      person(440, 90, { s: 0.8, skin: c.skin[0], shirt: c.plum }) +
      bubble(90, 30, 90, 56, c.coral, '?', c.paper, 34) +
      bubble(470, 20, 90, 56, c.teal, '!', c.paper, 34),
  ),
  'blog-6': svg(
    640,
    360,
    c.amberLight,
    `<polygon points="140,150 230,80 320,150" fill="${c.coral}"/>
     <rect x="160" y="150" width="140" height="150" fill="${c.paper}"/>
     <rect x="210" y="220" width="40" height="80" fill="${c.tealDark}"/>
     <path d="M330 210 h120" stroke="${c.teal}" stroke-width="12" stroke-dasharray="4 22" stroke-linecap="round"/>
     <polygon points="450,190 480,210 450,230" fill="${c.teal}"/>` + laptop(480, 170, 120),
  ),
  'blog-7': svg(
    640,
    360,
    c.mint,
    `<circle cx="200" cy="180" r="90" fill="${c.amber}"/>
     <path d="M160 180 l30 30 l55 -60" stroke="${c.paper}" stroke-width="18" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
     <g transform="translate(360 100)">
       <rect width="170" height="160" rx="12" fill="${c.paper}"/>
       <path d="M24 40 h120 M24 80 h90 M24 120 h110" stroke="${c.tealLight}" stroke-width="14" stroke-linecap="round"/>
       <circle cx="150" cy="150" r="28" fill="${c.coral}"/>
     </g>`,
  ),
};

await fs.mkdir(out, { recursive: true });
for (const [name, drawing] of Object.entries(images)) {
  const file = path.join(out, `${name}.webp`);
  const info = await sharp(Buffer.from(drawing)).webp({ quality: 78, effort: 6 }).toFile(file);
  console.log(`${name}.webp ${info.width}x${info.height} ${(info.size / 1024).toFixed(1)} KB`);
}
