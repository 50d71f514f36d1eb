import { minorToDecimal, type CrashBet, type CrashRound } from '@taya/contracts';
import { crashText, payoutAt } from '@taya/games';
import type { ChainRow } from './chain';
import type { crashBets, crashRounds } from './schema';

export type CrashBetRow = typeof crashBets.$inferSelect;
export type CrashRoundRow = typeof crashRounds.$inferSelect;

/** What a bet cashed out at `cashout` hundredths pays: floor(stake × cashout / 100). */
export const cashoutPayout = (stake: bigint, cashout: bigint): bigint =>
  payoutAt(stake, { num: cashout, den: 100n });

export function betWire(bet: CrashBetRow): CrashBet {
  const dec = (v: bigint) => minorToDecimal(v, bet.scale);
  return {
    betId: bet.id,
    round: bet.round,
    player: bet.name,
    amount: dec(bet.stake),
    currency: bet.currency,
    autoCashout: bet.autoCashout === null ? null : crashText(bet.autoCashout),
    cashout: bet.cashout === null ? null : crashText(bet.cashout),
    payout: bet.payout === null ? null : dec(bet.payout),
  };
}

/** A crashed round, with what proves it: its game hash, its place in the chain, the salt. */
export function roundWire(
  round: CrashRoundRow,
  chain: Pick<ChainRow, 'terminatingHash' | 'salt' | 'saltSandbox'>,
): CrashRound {
  return {
    round: round.number,
    crashPoint: crashText(round.crashPoint),
    hash: round.hash,
    game: round.game,
    terminatingHash: chain.terminatingHash,
    // A round plays only on a chain with its salt.
    salt: chain.salt!,
    saltSandbox: chain.saltSandbox,
    crashedAt: (round.crashedAt ?? new Date(0)).toISOString(),
  };
}

/** Parses a multiplier text ("2.5", "2.50") into hundredths. */
export function hundredthsOf(text: string): bigint {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
}
