import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalResult,
  checkHouseDraw,
  commitmentOf,
  digitsFromSeed,
  houseDraw,
  verifyHouseDraw,
} from './draw';
import { ELOTT_1M, LOTTERY_GAMES, SEA_4D, THAI_LOTTERY, VN_NORTH, VN_SOUTH } from './games';

// Seed bytes 00 01 02 … 1f: the vectors of draw.test.ts (computed independently with Python's
// hashlib and hmac), and the demo draws they give. The web's verify page runs this same code.
const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const commitment = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

describe('house draws and their step-by-step check', () => {
  it('commits with SHA-256 of the seed bytes', () => {
    expect(commitmentOf(seed)).toBe(commitment);
    expect(() => commitmentOf('abc')).toThrow();
    expect(() => commitmentOf(seed.toUpperCase())).toThrow();
  });

  it('draws the documented fast e-lottery digits, skipping bytes of 250 and above', () => {
    expect(houseDraw(ELOTT_1M, seed, '20261124-0001')).toEqual({
      kind: 'ELOTT',
      digits: [4, 3, 3, 8, 4],
    });
    // The first block starts 223, 134, 251, 211, 76, 138: 251 is skipped.
    expect(houseDraw(ELOTT_1M, seed, '20261124-0002')).toEqual({
      kind: 'ELOTT',
      digits: [3, 4, 1, 6, 8],
    });
    // A long stream runs past the first HMAC block and starts with the same digits.
    const long = digitsFromSeed(seed, '20261124-0001', 80);
    expect(long).toHaveLength(80);
    expect(long.slice(0, 5)).toEqual([4, 3, 3, 8, 4]);
  });

  it('draws the same demo results as the server for every family', () => {
    expect(canonicalResult(houseDraw(VN_NORTH, seed, 'X-1'))).toBe(
      'VN:32468|20410|98580,24773|31346,15908,20132,42406,07100,51594|9980,2779,7390,6729|' +
        '1097,2205,9611,5267,9399,8907|451,693,623|51,71,60,29|',
    );
    expect(canonicalResult(houseDraw(VN_SOUTH, seed, 'X-1'))).toBe(
      'VN:324682|04109|85802|47733,13461|59082,01324,24060,71005,15949,98027,79739|0672|' +
        '9109,7220,5961|152|67',
    );
    expect(canonicalResult(houseDraw(SEA_4D, seed, 'X-1'))).toBe(
      'SEA_4D:3246,8204,1098,5802,4773,3134,6159,0820,1324,2406,0710,0515,9499,8027,7973,' +
        '9067,2910,9722,0596,1152,6793,9989,0745',
    );
    expect(houseDraw(THAI_LOTTERY, seed, 'X-1')).toEqual({
      kind: 'THAI',
      first: '324682',
      bottom2: '04',
    });
  });

  it('verifies a published result and catches a changed seed, digit, issue or commitment', () => {
    const published = { kind: 'ELOTT' as const, digits: [4, 3, 3, 8, 4] };
    const good = checkHouseDraw(ELOTT_1M, commitment, seed, '20261124-0001', published);
    expect(good).toMatchObject({ commitmentMatches: true, resultMatches: true, verified: true });
    expect(
      checkHouseDraw(ELOTT_1M, commitment.toUpperCase(), seed, '20261124-0001', published).verified,
    ).toBe(true);
    const changed = checkHouseDraw(ELOTT_1M, commitment, seed, '20261124-0001', {
      kind: 'ELOTT',
      digits: [4, 3, 3, 8, 5],
    });
    expect(changed).toMatchObject({
      commitmentMatches: true,
      resultMatches: false,
      verified: false,
    });
    const otherIssue = checkHouseDraw(ELOTT_1M, commitment, seed, '20261124-0002', published);
    expect(otherIssue.verified).toBe(false);
    const otherSeed = `1${seed.slice(1)}`;
    const forged = checkHouseDraw(
      ELOTT_1M,
      commitment,
      otherSeed,
      '20261124-0001',
      houseDraw(ELOTT_1M, otherSeed, '20261124-0001'),
    );
    expect(forged).toMatchObject({
      commitmentMatches: false,
      resultMatches: true,
      verified: false,
    });
    const malformed = checkHouseDraw(ELOTT_1M, commitment, 'nope', '20261124-0001', published);
    expect(malformed).toMatchObject({ seedWellFormed: false, verified: false });
  });

  it('agrees with verifyHouseDraw on every game, seed, issue and tampering', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOTTERY_GAMES),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        fc.boolean(),
        (def, bytes, issueId, wrongCommitment, wrongResult) => {
          const drawnSeed = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
          const published = houseDraw(def, drawnSeed, wrongResult ? `${issueId}+` : issueId);
          const committed = wrongCommitment ? commitmentOf(seed) : commitmentOf(drawnSeed);
          const check = checkHouseDraw(def, committed, drawnSeed, issueId, published);
          expect(check.verified).toBe(
            verifyHouseDraw(def, committed, drawnSeed, issueId, published),
          );
          expect(check.computedCommitment).toBe(commitmentOf(drawnSeed));
          expect(check.computedResult).toEqual(houseDraw(def, drawnSeed, issueId));
        },
      ),
      { numRuns: 200 },
    );
  });
});
