import { describe, expect, it } from 'vitest';
import { canonicalResult, commitmentOf, digitsFromSeed, houseDraw, verifyHouseDraw } from './draw';

// Seed bytes 00 01 02 … 1f: the vectors of the server's draw tests (computed independently with
// Python's hashlib and hmac), and the demo draws the server's implementation gives for them.
const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const commitment = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

describe('browser commit–reveal draw', () => {
  it('commits with SHA-256 of the seed bytes', async () => {
    expect(await commitmentOf(seed)).toBe(commitment);
    await expect(commitmentOf('abc')).rejects.toThrow();
    await expect(commitmentOf(seed.toUpperCase())).rejects.toThrow();
  });

  it('draws the documented fast e-lottery digits, skipping bytes of 250 and above', async () => {
    expect(await houseDraw('ELOTT', seed, '20261124-0001')).toEqual({
      kind: 'ELOTT',
      digits: [4, 3, 3, 8, 4],
    });
    // The first block starts 223, 134, 251, 211, 76, 138: 251 is skipped.
    expect(await houseDraw('ELOTT', seed, '20261124-0002')).toEqual({
      kind: 'ELOTT',
      digits: [3, 4, 1, 6, 8],
    });
    // A long stream runs past the first HMAC block and starts with the same digits.
    const long = await digitsFromSeed(seed, '20261124-0001', 80);
    expect(long).toHaveLength(80);
    expect(long.slice(0, 5)).toEqual([4, 3, 3, 8, 4]);
  });

  it('draws the same demo results as the server for every family', async () => {
    expect(canonicalResult(await houseDraw('VN_NORTH', seed, 'X-1'))).toBe(
      'VN:32468|20410|98580,24773|31346,15908,20132,42406,07100,51594|9980,2779,7390,6729|' +
        '1097,2205,9611,5267,9399,8907|451,693,623|51,71,60,29|',
    );
    expect(canonicalResult(await houseDraw('VN_SOUTH', seed, 'X-1'))).toBe(
      'VN:324682|04109|85802|47733,13461|59082,01324,24060,71005,15949,98027,79739|0672|' +
        '9109,7220,5961|152|67',
    );
    expect(canonicalResult(await houseDraw('SEA_4D', seed, 'X-1'))).toBe(
      'SEA_4D:3246,8204,1098,5802,4773,3134,6159,0820,1324,2406,0710,0515,9499,8027,7973,' +
        '9067,2910,9722,0596,1152,6793,9989,0745',
    );
    expect(await houseDraw('THAI', seed, 'X-1')).toEqual({
      kind: 'THAI',
      first: '324682',
      bottom2: '04',
    });
  });

  it('verifies a published result and catches a changed seed, digit, issue or commitment', async () => {
    const published = { kind: 'ELOTT' as const, digits: [4, 3, 3, 8, 4] };
    const good = await verifyHouseDraw('ELOTT', commitment, seed, '20261124-0001', published);
    expect(good).toMatchObject({ commitmentMatches: true, resultMatches: true, verified: true });
    expect(
      (await verifyHouseDraw('ELOTT', commitment.toUpperCase(), seed, '20261124-0001', published))
        .verified,
    ).toBe(true);
    const changed = await verifyHouseDraw('ELOTT', commitment, seed, '20261124-0001', {
      kind: 'ELOTT',
      digits: [4, 3, 3, 8, 5],
    });
    expect(changed).toMatchObject({
      commitmentMatches: true,
      resultMatches: false,
      verified: false,
    });
    const otherIssue = await verifyHouseDraw('ELOTT', commitment, seed, '20261124-0002', published);
    expect(otherIssue.verified).toBe(false);
    const otherSeed = `1${seed.slice(1)}`;
    const forged = await verifyHouseDraw(
      'ELOTT',
      commitment,
      otherSeed,
      '20261124-0001',
      await houseDraw('ELOTT', otherSeed, '20261124-0001'),
    );
    expect(forged).toMatchObject({
      commitmentMatches: false,
      resultMatches: true,
      verified: false,
    });
    const malformed = await verifyHouseDraw(
      'ELOTT',
      commitment,
      'nope',
      '20261124-0001',
      published,
    );
    expect(malformed).toMatchObject({ seedWellFormed: false, verified: false });
  });
});
