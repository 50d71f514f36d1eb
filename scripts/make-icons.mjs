// Renders the installable app's PNG icons (apps/web/public/icons) from the logo mark, the same
// gold "T" on navy as apps/web/public/favicon.svg. Run once after changing the mark:
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, 'apps/web/public/icons');

const navy = '#0b1020';
const gold = '#f2c14e';
const goldLight = '#ffd36b';

/** The "T" of favicon.svg, drawn on its 32-unit grid. */
const letter = 'M9 9h14v3.5h-5.2V24h-3.6V12.5H9z';

/**
 * `rounded`: the favicon's rounded square, for places that show the icon as it is.
 * `maskable`: full-bleed background with the letter inside the central safe zone (80 %), for
 * launchers that cut their own shape.
 */
function svg({ rounded, maskable }) {
  const scale = maskable ? 0.72 : 1;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${goldLight}"/>
      <stop offset="1" stop-color="${gold}"/>
    </linearGradient>
  </defs>
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${navy}"/>
  <path d="${letter}" fill="url(#g)" transform="translate(${offset} ${offset}) scale(${scale})"/>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, maskable: false },
  { file: 'icon-512.png', size: 512, rounded: true, maskable: false },
  { file: 'maskable-512.png', size: 512, rounded: false, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, maskable: false },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  const png = new Resvg(svg(icon), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
