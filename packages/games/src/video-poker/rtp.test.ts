import { describe, expect, it } from 'vitest';
import { VIDEO_POKER_PAYTABLES } from './paytables';
import { videoPokerRtp } from './rtp';

// GAMES.md §8.2 and §8.3: probabilities of each paytable row with optimal play.
const CHECK = {
  'jacks-or-better': {
    rtp: 0.995439,
    exact: { num: 1653526326983n, den: 1661102543100n },
    p: [
      0.00002476, 0.00010931, 0.00236255, 0.01151221, 0.01101451, 0.01122937, 0.0744487, 0.1292789,
      0.21458503, 0.54543467,
    ],
  },
  'deuces-wild': {
    rtp: 1.00762,
    exact: { num: 32187682693n, den: 31944279675n },
    p: [
      0.00002208, 0.0002037, 0.00179584, 0.0032016, 0.00416831, 0.06493817, 0.02122914, 0.0167841,
      0.0560704, 0.28468967, 0.54689698,
    ],
  },
} as const;

describe('exact RTP with optimal play (all 2,598,960 deals)', () => {
  it.each(['jacks-or-better', 'deuces-wild'] as const)(
    '%s matches the published figures',
    (game) => {
      const r = videoPokerRtp(game);
      expect(r.suitClasses).toBe(134_459);
      expect(r.rtpValue).toBeCloseTo(CHECK[game].rtp, 6);
      expect(Number(r.rtp.num) / Number(r.rtp.den)).toBeCloseTo(r.rtpValue, 11);
      expect(r.rtp).toEqual(CHECK[game].exact);
      expect((r.rtpValue * 100).toFixed(4)).toBe(VIDEO_POKER_PAYTABLES[game].rtpPercent);
      r.probabilities.forEach((p, i) => expect(p).toBeCloseTo(CHECK[game].p[i]!, 8));
      expect(r.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    },
    30_000,
  );
});
