import { parseRate, type OriginalRound } from '@taya/contracts';
import { multiplierText, SCRATCH_CARDS, scratchMultiplier, type ScratchCard } from '@taya/games';
import { paths } from '../../../lib/paths';
import { movesText } from './step-verify';

/**
 * The number a round drew, as its game shows it: dice's roll, limbo's multiplier, plinko's
 * bucket multiplier, keno's hits out of the picks, a scratch card's prize.
 */
export function drawnValue(
  round: Pick<OriginalRound, 'game' | 'outcome' | 'multiplier' | 'params'>,
): string {
  if (round.game === 'plinko') return shortMultiplier(round.multiplier);
  if (round.game === 'keno') {
    const { hits } = round.outcome;
    const { picks } = round.params;
    return Array.isArray(hits) && Array.isArray(picks) ? `${hits.length}/${picks.length}` : '—';
  }
  if (round.game === 'scratch') return scratchPrizeText(round.outcome);
  // A hand of video poker: what it paid (its name is in the history's row).
  if (round.game === 'jacks-or-better' || round.game === 'deuces-wild')
    return `${shortMultiplier(round.multiplier)}×`;
  // A blackjack round: the hands' totals against the dealer's ("20 / 18 : 19").
  if (round.game === 'blackjack') {
    const result = round.outcome.result as
      { hands: { total: number }[]; dealer: { total: number } } | undefined;
    return result
      ? `${result.hands.map((h) => h.total).join(' / ')} : ${result.dealer.total}`
      : '—';
  }
  if (round.game === 'mines') {
    const { gems } = round.outcome;
    return typeof gems === 'number' ? `${gems} ◆` : '—';
  }

  const value = round.game === 'dice' ? round.outcome.roll : round.outcome.result;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

/** What follows a round's drawn value: × after a multiplier (limbo, plinko). */
export function drawnSuffix(game: OriginalRound['game']): string {
  return game === 'limbo' || game === 'plinko' ? '×' : '';
}

/** A percentage with two decimals ("99.00") in basis points (9900); 0 if it is not one. */
export function rtpBps(rtp: string): number {
  return parseRate(rtp) ?? 0;
}

/** The verify page for a round whose server seed is revealed; null while it is not. */
export function verifyHref(round: OriginalRound, rtp: string | null): string | null {
  const { seed } = round;
  if (!seed.serverSeed) return null;
  return paths.originalsVerify.href({
    game: round.game,
    serverSeed: seed.serverSeed,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nonce: String(seed.nonce),
    params: JSON.stringify(round.params),
    amount: round.amount,
    moves: movesText(round.outcome),
    ...(rtp ? { rtp } : {}),
  });
}

/** A wire multiplier ("2.0000") with two decimals, cut not rounded ("2.00"). */
export function shortMultiplier(multiplier: string): string {
  const [whole = '0', fraction = ''] = multiplier.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** A scratch card's prize as its multiplier ("5.00×"; "0.00×" for no win). */
export function scratchPrizeText(outcome: Record<string, unknown>): string {
  const card = outcome.card as ScratchCard;
  if (!SCRATCH_CARDS.includes(card)) return '—';
  const prize = typeof outcome.prize === 'string' ? outcome.prize : null;
  try {
    return `${multiplierText(scratchMultiplier(card, prize), 2)}×`;
  } catch {
    return '—';
  }
}
