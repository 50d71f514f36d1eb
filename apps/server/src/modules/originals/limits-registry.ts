import type { MerchantInfo, OriginalGame, StepGame } from '@taya/contracts';
import {
  BINGO_ENGINE_ID,
  BINGO_RTP_TEXT,
  COLOR_GAME_ENGINE_ID,
  CRASH_ENGINE_ID,
} from '@taya/games';
import { AppError } from '../../platform/errors';
import { bingoGame, bingoGameCode, bingoLanguage } from './bingo/service';
import { colorGame, colorGameCode, colorRtpText } from './color/service';
import { crashGame, crashGameCode, crashRtpText } from './crash/service';
import { playedOriginals } from './engines';
import { referenceRtpText } from './service';
import { stepEngineOf } from './steps-engines';

/**
 * An original as the console's limits screen sees it: every game whose bets the merchant's
 * `original_limits` row bounds, whichever way it is played (instant, in steps, shared rounds).
 */
export interface LimitedOriginal {
  game: OriginalGame;
  gameCode: string;
  /** The engine and version that plays it. */
  engine: string;
  /** The bet whose return `rtp` gives (empty where every bet returns the same). */
  reference: Record<string, unknown>;
  /** The return is set by the game's rules: the row's `rtpBps` does not apply. */
  rateFixed: boolean;
  /** The exact return at a rate, percent with two decimals, rounded down ("98.99"). */
  rtp(rtpBps: number): string;
  /** Offered to this merchant (bingo only where it offers Tagalog). */
  offeredTo(merchant: MerchantInfo): boolean;
}

const everywhere = () => true;
const fixed = (text: string) => () => text;

function stepped(game: StepGame, rateFixed: boolean) {
  const engine = stepEngineOf(game);
  return {
    game,
    gameCode: engine.gameCode,
    engine: engine.id,
    reference: {},
    rateFixed,
    rtp: (rtpBps: number) => engine.rtp(rtpBps),
    offeredTo: everywhere,
  } satisfies LimitedOriginal;
}

const limited: LimitedOriginal[] = [
  ...playedOriginals().map((o): LimitedOriginal => ({
    game: o.game,
    gameCode: o.gameCode,
    engine: o.engine.id,
    reference: o.reference,
    rateFixed: false,
    rtp: (rtpBps) => referenceRtpText(o, rtpBps),
    offeredTo: everywhere,
  })),
  // Every way of playing mines returns exactly the merchant's rate.
  stepped('mines', false),
  // Video poker's return is its pay table's, with optimal holds.
  stepped('jacks-or-better', true),
  stepped('deuces-wild', true),
  // Blackjack's is basic strategy's (by simulation).
  stepped('blackjack', true),
  {
    game: crashGame,
    gameCode: crashGameCode,
    engine: CRASH_ENGINE_ID,
    reference: {},
    rateFixed: true,
    rtp: fixed(crashRtpText),
    offeredTo: everywhere,
  },
  {
    game: colorGame,
    gameCode: colorGameCode,
    engine: COLOR_GAME_ENGINE_ID,
    reference: {},
    rateFixed: true,
    rtp: fixed(colorRtpText),
    offeredTo: everywhere,
  },
  {
    game: bingoGame,
    gameCode: bingoGameCode,
    engine: BINGO_ENGINE_ID,
    reference: {},
    rateFixed: true,
    rtp: fixed(BINGO_RTP_TEXT),
    offeredTo: (m) => m.langList.map((l) => l.toUpperCase()).includes(bingoLanguage),
  },
];

/** Every original the merchant offers whose limits the console sets, in the lobby's order. */
export function limitedOriginals(merchant: MerchantInfo): LimitedOriginal[] {
  return limited.filter((o) => o.offeredTo(merchant));
}

/** The limited original of a path segment offered to the merchant, or a 404. */
export function limitedOriginalOf(merchant: MerchantInfo, game: string): LimitedOriginal {
  const found = limitedOriginals(merchant).find((o) => o.game === game);
  if (!found) throw new AppError('not_found', 'No such game');
  return found;
}
