import type { Rng } from '../kernel/fairness';

/**
 * Test helpers (not exported by the package): generators that stand in for `fairRng`.
 *
 * `enumerateDraws` runs `play` once for every possible sequence of `rng.int(n)` answers, in
 * odometer order, and hands each result with the probability of its sequence (1 / Π n). Because
 * `fairRng.int(n)` is exactly uniform, this turns an engine's RTP into an exact sum over what the
 * engine itself does, with no formula shared with the engine's own `rtp()`.
 */
export function enumerateDraws<T>(
  play: (rng: Rng) => T,
  visit: (result: T, denominator: bigint) => void,
): number {
  const choices: number[] = [];
  let runs = 0;
  for (;;) {
    const sizes: number[] = [];
    let at = 0;
    const rng: Rng = {
      int(n) {
        if (at === choices.length) choices.push(0);
        sizes.push(n);
        return choices[at++]!;
      },
    };
    const result = play(rng);
    runs++;
    visit(
      result,
      sizes.reduce((d, n) => d * BigInt(n), 1n),
    );
    choices.length = at;
    // Advance the odometer: the last draw that can still go up does; later ones restart at 0.
    let i = at - 1;
    while (i >= 0 && choices[i]! + 1 >= sizes[i]!) i--;
    if (i < 0) return runs;
    choices[i] = choices[i]! + 1;
    choices.length = i + 1;
  }
}

/** An Rng that answers from a list (for hand-made cases); throws when it runs out. */
export function scriptedRng(values: number[]): Rng {
  let at = 0;
  return {
    int(n) {
      const v = values[at++];
      if (v === undefined || v < 0 || v >= n) throw new Error(`scripted draw ${at - 1} of ${n}`);
      return v;
    },
  };
}
