/**
 * Fonts for the scripts a phone may lack (SPEC §1's languages), shipped with the app from the
 * `@fontsource` packages. Only each font's own script is registered, with its `unicode-range`, and
 * the families stand after the device's UI font in `--font` (styles.css): a browser fetches a face
 * only when the page shows a character of that script the device font lacks, so a Latin page
 * downloads none of them.
 */
import myanmar400 from '@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-400-normal.woff2?url';
import myanmar700 from '@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-700-normal.woff2?url';
import khmer400 from '@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-400-normal.woff2?url';
import khmer700 from '@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-700-normal.woff2?url';
import lao400 from '@fontsource/noto-sans-lao/files/noto-sans-lao-lao-400-normal.woff2?url';
import lao700 from '@fontsource/noto-sans-lao/files/noto-sans-lao-lao-700-normal.woff2?url';
import thai400 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url';
import thai700 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2?url';
import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bengali700 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import tamil400 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url';
import tamil700 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url';
import telugu400 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2?url';
import telugu700 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff2?url';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import arabic400 from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2?url';
import arabic700 from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2?url';

const scripts: [family: string, regular: string, bold: string, unicodeRange: string][] = [
  [
    'Noto Sans Myanmar',
    myanmar400,
    myanmar700,
    'U+1000-109F,U+200C-200D,U+25CC,U+A92E,U+A9E0-A9FE,U+AA60-AA7F,U+116D0-116E3',
  ],
  ['Noto Sans Khmer', khmer400, khmer700, 'U+1780-17FF,U+19E0-19FF,U+200C-200D,U+25CC'],
  ['Noto Sans Lao', lao400, lao700, 'U+0E81-0EDF,U+200C-200D,U+25CC'],
  ['Noto Sans Thai', thai400, thai700, 'U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC'],
  [
    'Noto Sans Bengali',
    bengali400,
    bengali700,
    'U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1',
  ],
  ['Noto Sans Tamil', tamil400, tamil700, 'U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC'],
  [
    'Noto Sans Telugu',
    telugu400,
    telugu700,
    'U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+1CF2,U+200C-200D,U+25CC',
  ],
  [
    'Noto Sans Devanagari',
    devanagari400,
    devanagari700,
    'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09',
  ],
  [
    'Noto Sans Arabic',
    arabic400,
    arabic700,
    'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC,U+102E0-102FB,U+10E60-10E7E,U+10EC2-10EC4,U+10EFC-10EFF,U+1EE00-1EE03,U+1EE05-1EE1F,U+1EE21-1EE22,U+1EE24,U+1EE27,U+1EE29-1EE32,U+1EE34-1EE37,U+1EE39,U+1EE3B,U+1EE42,U+1EE47,U+1EE49,U+1EE4B,U+1EE4D-1EE4F,U+1EE51-1EE52,U+1EE54,U+1EE57,U+1EE59,U+1EE5B,U+1EE5D,U+1EE5F,U+1EE61-1EE62,U+1EE64,U+1EE67-1EE6A,U+1EE6C-1EE72,U+1EE74-1EE77,U+1EE79-1EE7C,U+1EE7E,U+1EE80-1EE89,U+1EE8B-1EE9B,U+1EEA1-1EEA3,U+1EEA5-1EEA9,U+1EEAB-1EEBB,U+1EEF0-1EEF1',
  ],
];

/** Registers the faces; each downloads itself the first time text needs it. */
export function registerScriptFonts(): void {
  if (typeof FontFace === 'undefined' || !('fonts' in document)) return;
  for (const [family, regular, bold, unicodeRange] of scripts) {
    for (const [url, weight] of [
      [regular, '400'],
      [bold, '700'],
    ] as const) {
      document.fonts.add(
        new FontFace(family, `url(${url}) format('woff2')`, {
          weight,
          unicodeRange,
          display: 'swap',
        }),
      );
    }
  }
}
