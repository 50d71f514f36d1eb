// Draws the house games' tile art (apps/web/public/art/games/v1): one square SVG per game in one
// house style, the "Taya Originals" look: a jewel-tone ground with soft rays, a key light from the
// top left, a vignette, gold trim, a shadow under the subject and a few sparkles. Corners stay
// square (the cards round them). The files are served for a year as immutable: after changing a
// drawing, write the set to the next version's folder (v2, …) and point packages/contracts'
// `houseGameArtBase` there. Run:
//   node scripts/make-game-art.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'apps/web/public/art/games/v1');
mkdirSync(out, { recursive: true });

const r1 = (n) => String(Math.round(n * 10) / 10);
const pts = (list) => list.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' ');

// ---------- house style ----------
const FONT = 'font-family="Arial,Helvetica,sans-serif" font-weight="900" text-anchor="middle"';

function rays(n = 14) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const b = a + Math.PI / n;
    d += `M50 50L${r1(50 + 90 * Math.cos(a))} ${r1(50 + 90 * Math.sin(a))}L${r1(50 + 90 * Math.cos(b))} ${r1(50 + 90 * Math.sin(b))}z`;
  }
  return d;
}
const RAYS = rays();

/** Shared defs: background, key light, vignette, gold, ball shine, sparkle. */
function defs(c1, c2, extra = '') {
  return `<defs><linearGradient id="b" x2="0" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient><radialGradient id="l" cx=".28" cy=".16" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".42"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/></radialGradient><radialGradient id="v" cy=".42" r=".75"><stop offset=".62" stop-opacity="0"/><stop offset="1" stop-opacity=".5"/></radialGradient><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#fff4b8"/><stop offset=".45" stop-color="#f6c03a"/><stop offset="1" stop-color="#a8640a"/></linearGradient><radialGradient id="sh" cx=".34" cy=".28" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset=".3" stop-color="#fff" stop-opacity=".12"/><stop offset=".8" stop-opacity=".1"/><stop offset="1" stop-opacity=".38"/></radialGradient><path id="s" d="M0-5Q.6-.6 5 0Q.6.6 0 5Q-.6.6-5 0Q-.6-.6 0-5z" fill="#fff"/>${extra}</defs>`;
}

function tile(c1, c2, body, extraDefs = '') {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${defs(c1, c2, extraDefs)}` +
    `<rect width="100" height="100" fill="url(#b)"/><path d="${RAYS}" fill="#fff" opacity=".07"/>` +
    `<rect width="100" height="100" fill="url(#l)"/>${body}` +
    `<rect width="100" height="100" fill="url(#v)"/></svg>`
  );
}

const shadow = (cx, cy, rx, ry = rx / 4, o = 0.35) =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" opacity="${o}"/>`;
const spark = (x, y, k = 1, o = 0.9) =>
  `<use href="#s" transform="translate(${r1(x)} ${r1(y)})${k === 1 ? '' : ` scale(${k})`}" opacity="${o}"/>`;

/** A glossy ball; `label` a short numeral on a white disc. */
function ball(cx, cy, r, color, label) {
  let s = `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${color}"/>`;
  if (label !== undefined) {
    s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.58)}" fill="#fff"/>`;
    s += `<text x="${r1(cx)}" y="${r1(cy + r * 0.27)}" font-size="${r1(r * (String(label).length > 1 ? 0.68 : 0.8))}" fill="#222">${label}</text>`;
  }
  s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#sh)"/>`;
  return s;
}

function star(cx, cy, ro, ri = ro * 0.42, n = 5, rot = -90) {
  const p = [];
  for (let i = 0; i < n * 2; i++) {
    const a = ((rot + (i * 180) / n) * Math.PI) / 180;
    const rr = i % 2 ? ri : ro;
    p.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return `M${pts(p)}z`;
}

// suits, centred on the origin, about 10 units tall
const SUIT = {
  h: 'M0 5C-7-.5-6-6-2.8-6-1.2-6 0-5 0-3.6 0-5 1.2-6 2.8-6 6-6 7-.5 0 5z',
  d: 'M0-6L4.2 0 0 6-4.2 0z',
  s: 'M0-6C-7 0-6 4.5-2.8 4.5-1.6 4.5-.7 3.8-.4 3L-1.8 6H1.8L.4 3C.7 3.8 1.6 4.5 2.8 4.5 6 4.5 7 0 0-6z',
  c: 'M-.9 1.6A2.9 2.9 0 1 1-2.6-2.4 2.9 2.9 0 1 1 2.6-2.4 2.9 2.9 0 1 1 .9 1.6L1.8 6H-1.8z',
};
const suitColor = (s) => (s === 'h' || s === 'd' ? '#d61f3a' : '#1b1f2e');

/** A playing card centred at (cx, cy), rotated by rot degrees about its foot. */
function card(cx, cy, rot, rank, suit, big = true) {
  const c = suitColor(suit);
  return (
    `<g ${FONT} transform="rotate(${rot} ${cx} ${cy + 40}) translate(${cx - 17} ${cy - 24})">` +
    `<rect width="34" height="48" rx="4" fill="#fff" stroke="#c9ccd6" stroke-width=".8"/>` +
    `<text x="6.5" y="10.5" font-size="9" fill="${c}">${rank}</text>` +
    `<path d="${SUIT[suit]}" fill="${c}" transform="translate(6.5 16) scale(.55)"/>` +
    (big
      ? `<text x="17" y="34" font-size="22" fill="${c}">${rank}</text>`
      : `<path d="${SUIT[suit]}" fill="${c}" transform="translate(17 26) scale(1.3)"/>`) +
    `</g>`
  );
}

/** A die face (front view) with its thickness, centred, rotated. */
function die(cx, cy, size, rot, pips, face = '#fff', edge = '#c3c8d4', pip = '#1b1f2e') {
  const h = size / 2;
  const at = {
    1: [[0, 0]],
    2: [
      [-1, -1],
      [1, 1],
    ],
    3: [
      [-1, -1],
      [0, 0],
      [1, 1],
    ],
    4: [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ],
    5: [
      [-1, -1],
      [1, -1],
      [0, 0],
      [-1, 1],
      [1, 1],
    ],
    6: [
      [-1, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [1, 1],
    ],
  }[pips];
  const q = size * 0.27;
  const pr = size * (pips === 1 ? 0.13 : 0.095);
  return (
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${rot})">` +
    `<rect x="${r1(-h + 1.5)}" y="${r1(-h + 3)}" width="${r1(size)}" height="${r1(size)}" rx="${r1(size * 0.2)}" fill="${edge}"/>` +
    `<rect x="${r1(-h)}" y="${r1(-h)}" width="${r1(size)}" height="${r1(size)}" rx="${r1(size * 0.2)}" fill="${face}"/>` +
    `<rect x="${r1(-h)}" y="${r1(-h)}" width="${r1(size)}" height="${r1(size)}" rx="${r1(size * 0.2)}" fill="url(#sh)" opacity=".55"/>` +
    at
      .map(([x, y]) => `<circle cx="${r1(x * q)}" cy="${r1(y * q)}" r="${r1(pr)}" fill="${pip}"/>`)
      .join('') +
    `</g>`
  );
}

/** A colour-game die in three quarter view: the top, the front and a side face. */
function colourDie(x, y, s, top, front, side) {
  const d = s * 0.38;
  return (
    `<path d="M${pts([
      [x, y],
      [x + s, y],
      [x + s + d, y - d * 0.8],
      [x + d, y - d * 0.8],
    ])}z" fill="${top}"/>` +
    `<path d="M${pts([
      [x + s, y],
      [x + s + d, y - d * 0.8],
      [x + s + d, y + s - d * 0.8],
      [x + s, y + s],
    ])}z" fill="${side}"/>` +
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" fill="${front}"/>` +
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" fill="url(#sh)" opacity=".5"/>` +
    `<path d="M${pts([
      [x, y],
      [x + s, y],
      [x + s + d, y - d * 0.8],
      [x + d, y - d * 0.8],
    ])}z" fill="#fff" opacity=".28"/>` +
    `<path d="M${pts([
      [x, y],
      [x + s, y],
      [x + s + d, y - d * 0.8],
      [x + s + d, y + s - d * 0.8],
      [x + s, y + s],
      [x, y + s],
    ])}z" fill="none" stroke="#000" stroke-opacity=".25" stroke-width=".7" stroke-linejoin="round"/>`
  );
}

function coin(cx, cy, r) {
  return (
    `<circle cx="${r1(cx)}" cy="${r1(cy + r * 0.12)}" r="${r1(r)}" fill="#8a4f05"/>` +
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#g)"/>` +
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.72)}" fill="none" stroke="#b8740c" stroke-width="${r1(r * 0.1)}"/>` +
    `<rect x="${r1(cx - r * 0.22)}" y="${r1(cy - r * 0.22)}" width="${r1(r * 0.44)}" height="${r1(r * 0.44)}" fill="#9a5a06"/>`
  );
}

const art = {};

// ---------- Taya Fortune: the house slot (pearl, coin, dragon's pearl, lanterns) ----------
{
  const lantern = (x, y) =>
    `<path d="M${x} ${y - 12}V${y - 7}" stroke="#f6c03a" stroke-width="1"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="7" ry="8" fill="#e3262f"/><ellipse cx="${x}" cy="${y}" rx="7" ry="8" fill="url(#sh)"/>` +
    `<rect x="${x - 4}" y="${y - 9}" width="8" height="2.4" rx="1" fill="url(#g)"/><rect x="${x - 4}" y="${y + 6.6}" width="8" height="2.4" rx="1" fill="url(#g)"/>` +
    `<path d="M${x} ${y + 9}v5" stroke="#f6c03a" stroke-width="1.4"/>`;
  const pearl = (x, y) =>
    `<circle cx="${x}" cy="${y}" r="7.4" fill="#8e6a86"/><circle cx="${x}" cy="${y}" r="7" fill="#f4e6f0"/><circle cx="${x}" cy="${y}" r="7" fill="url(#pe)"/><circle cx="${x}" cy="${y}" r="7" fill="url(#sh)"/>`;
  const seven = (x, y) =>
    `<text x="${x}" y="${y + 6.5}" font-size="19" fill="#d61f3a" stroke="#7a0512" stroke-width=".8">7</text>`;
  const body =
    lantern(12, 20) +
    lantern(88, 20) +
    shadow(50, 84, 36, 5) +
    `<rect x="12" y="24" width="76" height="54" rx="8" fill="#6e0410"/>` +
    `<rect x="13" y="23" width="74" height="52" rx="8" fill="url(#g)"/>` +
    `<rect x="17" y="27" width="66" height="44" rx="5" fill="#3a0209"/>` +
    `<g ${FONT}>` +
    [20, 41.5, 63]
      .map((x) => `<rect x="${x}" y="30" width="17" height="38" rx="3" fill="url(#rl)"/>`)
      .join('') +
    pearl(28.5, 38) +
    seven(50, 38) +
    pearl(71.5, 38) +
    coin(28.5, 58, 6.5) +
    coin(50, 58, 6.5) +
    coin(71.5, 58, 6.5) +
    `</g><path d="M19 58H81" stroke="#ffe36b" stroke-width="1.4" stroke-dasharray="3 2" opacity=".9"/>` +
    `<path d="M17 27h66v8H17z" fill="#fff" opacity=".08"/>` +
    coin(20, 86, 8) +
    coin(80, 88, 7) +
    coin(34, 90, 6) +
    spark(86, 40, 1.1) +
    spark(14, 44, 0.8) +
    spark(62, 18, 0.9);
  art.TAYA_FORTUNE = tile(
    '#e8313f',
    '#4e0412',
    body,
    `<linearGradient id="rl" x2="0" y2="1"><stop offset="0" stop-color="#c9b8a0"/><stop offset=".3" stop-color="#fffaf0"/><stop offset=".7" stop-color="#fffaf0"/><stop offset="1" stop-color="#c9b8a0"/></linearGradient><radialGradient id="pe" cx=".7" cy=".75" r=".6"><stop offset="0" stop-color="#b9a4ff" stop-opacity=".7"/><stop offset="1" stop-color="#ffb6d5" stop-opacity="0"/></radialGradient>`,
  );
}

// ---------- fast e-lotteries: stopwatch with the period, balls in flight ----------
function elott(minutes, c1, c2) {
  const cx = 42;
  const cy = 56;
  let ticks = '';
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const o = 20;
    const n = i % 3 ? 18 : 16;
    ticks += `M${r1(cx + o * Math.cos(a))} ${r1(cy + o * Math.sin(a))}L${r1(cx + n * Math.cos(a))} ${r1(cy + n * Math.sin(a))}`;
  }
  const sweep = (minutes / 5) * 300 + 40;
  const a1 = -Math.PI / 2;
  const a2 = a1 + (sweep * Math.PI) / 180;
  const arc = `M${cx} ${cy}L${cx} ${cy - 15}A15 15 0 ${sweep > 180 ? 1 : 0} 1 ${r1(cx + 15 * Math.cos(a2))} ${r1(cy + 15 * Math.sin(a2))}z`;
  const body =
    `<path d="M84 14L70 34M92 30L76 44M66 10L60 26" stroke="#fff" stroke-width="2.2" stroke-linecap="round" opacity=".35"/>` +
    shadow(45, 86, 30, 4.5) +
    `<rect x="37" y="24" width="10" height="7" rx="2" fill="url(#g)"/><rect x="35" y="20" width="14" height="5" rx="2.5" fill="url(#g)"/>` +
    `<rect x="60" y="32" width="7" height="5" rx="1.5" fill="url(#g)" transform="rotate(45 63 34)"/>` +
    `<circle cx="${cx}" cy="${cy + 1.5}" r="27" fill="#7a4a06"/><circle cx="${cx}" cy="${cy}" r="27" fill="url(#g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="22" fill="#fffdf6"/>` +
    `<path d="${arc}" fill="${c1}" opacity=".28"/>` +
    `<path d="${ticks}" stroke="#3b3f52" stroke-width="1.6" stroke-linecap="round"/>` +
    `<g ${FONT}><text x="${cx}" y="${cy + 7}" font-size="21" fill="${c2}">${minutes}</text><text x="${cx}" y="${cy + 15.5}" font-size="6" fill="#3b3f52">MIN</text></g>` +
    `<circle cx="${cx}" cy="${cy}" r="22" fill="url(#sh)" opacity=".45"/>` +
    `<g ${FONT}>${ball(79, 52, 9.5, '#e53935', '8')}${ball(72, 74, 8.5, '#1e88e5', '3')}${ball(86, 34, 7, '#fdd835')}</g>` +
    spark(20, 22, 1.1) +
    spark(90, 64, 0.7) +
    spark(64, 16, 0.8);
  return tile(c1, c2, body);
}
art.ELOTT_1M = elott(1, '#b04cff', '#2c0a63');
art.ELOTT_3M = elott(3, '#2f86ff', '#0a1f63');
art.ELOTT_5M = elott(5, '#17c3a2', '#04413f');

// ---------- Vietnamese draws: the country's outline, its region lit, and two balls ----------
const VN =
  'M16.5 15L21 13.5L26 13L32.5 10.5L39.5 13L45.5 19.5L40 23.5L35.5 28L34.5 32.5L38.5 37L41 42L47 46.5L50 50.5L52 58L53 64.5L52 69.5L46 73.5L40 75L39 79.5L31.5 84L30 80L30.5 75.5L31.5 72.5L37 72L38.5 69L43.5 65.5L44 59.5L43 54L44 49.5L39 45L34 38.5L29 33L26 30.5L29 28.5L26 27L21.5 23L17 20Z';
function vn(region, c1, c2) {
  const band = { N: [0, 39.5], C: [39.5, 67], S: [67, 100] }[region];
  const starAt = { N: [31, 20], C: [46, 53], S: [37, 76] }[region];
  const label = { N: 'XSMB', C: 'XSMT', S: 'XSMN' }[region];
  const body =
    shadow(36, 90, 22, 3.5) +
    `<g transform="translate(2.5 3)"><path d="${VN}" fill="#000" opacity=".3"/></g>` +
    `<path d="${VN}" fill="#ffd6c2" stroke="#fff" stroke-opacity=".8" stroke-width="1" stroke-linejoin="round"/>` +
    `<path d="${VN}" fill="url(#g)" clip-path="url(#r)"/>` +
    `<path d="${VN}" fill="none" stroke="#fff3b8" stroke-width="1.2" stroke-linejoin="round" clip-path="url(#r)"/>` +
    `<path d="${star(starAt[0], starAt[1], 7)}" fill="#ffe033" stroke="#b5400a" stroke-width="1"/>` +
    `<g ${FONT}>${ball(77, 32, 11, '#fdd835', '6')}${ball(80, 56, 9, '#fff', '2')}` +
    `<rect x="58" y="70" width="38" height="15" rx="7.5" fill="#7a0512"/><rect x="58" y="68.5" width="38" height="15" rx="7.5" fill="url(#g)"/>` +
    `<text x="77" y="79.8" font-size="9.6" fill="#8a1005">${label}</text></g>` +
    spark(90, 12, 1.1) +
    spark(60, 92, 0.7) +
    spark(60, 14, 0.7);
  return tile(
    c1,
    c2,
    body,
    `<clipPath id="r"><rect y="${band[0]}" width="100" height="${band[1] - band[0]}"/></clipPath>`,
  );
}
art.VN_NORTH = vn('N', '#e8352b', '#5e0808');
art.VN_CENTRAL = vn('C', '#e4572a', '#621505');
art.VN_SOUTH = vn('S', '#d9274f', '#55061e');

// ---------- 4D: a ticket with its four balls ----------
art.SEA_4D = tile(
  '#ff9a1f',
  '#6a1e00',
  shadow(50, 84, 36, 5) +
    `<g transform="rotate(-8 50 60)"><rect x="15" y="44" width="70" height="36" rx="4" fill="#7a2a00" opacity=".5" transform="translate(2 3)"/>` +
    `<rect x="15" y="44" width="70" height="36" rx="4" fill="#fff8e8"/><path d="M27 44V80" stroke="#e9c9a0" stroke-width="1" stroke-dasharray="2 2"/>` +
    `<rect x="15" y="44" width="12" height="36" rx="4" fill="#e4572a"/><circle cx="21" cy="53" r="2.2" fill="#fff"/><circle cx="21" cy="62" r="2.2" fill="#fff"/><circle cx="21" cy="71" r="2.2" fill="#fff"/>` +
    `<g ${FONT}><text x="56" y="73" font-size="27" fill="#d61f3a">4D</text></g></g>` +
    `<g ${FONT}>${ball(22, 26, 10, '#e53935', '8')}${ball(42, 20, 10, '#1e88e5', '8')}${ball(62, 24, 10, '#43a047', '2')}${ball(81, 32, 10, '#8e24aa', '6')}</g>` +
    spark(88, 58, 0.8) +
    spark(10, 48, 0.7),
);

// ---------- Thai lottery: the flag's bands, a golden chedi, balls ----------
art.THAI = tile(
  '#2a46b8',
  '#0a1240',
  `<path d="M0 70H100V100H0z" fill="#a51931" opacity=".75"/><path d="M0 74H100V80H0z" fill="#f4f5f8" opacity=".85"/><path d="M0 80H100V92H0z" fill="#2d2a4a" opacity=".8"/>` +
    shadow(42, 76, 24, 3.5) +
    `<path d="M42 8L43.4 22H40.6z" fill="url(#g)"/>` +
    `<path d="M42 20c-2 0-3 1-3 2h6c0-1-1-2-3-2zM38 23h8v2h-8zM39 26h6v2h-6zM37 29h10v2.4H37z" fill="url(#g)"/>` +
    `<path d="M42 31c-9 2-14 10-15 20-.3 3-.5 5-3 7h36c-2.5-2-2.7-4-3-7-1-10-6-18-15-20z" fill="url(#g)"/>` +
    `<path d="M25 58h34v4H25zM21 62h42v4H21zM17 66h50v6H17z" fill="url(#g)"/>` +
    `<path d="M42 33c-6 2-10 9-10.6 18" stroke="#fff" stroke-width="1.6" fill="none" opacity=".5"/>` +
    `<path d="M21 64h42M17 68.5h50" stroke="#8a4f05" stroke-width=".8" opacity=".6"/>` +
    `<g ${FONT}>${ball(78, 44, 10, '#fff', '9')}${ball(76, 66, 9, '#e53935', '1')}${ball(88, 22, 6.5, '#fdd835')}</g>` +
    spark(14, 24, 1.1) +
    spark(64, 16, 0.8) +
    spark(58, 40, 0.6),
);

// ---------- Dice: two dice and the roll-under slider ----------
art.TAYA_DICE = tile(
  '#25c46c',
  '#053a22',
  shadow(50, 66, 34, 5) +
    die(34, 40, 30, -14, 5) +
    die(66, 44, 28, 12, 3) +
    `<rect x="12" y="76" width="76" height="9" rx="4.5" fill="#0a2216"/>` +
    `<rect x="14" y="78" width="44" height="5" rx="2.5" fill="#2ee07a"/><rect x="58" y="78" width="28" height="5" rx="2.5" fill="#ff4d5e"/>` +
    `<rect x="53" y="72" width="10" height="17" rx="3" fill="#fff"/><rect x="53" y="72" width="10" height="17" rx="3" fill="url(#sh)"/>` +
    `<path d="M56 77v7M60 77v7" stroke="#8b93a8" stroke-width="1.2"/>` +
    spark(84, 18, 1.1) +
    spark(14, 18, 0.8) +
    spark(52, 14, 0.6),
);

// ---------- Limbo: a rocket climbing past the target line ----------
art.TAYA_LIMBO = tile(
  '#6a3cf0',
  '#120640',
  `<g fill="#fff"><circle cx="18" cy="30" r="1"/><circle cx="30" cy="14" r=".8"/><circle cx="62" cy="10" r="1.1"/><circle cx="86" cy="48" r=".9"/><circle cx="12" cy="62" r=".8"/><circle cx="90" cy="80" r="1"/></g>` +
    `<path d="M6 44H94" stroke="#2ee07a" stroke-width="1.6" stroke-dasharray="4 3"/>` +
    `<path d="M6 44H94V100H6z" fill="#2ee07a" opacity=".06"/>` +
    `<path d="M22 96C28 84 36 76 48 66" stroke="#ffb020" stroke-width="10" stroke-linecap="round" opacity=".35" fill="none"/>` +
    `<path d="M28 94C32 84 38 78 48 68" stroke="#fff2a8" stroke-width="4" stroke-linecap="round" fill="none"/>` +
    `<g transform="rotate(40 58 46)">` +
    `<path d="M52 66l-8 10 3-16zM64 66l8 10-3-16z" fill="#e53950"/>` +
    `<path d="M58 14c-9 10-10 26-8 52h16c2-26 1-42-8-52z" fill="#f4f6fb"/>` +
    `<path d="M58 14c-9 10-10 26-8 52h5c-2-24 0-40 3-52z" fill="#fff"/><path d="M58 14c9 10 10 26 8 52h-4c2-24 1-40-4-52z" fill="#b8bfd4"/>` +
    `<path d="M58 14c-4 4-6 9-7 14h14c-1-5-3-10-7-14z" fill="#e53950"/>` +
    `<circle cx="58" cy="38" r="5.5" fill="#2a3a7a" stroke="url(#g)" stroke-width="2"/><circle cx="56.5" cy="36.5" r="1.8" fill="#9fd8ff"/>` +
    `<path d="M52 66h12l-2 5h-8z" fill="#8a91a8"/><path d="M54 71h8l-4 10z" fill="#ffcf3a"/></g>` +
    spark(84, 20, 1.2) +
    spark(22, 46, 0.7) +
    spark(44, 20, 0.6),
);

// ---------- Crash: the multiplier curve and its burst ----------
art.TAYA_CRASH = tile(
  '#17407e',
  '#050b22',
  `<path d="M10 20H90M10 40H90M10 60H90M30 10V90M50 10V90M70 10V90" stroke="#8fb4ff" stroke-width=".6" opacity=".25"/>` +
    `<path d="M10 88C40 86 56 72 72 30L72 88z" fill="url(#cf)"/>` +
    `<path d="M10 88C40 86 56 72 72 30" stroke="url(#cs)" stroke-width="4.5" fill="none" stroke-linecap="round"/>` +
    `<path d="${star(74, 28, 18, 8, 10, -72)}" fill="#ff5a2a"/><path d="${star(74, 28, 11, 5, 8, -60)}" fill="#ffcf3a"/><circle cx="74" cy="28" r="4" fill="#fff"/>` +
    `<g fill="#ff8a3a"><circle cx="90" cy="12" r="1.8"/><circle cx="56" cy="14" r="1.4"/><circle cx="92" cy="44" r="1.5"/></g>` +
    `<path d="M10 88H90" stroke="#8fb4ff" stroke-width="1" opacity=".5"/>` +
    spark(26, 26, 1.1) +
    spark(42, 46, 0.6),
  `<linearGradient id="cs"><stop offset="0" stop-color="#2ee07a"/><stop offset=".6" stop-color="#ffd23a"/><stop offset="1" stop-color="#ff3d3d"/></linearGradient><linearGradient id="cf" x2="0" y2="1"><stop offset="0" stop-color="#ffd23a" stop-opacity=".45"/><stop offset="1" stop-color="#2ee07a" stop-opacity=".05"/></linearGradient>`,
);

// ---------- Plinko: the peg triangle, a falling ball and the buckets ----------
{
  let pegs = '';
  for (let row = 0; row < 7; row++) {
    for (let i = 0; i <= row + 2; i++) {
      const x = 50 + (i - (row + 2) / 2) * 9.4;
      const y = 22 + row * 8.4;
      pegs += `M${r1(x)} ${r1(y)}h.01`;
    }
  }
  const colours = [
    '#ff3d5a',
    '#ff7a2e',
    '#ffb020',
    '#ffd84a',
    '#ffd84a',
    '#ffb020',
    '#ff7a2e',
    '#ff3d5a',
  ];
  let buckets = '';
  colours.forEach((c, i) => {
    const x = 50 + (i - 3.5) * 9.4 - 4.1;
    buckets += `<rect x="${r1(x)}" y="82" width="8.2" height="7" rx="1.6" fill="${c}"/>`;
  });
  art.TAYA_PLINKO = tile(
    '#f0408a',
    '#43063a',
    `<path d="M50 14L88 80H12z" fill="#fff" opacity=".06"/>` +
      `<path d="${pegs}" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/>` +
      buckets +
      `<path d="M12 82h76v3H12z" fill="#fff" opacity=".18"/>` +
      `<path d="M50 8C52 18 44 24 47 34" stroke="#ffd9ec" stroke-width="2" stroke-dasharray="1.5 2.5" fill="none" opacity=".7"/>` +
      ball(49, 42, 5.6, '#ff2e8a') +
      spark(86, 16, 1.1) +
      spark(14, 30, 0.8),
  );
}

// ---------- Keno: the board with picks and hits, drawn balls ----------
{
  let cells = '';
  const picks = new Set([2, 8, 11, 17, 19, 23, 26, 33]);
  const hits = new Set([8, 17, 23, 33]);
  for (let i = 0; i < 36; i++) {
    const x = 13 + (i % 6) * 12.6;
    const y = 13 + Math.floor(i / 6) * 12.6;
    const fill = hits.has(i) ? '#2ee07a' : picks.has(i) ? '#8a5cff' : '#fff';
    const op = hits.has(i) || picks.has(i) ? '1' : '.16';
    cells += `<rect x="${r1(x)}" y="${r1(y)}" width="10.4" height="10.4" rx="2.4" fill="${fill}" opacity="${op}"/>`;
    if (hits.has(i)) cells += `<path d="${star(x + 5.2, y + 5.2, 3.6)}" fill="#fff"/>`;
  }
  art.TAYA_KENO = tile(
    '#229be0',
    '#06284d',
    `<rect x="9" y="9" width="82" height="82" rx="6" fill="#041a33" opacity=".35"/>` +
      cells +
      shadow(72, 92, 22, 3) +
      `<g ${FONT}>${ball(62, 76, 11, '#ffd23a', '17')}${ball(82, 70, 9.5, '#ff4d6d', '8')}</g>` +
      spark(88, 12, 1),
  );
}

// ---------- Mines: the tile grid, a gem found and a mine ----------
{
  let cells = '';
  for (let i = 0; i < 16; i++) {
    const x = 12 + (i % 4) * 19.5;
    const y = 12 + Math.floor(i / 4) * 19.5;
    if (i === 5 || i === 10) continue;
    cells += `<rect x="${r1(x)}" y="${r1(y + 1.4)}" width="17" height="17" rx="3" fill="#0a1220"/><rect x="${r1(x)}" y="${r1(y)}" width="17" height="17" rx="3" fill="url(#tl)"/>`;
  }
  const gem = (cx, cy, s) =>
    `<g transform="translate(${cx} ${cy}) scale(${s})"><path d="M-10-4L-5-10H5L10-4L0 10z" fill="#17d47a"/><path d="M-10-4H10L0 10z" fill="#0aa35a"/><path d="M-5-10L-3-4H3L5-10z" fill="#8ff5c2"/><path d="M-3-4H3L0 10z" fill="#30e58c"/><path d="M-10-4L-5-10-3-4z" fill="#5cf0a6"/></g>`;
  art.TAYA_MINES = tile(
    '#3a4d6b',
    '#0a1220',
    `<rect x="8" y="8" width="84" height="84" rx="6" fill="#000" opacity=".2"/>` +
      cells +
      `<rect x="31.5" y="31.5" width="17" height="17" rx="3" fill="#12351f"/><rect x="51" y="51" width="17" height="17" rx="3" fill="#3a1016"/>` +
      `<circle cx="40" cy="40" r="12" fill="#2ee07a" opacity=".25"/>` +
      gem(40, 40, 1.05) +
      `<circle cx="59.5" cy="59.5" r="12" fill="#ff3d3d" opacity=".25"/>` +
      `<circle cx="59.5" cy="61" r="7.5" fill="#1b1f2e"/><circle cx="59.5" cy="61" r="7.5" fill="url(#sh)"/>` +
      `<path d="M64 55.5l3-3" stroke="#c9a35a" stroke-width="1.6" stroke-linecap="round"/>` +
      `<path d="${star(68.5, 51.5, 4, 1.6, 6)}" fill="#ffcf3a"/>` +
      spark(88, 10, 0.9) +
      spark(24, 68, 0.7),
    `<linearGradient id="tl" x2="0" y2="1"><stop offset="0" stop-color="#6f84a8"/><stop offset="1" stop-color="#3c4d6b"/></linearGradient>`,
  );
}

// ---------- Colour Game (perya): the six-colour board, three coloured dice, fair lights ----------
{
  const board = [
    ['#ffd23a', '#f4f5f8', '#ff7eb6'],
    ['#2f7bff', '#e8313f', '#22b85a'],
  ];
  let cells = '';
  board.forEach((row, j) =>
    row.forEach((c, i) => {
      cells += `<rect x="${13 + i * 25}" y="${61 + j * 15}" width="23.5" height="13.5" rx="2" fill="${c}"/>`;
    }),
  );
  let bulbs = '';
  const bc = ['#ffd23a', '#ff7eb6', '#2f7bff', '#f4f5f8', '#e8313f', '#22b85a'];
  for (let i = 0; i < 9; i++) {
    const x = 6 + i * 11;
    const y = 10 + 5 * Math.sin((i / 8) * Math.PI);
    bulbs += `<circle cx="${r1(x)}" cy="${r1(y)}" r="4.5" fill="${bc[i % 6]}" opacity=".35"/><circle cx="${r1(x)}" cy="${r1(y)}" r="2.2" fill="${bc[i % 6]}"/>`;
  }
  art.TAYA_COLOR = tile(
    '#ffb020',
    '#9a2410',
    `<path d="M0 10Q50 22 100 10" stroke="#5a1a05" stroke-width=".8" fill="none"/>` +
      bulbs +
      `<rect x="10" y="58" width="80" height="35" rx="3" fill="#5a1a05"/>` +
      `<rect x="11" y="59" width="78" height="33" rx="2.5" fill="url(#g)"/>` +
      cells +
      shadow(48, 56, 34, 4) +
      colourDie(15, 33, 19, '#fff07a', '#ffd23a', '#c99a00') +
      colourDie(40, 26, 21, '#ffc2dc', '#ff7eb6', '#c84a82') +
      colourDie(67, 35, 18, '#8fb6ff', '#2f7bff', '#1a4bb0') +
      spark(90, 30, 1) +
      spark(10, 26, 0.7),
  );
}

// ---------- Video poker: Jacks or Better (a fanned hand led by the jack) and Deuces Wild ----------
art.TAYA_VP_JOB = tile(
  '#2f55c8',
  '#0a1440',
  shadow(50, 88, 34, 4.5) +
    card(50, 50, -30, 'A', 's', false) +
    card(50, 50, -15, 'K', 'd') +
    card(50, 50, 0, 'Q', 'c') +
    card(50, 50, 15, 'J', 'h') +
    `<g transform="translate(50 17)"><path d="M-11 4L-13-7-6-2 0-10 6-2 13-7 11 4z" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><rect x="-11" y="4" width="22" height="4" rx="1" fill="url(#g)"/><circle cy="-10" r="1.8" fill="#ff4d6d"/></g>` +
    spark(86, 26, 1.1) +
    spark(14, 30, 0.8),
);
art.TAYA_VP_DEUCES = tile(
  '#9a2fd0',
  '#26063a',
  `<path d="${star(50, 46, 40, 16, 12, -90)}" fill="#ffd23a" opacity=".22"/>` +
    shadow(50, 88, 34, 4.5) +
    card(50, 50, -27, '2', 's') +
    card(50, 50, -9, '2', 'h') +
    card(50, 50, 9, '2', 'c') +
    card(50, 50, 27, '2', 'd') +
    `<g transform="translate(50 15) rotate(-8)"><rect x="-16" y="-6" width="32" height="12" rx="6" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><path d="${star(-9.5, 0, 4)}${star(0, 0, 4)}${star(9.5, 0, 4)}" fill="#8a1fb0"/></g>` +
    spark(88, 40, 1) +
    spark(12, 56, 0.8),
);

// ---------- Scratch cards: a ticket half scratched, the coin at work ----------
art.TAYA_SCRATCH = tile(
  '#8ad12c',
  '#174a08',
  shadow(50, 86, 38, 5) +
    `<g transform="rotate(-7 50 50)"><rect x="12" y="18" width="76" height="62" rx="5" fill="#0b2a04" opacity=".4" transform="translate(2 3)"/>` +
    `<rect x="12" y="18" width="76" height="62" rx="5" fill="#fff8e8"/><rect x="12" y="18" width="76" height="14" rx="5" fill="#e8313f"/><path d="M12 28h76v4H12z" fill="#e8313f"/>` +
    `<path d="${star(24, 25, 4)}${star(76, 25, 4)}" fill="#ffd23a"/><rect x="34" y="23" width="32" height="4" rx="2" fill="#fff" opacity=".85"/>` +
    `<g ${FONT}>` +
    [0, 1, 2]
      .map((i) => {
        const x = 25 + i * 25;
        return (
          `<circle cx="${x}" cy="46" r="9.5" fill="#ffe9a8"/><text x="${x}" y="52.5" font-size="18" fill="#d61f3a">7</text>` +
          `<circle cx="${x}" cy="68" r="8.5" fill="#ffe9a8"/>` +
          (i < 2
            ? `<path d="${star(x, 68, 6.5)}" fill="url(#g)" stroke="#a8640a" stroke-width=".6"/>`
            : '')
        );
      })
      .join('') +
    `</g><path d="M58 58h28v20H58z" fill="url(#sv)"/>` +
    `<path d="M58 58l-3 4 2 3-3 4 2 4-2 5h5l2-20z" fill="url(#sv)"/>` +
    `<path d="M62 62h20M62 67h18M62 72h20" stroke="#fff" stroke-width="1" opacity=".35"/></g>` +
    `<g transform="rotate(-30 78 84)"><ellipse cx="78" cy="86" rx="11" ry="4.5" fill="#8a4f05"/><ellipse cx="78" cy="84" rx="11" ry="4.5" fill="url(#g)"/></g>` +
    `<g fill="#c9ced9"><circle cx="56" cy="84" r="1.2"/><circle cx="62" cy="88" r=".9"/><circle cx="52" cy="90" r="1"/></g>` +
    spark(90, 12, 1.1) +
    spark(8, 86, 0.7),
  `<linearGradient id="sv" x2="1" y2="1"><stop offset="0" stop-color="#e9edf4"/><stop offset=".5" stop-color="#a9b1c2"/><stop offset="1" stop-color="#d5dae4"/></linearGradient>`,
);

// ---------- Bingo: the card with its daubs and the called balls ----------
{
  let grid = '';
  const daub = new Set([0, 6, 12, 18, 24, 3, 16]);
  for (let i = 0; i < 25; i++) {
    const x = 17 + (i % 5) * 11;
    const y = 32 + Math.floor(i / 5) * 9.4;
    grid += `<rect x="${x}" y="${r1(y)}" width="10" height="8.4" rx="1.2" fill="#eef2f8"/>`;
    if (i === 12) grid += `<path d="${star(x + 5, y + 4.2, 4)}" fill="url(#g)"/>`;
    else if (daub.has(i))
      grid += `<circle cx="${x + 5}" cy="${r1(y + 4.2)}" r="3.8" fill="#ff3d7a" opacity=".85"/>`;
  }
  const letters = ['B', 'I', 'N', 'G', 'O'];
  art.TAYA_BINGO = tile(
    '#1ccbe0',
    '#05405e',
    shadow(48, 88, 36, 4.5) +
      `<g transform="rotate(-6 44 56)"><rect x="13" y="18" width="63" height="66" rx="4" fill="#032a3f" opacity=".4" transform="translate(2 3)"/>` +
      `<rect x="13" y="18" width="63" height="66" rx="4" fill="#fff"/><rect x="13" y="18" width="63" height="12" rx="4" fill="#2f55c8"/><path d="M13 26h63v4H13z" fill="#2f55c8"/>` +
      `<g ${FONT} font-size="8" fill="#fff">${letters.map((l, i) => `<text x="${22 + i * 11}" y="27.6">${l}</text>`).join('')}</g>` +
      grid +
      `</g>` +
      `<g ${FONT}>${ball(78, 64, 12, '#ff3d7a', '7')}${ball(84, 38, 9, '#ffd23a', '42')}</g>` +
      spark(90, 14, 1) +
      spark(10, 12, 0.8),
  );
}

// ---------- the live tables: baccarat, Super 6, dragon tiger, Lucky 9, roulette, sic bo ----------
/** A felt oval with its rail: the table every card game's tile sits on. */
const felt = (felt1, felt2) =>
  `<ellipse cx="50" cy="66" rx="46" ry="26" fill="#4a2a10"/><ellipse cx="50" cy="64" rx="43" ry="23" fill="${felt1}"/>` +
  `<ellipse cx="50" cy="62" rx="36" ry="17" fill="none" stroke="${felt2}" stroke-width="1.2" opacity=".7"/>`;
/** A chip seen from above at an angle: its edge, its face and its dashes. */
function chip(cx, cy, r, color) {
  let dashes = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    dashes += `<rect x="${r1(cx + r * 0.78 * Math.cos(a) - 1.2)}" y="${r1(cy + r * 0.42 * Math.sin(a) - 0.7)}" width="2.4" height="1.4" fill="#fff"/>`;
  }
  return (
    `<ellipse cx="${r1(cx)}" cy="${r1(cy + 1.6)}" rx="${r1(r)}" ry="${r1(r * 0.5)}" fill="#000" opacity=".35"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(r)}" ry="${r1(r * 0.5)}" fill="${color}"/>` +
    dashes +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(r * 0.55)}" ry="${r1(r * 0.27)}" fill="none" stroke="#fff" stroke-width=".7" opacity=".8"/>`
  );
}
function baccaratTile(c1, c2, label, badge) {
  return tile(
    c1,
    c2,
    felt('#0f6b3e', '#f6c03a') +
      `<g ${FONT} font-size="6" fill="#f6c03a" opacity=".85"><text x="30" y="74">PLAYER</text><text x="70" y="74">BANKER</text></g>` +
      card(36, 44, -12, '9', 'h') +
      card(64, 44, 12, label, 's') +
      chip(22, 82, 7, '#e3262f') +
      chip(78, 82, 7, '#2f55c8') +
      chip(50, 86, 6, '#16a34a') +
      (badge
        ? `<g transform="translate(50 15)"><rect x="-22" y="-7" width="44" height="13" rx="6.5" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><text ${FONT} y="3.4" font-size="8.5" fill="#5a2a00">${badge}</text></g>`
        : '') +
      spark(88, 14, 1.1) +
      spark(12, 20, 0.8),
  );
}
art['TAYA_LIVE_BAC-1'] = baccaratTile('#1d7f4f', '#062b1a', '8', null);
art['TAYA_LIVE_BAC-2'] = baccaratTile('#c0392b', '#3a0708', '6', 'SUPER 6');
art['TAYA_LIVE_DT-1'] = tile(
  '#e0402a',
  '#2a0410',
  felt('#7a1020', '#f6c03a') +
    `<g ${FONT} font-size="8.5" fill="url(#g)" stroke="#8a4f05" stroke-width=".3"><text x="28" y="20">DRAGON</text><text x="72" y="20">TIGER</text></g>` +
    card(32, 52, -10, 'K', 'd') +
    card(68, 52, 10, 'Q', 'c') +
    `<g ${FONT} font-size="9" fill="#fff"><text x="50" y="47">VS</text></g>` +
    chip(50, 84, 7, '#f6c03a') +
    spark(90, 10, 1) +
    spark(10, 86, 0.8),
);
art['TAYA_LIVE_L9-1'] = tile(
  '#7b2ff7',
  '#1a0640',
  felt('#0f6b3e', '#f6c03a') +
    card(34, 48, -14, '4', 'h') +
    card(50, 46, 0, '5', 's') +
    `<g transform="translate(76 28)"><circle r="15" fill="#7a4a06"/><circle r="14" fill="url(#g)"/><text ${FONT} y="8" font-size="22" fill="#5a2a00">9</text></g>` +
    `<g ${FONT} font-size="7" fill="#fff"><text x="78" y="53">LUCKY</text></g>` +
    chip(24, 84, 7, '#e3262f') +
    chip(76, 84, 7, '#16a34a') +
    spark(12, 16, 1) +
    spark(92, 62, 0.7),
);
{
  const order = [
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
    31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
  ];
  const reds = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  let wheel = '';
  for (let i = 0; i < 37; i++) {
    const a0 = ((i - 0.5) / 37) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 0.5) / 37) * Math.PI * 2 - Math.PI / 2;
    const n = order[i];
    const fill = n === 0 ? '#0f8a3c' : reds.has(n) ? '#d0132c' : '#151515';
    wheel += `<path d="M50 50L${r1(50 + 34 * Math.cos(a0))} ${r1(50 + 34 * Math.sin(a0))}A34 34 0 0 1 ${r1(50 + 34 * Math.cos(a1))} ${r1(50 + 34 * Math.sin(a1))}z" fill="${fill}"/>`;
  }
  art['TAYA_LIVE_RO-1'] = tile(
    '#0f8a5c',
    '#04261a',
    shadow(50, 90, 34, 4) +
      `<circle cx="50" cy="50" r="41" fill="#5a3412"/><circle cx="50" cy="50" r="38" fill="url(#g)"/>` +
      wheel +
      `<circle cx="50" cy="50" r="22" fill="#6b3d16"/><circle cx="50" cy="50" r="20" fill="#8b5a2b"/>` +
      `<path d="M50 33v34M33 50h34" stroke="url(#g)" stroke-width="3" stroke-linecap="round"/><circle cx="50" cy="50" r="5" fill="url(#g)"/>` +
      `<circle cx="64" cy="24" r="3.2" fill="#fff"/><circle cx="64" cy="24" r="3.2" fill="url(#sh)"/>` +
      `<circle cx="50" cy="50" r="38" fill="url(#sh)" opacity=".35"/>` +
      spark(88, 12, 1.1) +
      spark(12, 86, 0.8),
  );
}
art.TAYA_BLACKJACK = tile(
  '#1f5fbf',
  '#061a3a',
  felt('#0f6b3e', '#f6c03a') +
    `<g ${FONT} font-size="5.5" fill="#f6c03a" opacity=".85"><text x="50" y="80">BLACKJACK PAYS 3 TO 2</text></g>` +
    card(40, 46, -10, 'A', 's') +
    card(60, 46, 10, 'K', 'h') +
    `<g transform="translate(50 15)"><rect x="-14" y="-7" width="28" height="13" rx="6.5" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><text ${FONT} y="3.4" font-size="9" fill="#5a2a00">21</text></g>` +
    chip(22, 84, 7, '#e3262f') +
    chip(78, 84, 7, '#111827') +
    spark(88, 14, 1.1) +
    spark(12, 22, 0.8),
);
art['TAYA_LIVE_SB-1'] = tile(
  '#d4145a',
  '#3a0420',
  shadow(50, 88, 34, 4.5) +
    `<ellipse cx="50" cy="70" rx="36" ry="12" fill="url(#g)"/><ellipse cx="50" cy="68" rx="32" ry="9" fill="#7a4a06"/>` +
    `<path d="M20 66a30 30 0 0 1 60 0z" fill="#fff" opacity=".16"/>` +
    die(34, 52, 20, -12, 4, '#fff', '#c3c8d4', '#d0132c') +
    die(62, 50, 20, 10, 6, '#fff', '#c3c8d4', '#1b1f2e') +
    die(48, 32, 18, 4, 1, '#fff', '#c3c8d4', '#d0132c') +
    `<g ${FONT} font-size="8" fill="url(#g)"><text x="20" y="18">BIG</text><text x="80" y="18">SMALL</text></g>` +
    spark(90, 40, 1) +
    spark(10, 60, 0.8),
);

/** A fighting cock in profile facing right (left with `flip`), about 36 units long, on its feet at `y`. */
function rooster(x, y, s, body, tail, flip = false) {
  const t = `translate(${r1(x)} ${r1(y)}) scale(${flip ? -s : s} ${s})`;
  return (
    `<g transform="${t}">` +
    `<path d="M-5-9C-16-12-19-24-11-30C-13-21-9-16-3-13z" fill="${tail}"/>` +
    `<path d="M-6-7C-19-8-22-19-17-24C-15-16-11-11-4-10z" fill="${tail}" opacity=".85"/>` +
    `<path d="M-6-5C-17-3-21-12-18-16C-15-10-11-8-5-8z" fill="${tail}" opacity=".7"/>` +
    `<ellipse cx="0" cy="-8" rx="10" ry="7.5" fill="${body}"/>` +
    `<path d="M4-12C6-17 6-21 8-24L13-22C11-18 11-13 9-8z" fill="${body}"/>` +
    `<circle cx="10.5" cy="-24" r="3.8" fill="${body}"/>` +
    `<path d="M7.5-27q.8-3.2 2.5-1.2q1-3.4 2.7-.2q1.6-2.6 2.2.6z" fill="#e11d48"/>` +
    `<path d="M13.6-24.6L18.6-23.4L13.6-22.2z" fill="#f6c03a"/>` +
    `<ellipse cx="13" cy="-20.4" rx="1.3" ry="2" fill="#e11d48"/>` +
    `<circle cx="11.6" cy="-24.8" r=".8" fill="#111"/>` +
    `<path d="M-4-10C0-14 7-11 5-5C2-3-2-4-4-10z" fill="#fff" opacity=".22"/>` +
    `<path d="M-2-1L-3 7M3-1L5 7" stroke="#f6c03a" stroke-width="1.6" stroke-linecap="round"/>` +
    `<path d="M-3 7h-3.5M5 7h3.5" stroke="#f6c03a" stroke-width="1.2" stroke-linecap="round"/>` +
    `<path d="M5 4L10 2.5" stroke="#e5e7eb" stroke-width=".9" stroke-linecap="round"/>` +
    `</g>`
  );
}
art['TAYA_SABONG_SAB-1'] = tile(
  '#b91c1c',
  '#1e0a05',
  shadow(50, 90, 40, 5) +
    `<ellipse cx="50" cy="80" rx="44" ry="11" fill="#c8a36a"/><ellipse cx="50" cy="78.5" rx="41" ry="9" fill="#e2c48e"/>` +
    `<ellipse cx="50" cy="78.5" rx="41" ry="9" fill="none" stroke="url(#g)" stroke-width="1.6"/>` +
    shadow(28, 80, 11, 2.2, 0.3) +
    shadow(72, 80, 11, 2.2, 0.3) +
    rooster(27, 73, 1.05, '#d32f2f', '#1b1f2e') +
    rooster(73, 73, 1.05, '#f1f5f9', '#1d4ed8', true) +
    `<g ${FONT} font-size="9" fill="#fff"><text x="50" y="56">VS</text></g>` +
    `<g ${FONT} font-size="7.2"><text x="24" y="26" fill="#ffd1d1">MERON</text><text x="76" y="26" fill="#cfe0ff">WALA</text></g>` +
    `<g transform="translate(50 13)"><rect x="-22" y="-7" width="44" height="13" rx="6.5" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><text ${FONT} y="3.4" font-size="8" fill="#5a2a00">SABONG</text></g>` +
    spark(90, 40, 1) +
    spark(10, 44, 0.8),
);

/** A football (black pentagons on white) of radius `r`. */
function football(cx, cy, r) {
  const pent = (x, y, k, rot = 0) => {
    const p = [];
    for (let i = 0; i < 5; i++) {
      const a = ((rot - 90 + i * 72) * Math.PI) / 180;
      p.push([x + k * Math.cos(a), y + k * Math.sin(a)]);
    }
    return `<polygon points="${pts(p)}" fill="#1b1f2e"/>`;
  };
  let seams = '';
  for (let i = 0; i < 5; i++) {
    const a = ((-90 + i * 72) * Math.PI) / 180;
    seams += `<path d="M${r1(cx + r * 0.36 * Math.cos(a))} ${r1(cy + r * 0.36 * Math.sin(a))}L${r1(cx + r * 0.78 * Math.cos(a))} ${r1(cy + r * 0.78 * Math.sin(a))}" stroke="#1b1f2e" stroke-width="${r1(r * 0.06)}"/>`;
  }
  let outer = '';
  for (let i = 0; i < 5; i++) {
    const a = -90 + 36 + i * 72;
    const rad = (a * Math.PI) / 180;
    outer += pent(cx + r * 0.9 * Math.cos(rad), cy + r * 0.9 * Math.sin(rad), r * 0.28, a + 180);
  }
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/>` +
    `<clipPath id="fb"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath><g clip-path="url(#fb)">${seams}${outer}</g>` +
    pent(cx, cy, r * 0.36) +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#sh)"/>`
  );
}
/** A basketball of radius `r`. */
function basketball(cx, cy, r) {
  const w = r1(r * 0.07);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f07a1a"/>` +
    `<path d="M${cx - r} ${cy}H${cx + r}M${cx} ${cy - r}V${cy + r}" stroke="#3b1a06" stroke-width="${w}"/>` +
    `<path d="M${r1(cx - r * 0.7)} ${r1(cy - r * 0.71)}Q${r1(cx - r * 0.2)} ${cy} ${r1(cx - r * 0.7)} ${r1(cy + r * 0.71)}M${r1(cx + r * 0.7)} ${r1(cy - r * 0.71)}Q${r1(cx + r * 0.2)} ${cy} ${r1(cx + r * 0.7)} ${r1(cy + r * 0.71)}" stroke="#3b1a06" stroke-width="${w}" fill="none"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#sh)"/>`
  );
}
art.TAYA_SPORTS = tile(
  '#0f7a3a',
  '#06210f',
  shadow(50, 90, 40, 5) +
    `<path d="M0 74L100 66V100H0z" fill="#1f9d4f"/><path d="M0 74L100 66" stroke="#fff" stroke-width="1.2" opacity=".7"/>` +
    `<ellipse cx="50" cy="84" rx="16" ry="4" fill="none" stroke="#fff" stroke-width="1" opacity=".55"/>` +
    shadow(34, 80, 18, 3.5, 0.35) +
    shadow(70, 78, 14, 3, 0.3) +
    basketball(70, 58, 17) +
    football(36, 58, 21) +
    `<g transform="translate(50 14)"><rect x="-22" y="-7" width="44" height="13" rx="6.5" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><text ${FONT} y="3.4" font-size="8" fill="#5a2a00">SPORTS</text></g>` +
    `<g ${FONT} font-size="7"><rect x="70" y="24" width="24" height="11" rx="2" fill="#0b1020" opacity=".75"/><text x="82" y="32" fill="#ffd84a">1.86</text></g>` +
    spark(10, 30, 1) +
    spark(90, 48, 0.8),
);
art.TAYA_ESPORTS = tile(
  '#5b21b6',
  '#12052e',
  shadow(50, 88, 38, 5) +
    `<path d="M50 18L76 28V50C76 66 64 78 50 84C36 78 24 66 24 50V28z" fill="url(#g)"/>` +
    `<path d="M50 23L71 31V50C71 63 61 73 50 78C39 73 29 63 29 50V31z" fill="#1e1040"/>` +
    `<path d="M33 66L67 34M33 34L67 66" stroke="#e5e7eb" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M33 66L67 34M33 34L67 66" stroke="#9aa3b5" stroke-width="1.4" stroke-linecap="round"/>` +
    `<path d="M29 70l6-6M71 70l-6-6" stroke="url(#g)" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="50" cy="50" r="8" fill="#a855f7"/><circle cx="50" cy="50" r="8" fill="url(#sh)"/>` +
    `<g ${FONT} font-size="7.5"><text x="22" y="94" fill="#c4b5fd">BO3</text><text x="78" y="94" fill="#c4b5fd">LIVE</text></g>` +
    `<g transform="translate(50 11)"><rect x="-24" y="-7" width="48" height="13" rx="6.5" fill="url(#g)" stroke="#8a4f05" stroke-width=".8"/><text ${FONT} y="3.4" font-size="8" fill="#5a2a00">E-SPORTS</text></g>` +
    spark(88, 22, 1.1) +
    spark(12, 40, 0.8),
);

// ---------- the house vendors' cards: Taya Games (the house mark) and Taya Lottery (the drum) ----------
art.VENDOR_TAYA = tile(
  '#3a2a8c',
  '#0b1020',
  shadow(50, 86, 30, 4.5) +
    `<circle cx="50" cy="51.5" r="33" fill="#7a4a06"/><circle cx="50" cy="50" r="33" fill="url(#g)"/>` +
    `<circle cx="50" cy="50" r="26.5" fill="#0b1020"/><circle cx="50" cy="50" r="26.5" fill="none" stroke="#fff3b8" stroke-width="1" opacity=".6"/>` +
    `<path d="M9 9h14v3.5h-5.2V24h-3.6V12.5H9z" fill="url(#g)" transform="translate(18 17) scale(2)"/>` +
    `<path d="M9 9h14v3.5H9z" fill="#fff" opacity=".3" transform="translate(18 17) scale(2)"/>` +
    spark(84, 16, 1.2) +
    spark(16, 24, 0.8) +
    spark(82, 80, 0.7),
);
art.VENDOR_LOTT = tile(
  '#e0402a',
  '#4e0412',
  shadow(50, 90, 26, 4) +
    `<path d="M38 74h24l6 12H32z" fill="url(#g)"/><rect x="30" y="84" width="40" height="5" rx="2" fill="#a8640a"/>` +
    `<circle cx="50" cy="44" r="32" fill="#fff" opacity=".18"/>` +
    `<g ${FONT}>${ball(38, 56, 9.5, '#fdd835', '7')}${ball(60, 55, 9.5, '#1e88e5', '3')}${ball(49, 37, 9.5, '#fff', '9')}${ball(64, 34, 6.5, '#43a047')}${ball(34, 35, 6.5, '#8e24aa')}</g>` +
    `<circle cx="50" cy="44" r="32" fill="none" stroke="url(#g)" stroke-width="3"/>` +
    `<path d="M29 26a26 26 0 0 1 16-10" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none" opacity=".7"/>` +
    spark(88, 14, 1.1) +
    spark(12, 70, 0.8),
);

const files = {
  TAYA_FORTUNE: 'taya-fortune',
  ELOTT_1M: 'elott-1m',
  ELOTT_3M: 'elott-3m',
  ELOTT_5M: 'elott-5m',
  VN_NORTH: 'vn-north',
  VN_CENTRAL: 'vn-central',
  VN_SOUTH: 'vn-south',
  SEA_4D: 'sea-4d',
  THAI: 'thai',
  TAYA_DICE: 'dice',
  TAYA_LIMBO: 'limbo',
  TAYA_PLINKO: 'plinko',
  TAYA_KENO: 'keno',
  TAYA_MINES: 'mines',
  TAYA_COLOR: 'colour-game',
  TAYA_CRASH: 'crash',
  TAYA_VP_JOB: 'vp-jacks-or-better',
  TAYA_VP_DEUCES: 'vp-deuces-wild',
  TAYA_SCRATCH: 'scratch',
  TAYA_BINGO: 'bingo',
  'TAYA_LIVE_BAC-1': 'live-baccarat',
  'TAYA_LIVE_BAC-2': 'live-super6',
  'TAYA_LIVE_DT-1': 'live-dragon-tiger',
  'TAYA_LIVE_L9-1': 'live-lucky9',
  'TAYA_LIVE_RO-1': 'live-roulette',
  'TAYA_LIVE_SB-1': 'live-sic-bo',
  TAYA_BLACKJACK: 'blackjack',
  'TAYA_SABONG_SAB-1': 'sabong',
  TAYA_SPORTS: 'sports',
  TAYA_ESPORTS: 'esports',
  VENDOR_TAYA: 'vendor-taya-games',
  VENDOR_LOTT: 'vendor-taya-lottery',
};
for (const [code, name] of Object.entries(files)) {
  const svg = art[code] + '\n';
  writeFileSync(path.join(out, `${name}.svg`), svg);
  console.log(`${code}: ${name}.svg, ${svg.length} bytes`);
}
