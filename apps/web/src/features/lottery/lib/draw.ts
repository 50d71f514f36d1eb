/**
 * The commit–reveal draw of house-drawn lottery results, recomputed in the browser with
 * WebCrypto, so a player can check a result without trusting the site. The algorithm is the
 * one the server draws with (packages/games/src/lottery/draw.ts):
 *
 * - the commitment is SHA-256 of the 32 seed bytes (not of the hex text), lowercase hex;
 * - the digit stream of a seed and an issue id reads blocks i = 0, 1, 2, … of
 *   HMAC-SHA256(key = the seed bytes, message = UTF-8 of "<issue>:<i>"), byte by byte: a byte
 *   below 250 gives the digit `byte mod 10`, a byte of 250–255 is skipped;
 * - a fast e-lottery result is the first five digits; the demo draws of the other families read
 *   the same stream (Vietnamese prizes tier by tier from the special prize down, 4D the 23
 *   numbers skipping repeats, Thai the six-digit first prize then the two bottom digits).
 */

const seedPattern = /^[0-9a-f]{64}$/;

/** The Vietnamese prize tiers in drawing order, with how many numbers of how many digits. */
export type VnTier =
  'special' | 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh' | 'eighth';

export const vnTiers: readonly VnTier[] = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
];

type Layout = readonly { tier: VnTier; count: number; digits: number }[];

/** The northern draw: 27 numbers. */
const vnNorthLayout: Layout = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];

/** The central and southern draws: 18 numbers. */
const vnSouthLayout: Layout = [
  { tier: 'special', count: 1, digits: 6 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 1, digits: 5 },
  { tier: 'third', count: 2, digits: 5 },
  { tier: 'fourth', count: 7, digits: 5 },
  { tier: 'fifth', count: 1, digits: 4 },
  { tier: 'sixth', count: 3, digits: 4 },
  { tier: 'seventh', count: 1, digits: 3 },
  { tier: 'eighth', count: 1, digits: 2 },
];

/** A house-drawn result of any family, as the draw gives it. */
export type HouseResult =
  | { kind: 'ELOTT'; digits: number[] }
  | { kind: 'VN'; prizes: Partial<Record<VnTier, string[]>> }
  | {
      kind: 'SEA_4D';
      first: string;
      second: string;
      third: string;
      starters: string[];
      consolations: string[];
    }
  | { kind: 'THAI'; first: string; bottom2: string };

/** Which draw a game's results come from. */
export type DrawFormat = 'ELOTT' | 'VN_NORTH' | 'VN_SOUTH' | 'SEA_4D' | 'THAI';

export function isSeed(seed: string): boolean {
  return seedPattern.test(seed);
}

function seedBytes(seed: string): Uint8Array<ArrayBuffer> {
  if (!isSeed(seed)) throw new Error('a seed is 64 lowercase hex digits');
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(seed.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the seed's 32 bytes, lowercase hex: what was published when betting opened. */
export async function commitmentOf(seed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', seedBytes(seed)));
}

/** Reads the digit stream of a seed and an issue id, one HMAC block at a time. */
class DigitStream {
  private block = 0;
  private queue: number[] = [];
  private readonly key: Promise<CryptoKey>;

  constructor(
    seed: string,
    private readonly label: string,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      seedBytes(seed),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  }

  async digit(): Promise<number> {
    while (this.queue.length === 0) {
      const message = new TextEncoder().encode(`${this.label}:${this.block}`);
      this.block += 1;
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await this.key, message));
      for (const b of mac) if (b < 250) this.queue.push(b % 10);
    }
    return this.queue.shift()!;
  }

  async number(length: number): Promise<string> {
    let text = '';
    for (let i = 0; i < length; i++) text += String(await this.digit());
    return text;
  }
}

/** The first `count` digits of the stream. */
export async function digitsFromSeed(seed: string, label: string, count: number) {
  const stream = new DigitStream(seed, label);
  const digits: number[] = [];
  for (let i = 0; i < count; i++) digits.push(await stream.digit());
  return digits;
}

/** The result the seed gives for an issue of a game drawn in `format`. */
export async function houseDraw(
  format: DrawFormat,
  seed: string,
  issueId: string,
): Promise<HouseResult> {
  const stream = new DigitStream(seed, issueId);
  switch (format) {
    case 'ELOTT':
      return { kind: 'ELOTT', digits: [...(await stream.number(5))].map(Number) };
    case 'VN_NORTH':
    case 'VN_SOUTH': {
      const prizes: Partial<Record<VnTier, string[]>> = {};
      for (const tier of format === 'VN_NORTH' ? vnNorthLayout : vnSouthLayout) {
        const numbers: string[] = [];
        for (let i = 0; i < tier.count; i++) numbers.push(await stream.number(tier.digits));
        prizes[tier.tier] = numbers;
      }
      return { kind: 'VN', prizes };
    }
    case 'SEA_4D': {
      const drawn: string[] = [];
      while (drawn.length < 23) {
        const n = await stream.number(4);
        if (!drawn.includes(n)) drawn.push(n);
      }
      return {
        kind: 'SEA_4D',
        first: drawn[0]!,
        second: drawn[1]!,
        third: drawn[2]!,
        starters: drawn.slice(3, 13),
        consolations: drawn.slice(13, 23),
      };
    }
    case 'THAI':
      return { kind: 'THAI', first: await stream.number(6), bottom2: await stream.number(2) };
  }
}

/** One text per result, independent of key order, for comparing two results. */
export function canonicalResult(result: HouseResult): string {
  switch (result.kind) {
    case 'ELOTT':
      return `ELOTT:${result.digits.join('')}`;
    case 'VN':
      return `VN:${vnTiers.map((t) => (result.prizes[t] ?? []).join(',')).join('|')}`;
    case 'SEA_4D':
      return `SEA_4D:${[result.first, result.second, result.third, ...result.starters, ...result.consolations].join(',')}`;
    case 'THAI':
      return `THAI:${result.first}/${result.bottom2}`;
  }
}

/** What checking a published result found. */
export interface Verification {
  /** The seed is 64 lowercase hex digits. */
  seedWellFormed: boolean;
  /** SHA-256 of the seed, or null for a malformed seed. */
  computedCommitment: string | null;
  commitmentMatches: boolean;
  /** The result the seed gives, or null for a malformed seed. */
  computedResult: HouseResult | null;
  resultMatches: boolean;
  /** Both match: the published result is the one committed to before betting closed. */
  verified: boolean;
}

/** Recomputes a house-drawn result from its revealed seed and compares it with the published one. */
export async function verifyHouseDraw(
  format: DrawFormat,
  commitment: string,
  seed: string,
  issueId: string,
  published: HouseResult,
): Promise<Verification> {
  if (!isSeed(seed)) {
    return {
      seedWellFormed: false,
      computedCommitment: null,
      commitmentMatches: false,
      computedResult: null,
      resultMatches: false,
      verified: false,
    };
  }
  const computedCommitment = await commitmentOf(seed);
  const computedResult = await houseDraw(format, seed, issueId);
  const commitmentMatches = computedCommitment === commitment.toLowerCase();
  const resultMatches = canonicalResult(computedResult) === canonicalResult(published);
  return {
    seedWellFormed: true,
    computedCommitment,
    commitmentMatches,
    computedResult,
    resultMatches,
    verified: commitmentMatches && resultMatches,
  };
}
