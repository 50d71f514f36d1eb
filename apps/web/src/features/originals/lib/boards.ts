import { multiplierText, type Multiplier } from '@taya/games';

/**
 * What the plinko and keno boards draw, as plain numbers: the pins and buckets, the ball's way
 * down along a round's path, bucket colours by multiplier, and keno's auto-pick. Display only:
 * the server's engine decides every round and its payout.
 */

/** A multiplier as a board shows it: up to two decimals, trailing zeros dropped (0.2, 26, 1000). */
export function multiplierLabel(m: Multiplier): string {
  const text = multiplierText(m, 2);
  return text.replace(/\.?0+$/, '');
}

/** The plinko board's geometry in SVG units for a number of rows (8–16). */
export function plinkoGeometry(rows: number) {
  const width = 400;
  const gap = width / (rows + 2);
  const top = gap * 0.9;
  const rowGap = gap * 0.86;
  const bucketY = top + rows * rowGap;
  /** Many rows make narrow buckets: their labels then run upwards in taller buckets, so a
   *  phone still shows them at a readable size. */
  const vertical = rows >= 13;
  const bucketH = vertical ? gap * 1.9 : Math.max(gap * 0.7, 18);
  /** Pin j (0 … row + 2) of row `row` (0 at the top): three pins on the first row. */
  const pin = (row: number, j: number) => ({
    x: width / 2 + (j - (row + 2) / 2) * gap,
    y: top + row * rowGap,
  });
  /** The centre of bucket b (0 … rows), left to right. */
  const bucketX = (b: number) => width / 2 + (b - rows / 2) * gap;
  return {
    width,
    height: bucketY + bucketH + 6,
    gap,
    top,
    rowGap,
    bucketY,
    bucketH,
    vertical,
    pin,
    bucketX,
    pinR: Math.max(gap * 0.09, 2),
    ballR: gap * 0.24,
  };
}

export type PlinkoGeometry = ReturnType<typeof plinkoGeometry>;

/**
 * Where the ball is `progress` (0–1) of the way down a path (0 = left, 1 = right per row): it sits
 * on the pin under it at each row, hops half a gap left or right in an arc to the next row's pin,
 * and after the last row drops into its bucket.
 */
export function ballAt(
  geo: PlinkoGeometry,
  path: readonly number[],
  progress: number,
): { x: number; y: number } {
  const rows = path.length;
  // Steps: a drop onto the first pin, one hop per row, the fall into the bucket.
  const steps = rows + 1;
  const p = Math.min(1, Math.max(0, progress)) * steps;
  const step = Math.min(steps - 1, Math.floor(p));
  const t = p - step;
  const lift = geo.ballR + geo.pinR;
  const onPin = (row: number, rights: number) => ({
    x: geo.width / 2 + (rights - row / 2) * geo.gap,
    y: geo.top + row * geo.rowGap - lift,
  });
  const rightsBefore = (row: number) => path.slice(0, row).reduce((a, b) => a + b, 0);
  if (step === 0) {
    const to = onPin(0, 0);
    return { x: to.x, y: -geo.ballR + (to.y + geo.ballR) * t * t };
  }
  const row = step - 1;
  const from = onPin(row, rightsBefore(row));
  const to =
    row + 1 < rows
      ? onPin(row + 1, rightsBefore(row + 1))
      : { x: geo.bucketX(rightsBefore(rows)), y: geo.bucketY + geo.bucketH / 2 };
  const arc = Math.sin(Math.PI * t) * geo.rowGap * 0.45;
  return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t * t - arc };
}

/**
 * A bucket's colour by its multiplier's size, on a log scale from the board's smallest (yellow)
 * to its largest (red), as the player reads risk at a glance.
 */
export function bucketColour(m: Multiplier, smallest: Multiplier, largest: Multiplier): string {
  const v = (x: Multiplier) => Math.log(Math.max(Number(x.num) / Number(x.den), 0.01));
  const span = v(largest) - v(smallest);
  const share = span > 0 ? (v(m) - v(smallest)) / span : 0;
  const hue = Math.round(48 - 48 * share);
  const light = Math.round(58 - 10 * share);
  return `hsl(${hue} 92% ${light}%)`;
}

/** `count` distinct numbers of 1 … `of`, ascending, drawn with the browser's crypto random. */
export function autoPick(count: number, of: number, random = cryptoInt): number[] {
  const left = Array.from({ length: of }, (_, i) => i + 1);
  const picked: number[] = [];
  for (let i = 0; i < Math.min(count, of); i++)
    picked.push(left.splice(random(left.length), 1)[0]!);
  return picked.sort((a, b) => a - b);
}

/** A uniform whole number below n (n ≤ 256) from the browser's crypto random. */
function cryptoInt(n: number): number {
  const limit = 256 - (256 % n);
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte);
  while (byte[0]! >= limit);
  return byte[0]! % n;
}

/** How many of a keno round's drawn numbers to show `elapsed` ms into a reveal of `total` ms. */
export function revealedCount(drawn: number, elapsed: number, total: number): number {
  if (total <= 0) return drawn;
  return Math.min(drawn, Math.floor((elapsed / total) * (drawn + 1)));
}

/** A wire multiplier ("0.5000", "26.0000") as a board shows it: "0.5", "26". */
export function trimMultiplier(wire: string): string {
  const [whole = '0', fraction = ''] = wire.split('.');
  const cut = fraction.slice(0, 2).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/**
 * Whether a wire multiplier gives back at least the stake: a plinko 0.5× pays something but still
 * loses money, so it is not shown as a win (dice's and limbo's wins are all above 1×).
 */
export function paysStake(wire: string): boolean {
  const [whole = '0'] = wire.split('.');
  return Number(whole) >= 1;
}

/** A return as a percentage with two decimals, rounded down, as the server shows it ("98.98"). */
export function returnPercent(m: Multiplier): string {
  return multiplierText({ num: m.num * 100n, den: m.den }, 2);
}

/** Whether a round was played with these parameters (the board shows its result only then). */
export function sameParams(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const norm = (p: Record<string, unknown>) =>
    JSON.stringify(Object.entries(p).sort(([x], [y]) => (x < y ? -1 : 1)));
  return norm(a) === norm(b);
}
