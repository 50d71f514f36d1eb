import { describe, expect, it } from 'vitest';
import {
  deal,
  draw,
  fairRng,
  multiplierText,
  openMines,
  payoutAt,
  replayMines,
  seedCommitment,
} from '@taya/games';
import { gameOfEngine } from './engines';
import { firstStake, movesText, parseHolds, parseMinesMoves, verifyStepRound } from './step-verify';
import {
  actBlackjack,
  basicStrategy,
  blackjackPayout,
  blackjackStakeHeld,
  dealBlackjack,
  isBlackjackError,
  type BlackjackState,
} from '@taya/games';

const serverSeed = 'a'.repeat(64);
const base = { serverSeed, clientSeed: 'player', nonce: 7, serverSeedHash: null, stake: 10_00n };

describe('the verifier of rounds played in steps', () => {
  it('replays a mines round with the player’s tiles and cash-out, as the engine does', () => {
    const board = openMines(3, fairRng(serverSeed, 'player', 7), 9900);
    const gems = [...Array(25).keys()].filter((t) => !board.mines.includes(t)).slice(0, 2);
    const moves = [...gems, 'cashout' as const];
    const expected = replayMines(3, fairRng(serverSeed, 'player', 7), 9900, moves);
    const result = verifyStepRound({
      ...base,
      game: 'mines',
      mineCount: 3,
      moves: movesText({ moves }),
      rtpBps: 9900,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mines?.mines).toEqual(board.mines);
    expect(result.mines?.status).toBe('cashed');
    expect(result.multiplier).toBe(multiplierText(expected.multiplier!));
    expect(result.payout).toBe(payoutAt(10_00n, expected.multiplier!));
    expect(result.commitment).toBe(seedCommitment(serverSeed));
  });

  it('loses on a mine and refuses moves that cannot be played', () => {
    const board = openMines(5, fairRng(serverSeed, 'player', 7), 9900);
    const lost = verifyStepRound({
      ...base,
      game: 'mines',
      mineCount: 5,
      moves: String(board.mines[0]),
      rtpBps: 9900,
    });
    expect(lost.ok && lost.win).toBe(false);
    expect(lost.ok && lost.payout).toBe(0n);
    const bad = verifyStepRound({
      ...base,
      game: 'mines',
      mineCount: 5,
      moves: 'cashout',
      rtpBps: 9900,
    });
    expect(bad).toMatchObject({ ok: false, problem: 'moves' });
    expect(parseMinesMoves('3, 26')).toBeNull();
  });

  it('replays a video poker hand with the player’s holds', () => {
    const holds = [true, false, true, false, false];
    const drawn = draw(deal('deuces-wild', fairRng(serverSeed, 'player', 7)), holds);
    if (!drawn.ok) throw new Error('draw refused');
    const result = verifyStepRound({
      ...base,
      game: 'deuces-wild',
      mineCount: 0,
      moves: movesText({ holds }),
      rtpBps: 0,
    });
    expect(result.ok && result.poker).toEqual({
      dealt: drawn.state.dealt,
      holds,
      cards: drawn.state.cards,
      hand: drawn.state.hand,
    });
    expect(result.ok && result.payout).toBe(payoutAt(10_00n, drawn.state.multiplier));
    expect(parseHolds('1010')).toBeNull();
  });

  it('names the video poker table from the round, the engine id alone being shared', () => {
    expect(gameOfEngine('taya-video-poker@1', 'deuces-wild')).toBe('deuces-wild');
    expect(gameOfEngine('taya-video-poker@1', 'jacks-or-better')).toBe('jacks-or-better');
    expect(gameOfEngine('taya-video-poker@1')).toBeNull();
    expect(gameOfEngine('taya-mines@1')).toBe('mines');
  });

  it('replays blackjack rounds by their moves, from all they put up to what they return', () => {
    for (let nonce = 0; nonce < 60; nonce++) {
      let state: BlackjackState = dealBlackjack(fairRng(serverSeed, 'player', nonce));
      const moves: string[] = [];
      for (let move = basicStrategy(state); move !== null; move = basicStrategy(state)) {
        const next = actBlackjack(state, move);
        if (isBlackjackError(next)) throw new Error(next.error);
        state = next;
        moves.push(move);
      }
      // An odd stake: insurance's half is rounded down.
      const stake = 10_01n;
      const total = blackjackStakeHeld(stake, state);
      expect(firstStake(total, state)).toBe(stake);
      const result = verifyStepRound({
        ...base,
        nonce,
        stake: total,
        game: 'blackjack',
        mineCount: 0,
        moves: movesText({ moves }),
        rtpBps: 0,
      });
      expect(result.ok && result.payout).toBe(blackjackPayout(stake, state));
    }
    const bad = verifyStepRound({
      ...base,
      game: 'blackjack',
      mineCount: 0,
      moves: 'fly',
      rtpBps: 0,
    });
    expect(bad).toMatchObject({ ok: false, problem: 'moves' });
  });
});
