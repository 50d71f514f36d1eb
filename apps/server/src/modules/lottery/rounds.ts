import type { MerchantInfo } from '@taya/contracts';
import type { GameDefinition } from '@taya/games';
import type { Tx } from '../../platform/db';
import type { LotteryPart } from './context';
import { lotteryGame, lotteryVendorCode, type IssueRow } from './model';

/**
 * How long after an issue's draw the kernel's recovery job may give up on its round (and return
 * every stake still held). The lottery's own settlement settles an issue within minutes of its
 * result; this only catches an issue whose result never came.
 */
export const roundRecoveryHours = 48;

/** The kernel round of an issue for one merchant's players: a stable id, found or opened. */
export const issueRoundId = (issueRowId: string, merchantCode: string) =>
  `lottery:${issueRowId}:${merchantCode}`;

/** The catalog game a merchant lists a lottery game as (its bet records name it). */
export class LotteryRounds {
  private readonly catalogIds = new Map<string, { id: string; gameType: string }>();

  constructor(private readonly part: LotteryPart) {}

  private async catalogId(merchantCode: string, gameCode: string, tx: Tx) {
    const key = `${merchantCode}:${gameCode}`;
    const known = this.catalogIds.get(key);
    if (known) return known;
    const row = await this.part.games.catalogEntry(merchantCode, lotteryVendorCode, gameCode, tx);
    const found = row ?? {
      id: `${merchantCode}-${lotteryVendorCode}-${gameCode}`,
      gameType: lotteryGame(gameCode).family === 'ELOTT' ? 'ELOTT' : 'LOTT',
    };
    this.catalogIds.set(key, found);
    return found;
  }

  /**
   * Finds or opens the shared kernel round of each issue for this merchant (the first bet on an
   * issue opens it, a chase's bets on later issues too). The caller holds the issues' row locks,
   * so the round is taken after its issue, as settlement takes them.
   */
  async open(
    tx: Tx,
    merchant: MerchantInfo,
    def: GameDefinition,
    issues: IssueRow[],
  ): Promise<Map<string, string>> {
    const catalog = await this.catalogId(merchant.merchantCode, def.code, tx);
    const ids = new Map<string, string>();
    for (const issue of issues) {
      const round = await this.part.play.openSharedRound(tx, {
        id: issueRoundId(issue.id, merchant.merchantCode),
        merchantCode: merchant.merchantCode,
        gameId: catalog.id,
        gameCode: def.code,
        gameType: catalog.gameType,
        vendorCode: lotteryVendorCode,
        engine: `lottery:${def.family}@1`,
        state: { shared: true, issueId: issue.issueId },
        seedCommitment: issue.commitment,
        recoverAfter: new Date(issue.drawAt.getTime() + roundRecoveryHours * 3600_000),
      });
      ids.set(issue.id, round.id);
    }
    return ids;
  }
}
