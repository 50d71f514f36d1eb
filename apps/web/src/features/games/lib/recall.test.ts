import { describe, expect, it } from 'vitest';
import { recordedTayaSpin as recorded } from '../../../testing/recall-fixtures';
import { canVerify, verifyGame, type RecalledGame } from './recall';

function withRound(round: Partial<RecalledGame['round']>, game = recorded()): RecalledGame {
  return { ...game, round: { ...game.round, ...round } };
}

function withState(state: Record<string, unknown>): RecalledGame {
  const game = recorded();
  return withRound({ state: { ...game.round.state, ...state } }, game);
}

describe('recall verify (replays a round in the browser)', () => {
  it('verifies a recorded round: the seed matches its commitment, the replay the record', () => {
    expect(canVerify(recorded())).toBe(true);
    expect(verifyGame(recorded())).toEqual({ verified: true });
  });

  it('fails a round whose server seed is not the committed one', () => {
    const otherSeed = 'ecaf8aa8a7ad96edf97167a4a9e1b8324c327bce7723276e2e6a6ae00575610e';
    const verdict = verifyGame(withRound({ serverSeed: otherSeed }));
    expect(verdict.verified).toBe(false);
    expect(verdict.verified ? [] : verdict.problems.map((p) => p.kind)).toContain('commitment');
  });

  it('fails a round whose recorded reels were changed', () => {
    const game = recorded();
    const grid = (game.round.state.grid as string[][]).map((column) => [...column]);
    grid[2]![1] = 'DRAGON';
    expect(verifyGame(withState({ grid }))).toEqual({
      verified: false,
      problems: [{ kind: 'outcome' }],
    });
    expect(verifyGame(withState({ stops: [9, 11, 22, 26, 5] }))).toEqual({
      verified: false,
      problems: [{ kind: 'outcome' }],
    });
  });

  it('fails a round recorded or paid at another amount, in exact decimals', () => {
    expect(verifyGame(withState({ payout: '1500' }))).toEqual({
      verified: false,
      problems: [{ kind: 'payout', recorded: '15.00', replayed: '1.50' }],
    });
    expect(verifyGame(recorded({ payout: '15.00' }))).toEqual({
      verified: false,
      problems: [{ kind: 'paid', paid: '15.00', replayed: '1.50' }],
    });
  });

  it('replays with the stake of the record: another stake draws the same reels, not the pay', () => {
    const verdict = verifyGame(recorded({ stake: '5.00' }));
    expect(verdict).toEqual({
      verified: false,
      problems: [
        { kind: 'payout', recorded: '1.50', replayed: '3.75' },
        { kind: 'paid', paid: '1.50', replayed: '3.75' },
      ],
    });
  });

  it('offers no replay for other engines, open rounds or hidden seeds', () => {
    expect(canVerify(withRound({ engine: 'lottery:ELOTT@1' }))).toBe(false);
    expect(canVerify(withRound({ engine: 'slot:TAYA_FORTUNE@2' }))).toBe(false);
    expect(canVerify(withRound({ status: 'open', serverSeed: null, state: {} }))).toBe(false);
    expect(canVerify(withRound({ state: {} }))).toBe(false);
    expect(verifyGame(withRound({ serverSeed: 'not-a-seed' }))).toEqual({
      verified: false,
      problems: [{ kind: 'unreadable' }],
    });
  });
});
