import { describe, expect, it } from 'vitest';
import { tayaFortune } from '../slots/fortune';
import { slotEngine } from '../slots/engine';
import { fairRng, newServerSeed, seedCommitment } from './fairness';

describe('the fairness kit', () => {
  const seed = 'a'.repeat(64);

  it('is deterministic in the seeds and the nonce, and differs when any changes', () => {
    const draw = (s: string, c: string, n: number) => {
      const rng = fairRng(s, c, n);
      return Array.from({ length: 20 }, () => rng.int(1000));
    };
    expect(draw(seed, 'client', 0)).toEqual(draw(seed, 'client', 0));
    expect(draw(seed, 'client', 0)).not.toEqual(draw(seed, 'client', 1));
    expect(draw(seed, 'client', 0)).not.toEqual(draw(seed, 'other', 0));
    expect(draw(seed, 'client', 0)).not.toEqual(draw('b'.repeat(64), 'client', 0));
  });

  it('commits to a seed with SHA-256 of its bytes', () => {
    // SHA-256 of 32 bytes of 0xaa (python3: hashlib.sha256(bytes.fromhex('aa' * 32))).
    expect(seedCommitment(seed)).toBe(
      'e0e77a507412b120f6ede61f62295b1a7b2ff19d3dcc8f7253e51663470c888e',
    );
    expect(seedCommitment(newServerSeed())).toMatch(/^[0-9a-f]{64}$/);
    expect(() => seedCommitment('xyz')).toThrow();
  });

  it('draws every value of a range equally often (no modulo bias)', () => {
    // 3 does not divide 2^32: plain modulo would favour 0 by one part in 2^32 — too little to
    // see — so check the rejection bound directly with a range where bias would show.
    const n = 3 * 2 ** 30; // 2^32 mod n = 2^30: modulo would favour the lowest quarter.
    const rng = fairRng(seed, 'bias', 0);
    let low = 0;
    const draws = 40_000;
    for (let i = 0; i < draws; i++) if (rng.int(n) < 2 ** 30) low++;
    // Unbiased: a third fall below 2^30 (with modulo it would be a half).
    expect(low / draws).toBeGreaterThan(0.32);
    expect(low / draws).toBeLessThan(0.347);
  });

  it('replays a slot round from its seeds with the engine the server ran', () => {
    const engine = slotEngine(tayaFortune, [100n]);
    const play = () =>
      engine.step(
        engine.open(),
        { type: 'spin', bet: { betId: 'b', amount: 100n } },
        fairRng(seed, 'c', 0),
      );
    expect(play()).toEqual(play());
    expect(engine.validateBet({ betId: 'b', amount: 150n }, engine.open())).not.toBeNull();
  });
});
