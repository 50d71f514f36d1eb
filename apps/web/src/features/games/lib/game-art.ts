/**
 * Generated artwork for games and vendors without an icon: the name's initials on a gradient
 * whose colour comes from the name, so a game always looks the same and neighbours differ. No
 * stock images, nothing to download.
 */

/** FNV-1a: small, fast and well spread for short names. */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** User-perceived characters: Burmese and Tagalog names must not be cut inside a cluster. */
let segmenter: Intl.Segmenter | null | undefined;

function graphemes(text: string): string[] {
  // One segmenter for every card: making one costs more than using it.
  segmenter ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

/** "Taya Fortune" → "TF", "Baccarat" → "BA", "88 Lucky" → "8L". */
export function initials(name: string): string {
  const words = name
    .split(/[\s_\-:·.]+/u)
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return graphemes(words[0]!).slice(0, 2).join('').toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => graphemes(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

export type ArtPattern = 'rings' | 'rays' | 'dots';
const patterns: readonly ArtPattern[] = ['rings', 'rays', 'dots'];

export interface GameArt {
  initials: string;
  /** Two stops of the background gradient. */
  from: string;
  to: string;
  pattern: ArtPattern;
}

export function gameArt(name: string): GameArt {
  const hash = nameHash(name);
  const hue = hash % 360;
  // Mid lightness keeps white initials readable on every hue, in light and dark themes alike.
  return {
    initials: initials(name),
    from: `hsl(${hue} 70% 44%)`,
    to: `hsl(${(hue + 40) % 360} 75% 24%)`,
    pattern: patterns[(hash >>> 9) % patterns.length]!,
  };
}
