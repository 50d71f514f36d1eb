import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { validateResult, type GameDefinition, type LotteryResult } from '@taya/games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { providerOutbox } from '../../platform/providers/schema';
import { houseDrawn, lotteryGame, type LotteryResultFeed } from './model';

/**
 * A source of official results for the lottery games the house does not draw (Vietnamese, 4D,
 * Thai). `fetchResult` answers null while the draw has no result yet and throws when the source
 * cannot be reached; the draw job asks again on its next run either way.
 */
export interface ResultFeedProvider {
  readonly name: string;
  fetchResult(def: GameDefinition, issueId: string, drawAt: Date): Promise<LotteryResult | null>;
}

/** What the platform asked a results feed. */
export interface ResultFeedRequest {
  gameCode: string;
  issueId: string;
  drawAt: string;
  /** Whether a result was there to serve. */
  served: boolean;
  requestedAt: string;
}

/** A result published to the sandbox feed. */
export interface PublishedResult {
  gameCode: string;
  issueId: string;
  result: LotteryResult;
  publishedAt: string;
}

/** The draw step's view of a provider: a source that cannot be reached has no result yet. */
export function resultFeedOf(
  provider: ResultFeedProvider,
  onError: (err: unknown, gameCode: string, issueId: string) => void,
): LotteryResultFeed {
  return async (def, issueId, drawAt) => {
    try {
      return await provider.fetchResult(def, issueId, drawAt);
    } catch (err) {
      onError(err, def.code, issueId);
      return null;
    }
  };
}

const key = (gameCode: string, issueId: string) => `${gameCode}/${issueId}`;
/** Every issue of a game (`_` of the game codes taken literally). */
const gamePattern = (gameCode: string) => `${gameCode.replace(/[\\%_]/g, '\\$&')}/%`;

/**
 * The offline stand-in for a results feed: an operator or a test publishes a game's result for an
 * issue, and the feed serves the latest one published when the platform asks. Every question the
 * platform asks is recorded (game, issue, draw time, whether a result was served), so anyone can
 * see what was asked and when. Both live in the providers' outbox table, so every node of the
 * platform sees the same feed.
 */
export class SandboxResultFeed implements ResultFeedProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Db) {}

  /** Accepts a result only when the game's rules find it sound (as a real feed's would be). */
  async publish(
    gameCode: string,
    issueId: string,
    result: LotteryResult,
  ): Promise<PublishedResult> {
    const def = lotteryGame(gameCode);
    if (houseDrawn(def))
      throw new AppError('conflict', 'The house draws this game: no feed publishes its results');
    if (result.kind === 'cancelled')
      throw new AppError('request_param_err', 'Invalid result', [
        { path: 'result.kind', code: 'invalid', message: 'a feed publishes drawn results only' },
      ]);
    const problems = validateResult(def, result);
    if (problems.length > 0)
      throw new AppError(
        'request_param_err',
        'Invalid result',
        problems.map((p) => ({
          path: p.field === 'result' ? 'result' : `result.${p.field}`,
          code: p.code,
          message: p.message,
        })),
      );
    const [row] = await this.db
      .insert(providerOutbox)
      .values({
        id: randomUUID(),
        channel: 'lottery_result',
        destination: key(def.code, issueId),
        subject: null,
        body: JSON.stringify(result),
        meta: { gameCode: def.code, issueId },
      })
      .returning();
    return {
      gameCode: def.code,
      issueId,
      result,
      publishedAt: row!.createdAt.toISOString(),
    };
  }

  async fetchResult(
    def: GameDefinition,
    issueId: string,
    drawAt: Date,
  ): Promise<LotteryResult | null> {
    const [latest] = await this.db
      .select({ body: providerOutbox.body })
      .from(providerOutbox)
      .where(
        and(
          eq(providerOutbox.destination, key(def.code, issueId)),
          eq(providerOutbox.channel, 'lottery_result'),
        ),
      )
      .orderBy(desc(providerOutbox.createdAt))
      .limit(1);
    const result = latest ? (JSON.parse(latest.body) as LotteryResult) : null;
    await this.db.insert(providerOutbox).values({
      id: randomUUID(),
      channel: 'lottery_request',
      destination: key(def.code, issueId),
      subject: null,
      body: JSON.stringify({ gameCode: def.code, issueId, drawAt: drawAt.toISOString() }),
      meta: { gameCode: def.code, issueId, drawAt: drawAt.toISOString(), served: !!result },
    });
    return result;
  }

  /** The results published for a game (one issue, or all), the latest first. */
  async published(gameCode: string, issueId?: string, limit = 50): Promise<PublishedResult[]> {
    const rows = await this.db
      .select()
      .from(providerOutbox)
      .where(
        and(
          eq(providerOutbox.channel, 'lottery_result'),
          issueId
            ? eq(providerOutbox.destination, key(gameCode, issueId))
            : like(providerOutbox.destination, gamePattern(gameCode)),
        ),
      )
      .orderBy(desc(providerOutbox.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      gameCode: String(r.meta.gameCode),
      issueId: String(r.meta.issueId),
      result: JSON.parse(r.body) as LotteryResult,
      publishedAt: r.createdAt.toISOString(),
    }));
  }

  /** What the platform asked for a game (one issue, or all), the latest first. */
  async requests(gameCode: string, issueId?: string, limit = 50): Promise<ResultFeedRequest[]> {
    const rows = await this.db
      .select()
      .from(providerOutbox)
      .where(
        and(
          eq(providerOutbox.channel, 'lottery_request'),
          issueId
            ? eq(providerOutbox.destination, key(gameCode, issueId))
            : like(providerOutbox.destination, gamePattern(gameCode)),
        ),
      )
      .orderBy(desc(providerOutbox.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      gameCode: String(r.meta.gameCode),
      issueId: String(r.meta.issueId),
      drawAt: String(r.meta.drawAt),
      served: r.meta.served === true,
      requestedAt: r.createdAt.toISOString(),
    }));
  }
}
