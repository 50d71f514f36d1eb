import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import { cardLabel, parseCards } from './cards';
import { handOf } from './evaluate';
import {
  deal,
  draw,
  videoPokerPayout,
  videoPokerPublicView,
  type VideoPokerDealt,
  type VideoPokerDrawn,
} from './engine';
import { VIDEO_POKER_GAMES, videoPokerMaxMultiplier, type VideoPokerGame } from './paytables';

const SEED = '00'.repeat(32);
const labels = (cs: readonly number[]) => cs.map(cardLabel).join(' ');

/** An independent replay of the documented shuffle from raw HMAC-SHA256 blocks. */
function referenceDeck(serverSeed: string, clientSeed: string, nonce: number): number[] {
  let block = 0;
  let buf = Buffer.alloc(0);
  const u32 = () => {
    if (buf.length < 4) {
      buf = createHmac('sha256', Buffer.from(serverSeed, 'hex'))
        .update(`${clientSeed}:${nonce}:${block++}`)
        .digest();
    }
    const v = buf.readUInt32BE(0);
    buf = buf.subarray(4);
    return v;
  };
  const deck = [...Array(52).keys()];
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let v = u32();
    while (v >= limit) v = u32();
    const j = v % n;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

function dealt(game: VideoPokerGame, hand: string, next: string): VideoPokerDealt {
  const cards = parseCards(hand);
  const stub = parseCards(next);
  const rest = [...Array(52).keys()].filter((c) => !cards.includes(c) && !stub.includes(c));
  return { phase: 'dealt', game, cards, deck: [...cards, ...stub, ...rest] };
}

function drawn(state: VideoPokerDealt, holds: boolean[]): VideoPokerDrawn {
  const r = draw(state, holds);
  if (!r.ok) throw new Error(r.problems[0]!.message);
  return r.state;
}

describe('deal', () => {
  it('is a fixed hand for fixed seeds (known vector)', () => {
    const s = deal('jacks-or-better', fairRng(SEED, 'taya', 1));
    expect(labels(s.deck)).toBe(
      '2s Tc Ks Ad Td Ac Kc Ts 4d Ah 5d 3c Kd 5s Kh 9h Th 9s 5c 6c Qs 8c 2h 3h Jh 7d ' +
        '8h 6s Jd 3s 6h 6d 7c Qc As 8d 2d 4h 7h Qh 7s 2c 4s 9c 9d 3d Js Jc 4c Qd 5h 8s',
    );
    expect(labels(s.cards)).toBe('2s Tc Ks Ad Td');
    const r = drawn(s, [true, false, true, false, false]);
    expect(labels(r.cards)).toBe('2s Ac Ks Kc Ts');
    expect(r.hand).toBe('jacks-or-better');
  });

  it('matches an independent replay of the seeds for many nonces', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const s = deal('deuces-wild', fairRng('ab'.repeat(32), 'player seed', nonce));
      expect(s.deck).toEqual(referenceDeck('ab'.repeat(32), 'player seed', nonce));
    }
  });

  it('refuses an unknown game', () => {
    expect(() => deal('blackjack' as VideoPokerGame, fairRng(SEED, 'c', 0))).toThrow();
  });

  it('hides the rest of the deck until the draw', () => {
    const s = deal('jacks-or-better', fairRng(SEED, 'taya', 1));
    expect(videoPokerPublicView(s)).toEqual({
      phase: 'dealt',
      game: 'jacks-or-better',
      cards: s.cards,
    });
    expect(JSON.stringify(videoPokerPublicView(s))).not.toContain('deck');
  });
});

describe('draw', () => {
  it('keeps held cards in place and fills discards left to right from position 5', () => {
    const s = dealt('jacks-or-better', 'Ah 3c Kh 7d Qh', 'Jh Th 9c 8c 7c');
    const r = drawn(s, [true, false, true, false, true]);
    expect(labels(r.cards)).toBe('Ah Jh Kh Th Qh');
    expect(r.hand).toBe('royal-flush');
    expect(r.multiplier).toEqual({ num: 800n, den: 1n });
    expect(videoPokerPayout(5n, r)).toBe(4000n); // 5 coins of 1: 4,000
    expect(r.dealt).toEqual(s.cards);
  });

  it('standing pat draws nothing; discarding all takes positions 5 … 9', () => {
    const s = dealt('jacks-or-better', 'Jc Jd 3h 5s 9c', '2c 2d 2h 2s Ac');
    expect(drawn(s, [true, true, true, true, true]).hand).toBe('jacks-or-better');
    const all = drawn(s, [false, false, false, false, false]);
    expect(labels(all.cards)).toBe('2c 2d 2h 2s Ac');
    expect(all.hand).toBe('four-of-a-kind');
    expect(videoPokerPayout(100n, all)).toBe(2500n);
  });

  it('pays Deuces Wild hands by its own table', () => {
    const s = dealt('deuces-wild', '2c 2d 9h 4s 7c', '2h 2s Ac Kc Qc');
    const r = drawn(s, [true, true, false, false, false]);
    expect(r.hand).toBe('four-deuces');
    expect(videoPokerPayout(5n, r)).toBe(1000n);
  });

  it('refuses to draw twice', () => {
    const r = drawn(deal('jacks-or-better', fairRng(SEED, 'c', 7)), [true, true, true, true, true]);
    expect(draw(r, [true, true, true, true, true])).toEqual({
      ok: false,
      problems: [{ path: 'round', message: 'this hand is already drawn' }],
    });
  });

  it.each([
    ['four holds', [true, true, true, true]],
    ['six holds', [true, true, true, true, true, false]],
    ['numbers', [1, 0, 1, 0, 1]],
    ['not an array', 'HH.H.'],
    ['nothing', undefined],
  ])('refuses %s as holds', (_, holds) => {
    const s = deal('jacks-or-better', fairRng(SEED, 'c', 7));
    const r = draw(s, holds);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.path).toBe('holds');
  });
});

describe('properties', () => {
  const round = fc.record({
    game: fc.constantFrom(...VIDEO_POKER_GAMES),
    serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
    clientSeed: fc.string({ maxLength: 20 }),
    nonce: fc.nat(1_000_000),
    holds: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    stake: fc.bigInt(0n, 10n ** 12n),
  });

  it('a hand is five distinct cards, drawn only from cards not dealt, paid by its class', () => {
    fc.assert(
      fc.property(round, ({ game, serverSeed, clientSeed, nonce, holds, stake }) => {
        const s = deal(game, fairRng(serverSeed, clientSeed, nonce));
        expect(new Set(s.deck).size).toBe(52);
        expect(new Set(s.cards).size).toBe(5);
        const r = drawn(s, holds);
        expect(new Set(r.cards).size).toBe(5);
        r.cards.forEach((c, i) => {
          if (holds[i]) expect(c).toBe(s.cards[i]);
          else expect(s.cards).not.toContain(c);
        });
        const replaced = r.cards.filter((_, i) => !holds[i]);
        expect(replaced).toEqual(s.deck.slice(5, 5 + replaced.length));
        expect(r.hand).toBe(handOf(game, r.cards));
        const payout = videoPokerPayout(stake, r);
        expect(payout).toBe(stake * r.multiplier.num);
        expect(payout <= stake * videoPokerMaxMultiplier(game).num).toBe(true);
        expect(payout >= 0n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the same seeds replay the same hand', () => {
    fc.assert(
      fc.property(round, ({ game, serverSeed, clientSeed, nonce, holds }) => {
        const a = drawn(deal(game, fairRng(serverSeed, clientSeed, nonce)), holds);
        const b = drawn(deal(game, fairRng(serverSeed, clientSeed, nonce)), holds);
        expect(b).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });
});
