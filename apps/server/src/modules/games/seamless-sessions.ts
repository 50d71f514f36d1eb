import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo } from '@taya/contracts';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import { games, launchTokens, vendorSessions } from './schema';

export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Signs a seamless-wallet request body: hex HMAC-SHA256 with the vendor's secret. */
export function signVendorBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export interface WalletAnswer {
  balance: string;
  currency: string;
}

export type Session = typeof vendorSessions.$inferSelect;

/**
 * The seamless wallet's player sessions: a vendor's signed requests, the launch token a vendor
 * exchanges for a player session, the sessions themselves (cached for a minute per node), the
 * balance call and the revocation of a disabled account. The money calls build on this
 * (seamless.ts).
 */
export class VendorSessions {
  protected readonly sessions = new Map<string, { row: Session; at: number }>();

  constructor(
    protected readonly db: Db,
    protected readonly system: SystemService,
    protected readonly wallet: WalletService,
    private readonly secrets: Record<string, string>,
  ) {}

  /** Refuses a body whose signature is not the vendor's, or that is older than five minutes. */
  verify(vendorCode: string, rawBody: string, signature: string | undefined, timestamp: number) {
    const secret = Object.hasOwn(this.secrets, vendorCode) ? this.secrets[vendorCode] : undefined;
    if (!secret) throw new AppError('not_found', 'No such vendor');
    const expected = Buffer.from(signVendorBody(secret, rawBody), 'hex');
    const given = Buffer.from(signature ?? '', 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('forbidden', 'Bad signature');
    }
    if (Math.abs(Date.now() - timestamp) > 5 * 60_000)
      throw new AppError('forbidden', 'Stale request');
  }

  protected merchant(code: string): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  protected cashAccount(merchant: MerchantInfo, accountId: string, tx?: Tx) {
    return this.wallet.memberCashAccount(merchant.merchantCode, merchant.currency, accountId, tx);
  }

  protected answer(merchant: MerchantInfo, balance: bigint): WalletAnswer {
    return {
      balance: minorToDecimal(balance, merchant.currencyScale),
      currency: merchant.currency,
    };
  }

  /** Exchanges a one-time launch token for the player session the vendor uses from now on. */
  async authenticate(vendorCode: string, launchToken: string) {
    const now = new Date();
    const [used] = await this.db
      .update(launchTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(launchTokens.tokenHash, digest(launchToken)),
          isNull(launchTokens.usedAt),
          gt(launchTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!used || used.mode !== 'real')
      throw new AppError('game_session_invalid', 'Launch token invalid or used');
    const [game] = await this.db.select().from(games).where(eq(games.id, used.gameId));
    if (!game || game.vendorCode !== vendorCode)
      throw new AppError('forbidden', 'The token is for another vendor');
    const sessionToken = randomBytes(32).toString('base64url');
    await this.db.insert(vendorSessions).values({
      tokenHash: digest(sessionToken),
      vendorCode,
      accountId: used.accountId,
      merchantCode: used.merchantCode,
      gameId: used.gameId,
      currency: used.currency,
      expiresAt: new Date(now.getTime() + 12 * 3_600_000),
    });
    const merchant = await this.merchant(used.merchantCode);
    const balance = await this.wallet.accountBalance(
      await this.cashAccount(merchant, used.accountId),
    );
    return {
      sessionToken,
      playerId: used.accountId,
      gameCode: game.gameCode,
      ...this.answer(merchant, balance),
    };
  }

  /**
   * The player session a vendor's token names. A node keeps the ones it has read for a minute,
   * checking the expiry each time; a session can also end early (its account disabled), which
   * another node's cache cannot hear of, so the bet reads the session again in its own statement
   * (`play_vendor_bet`) and only reads (balance) trust this cache.
   */
  protected async session(vendorCode: string, sessionToken: string): Promise<Session> {
    const key = digest(sessionToken);
    const now = new Date();
    const cached = this.sessions.get(key);
    if (cached && cached.row.vendorCode === vendorCode && cached.row.expiresAt > now) {
      if (Date.now() - cached.at < 60_000) return cached.row;
    }
    const [row] = await this.db
      .select()
      .from(vendorSessions)
      .where(
        and(
          eq(vendorSessions.tokenHash, key),
          eq(vendorSessions.vendorCode, vendorCode),
          gt(vendorSessions.expiresAt, now),
        ),
      );
    if (!row) throw new AppError('game_session_invalid', 'Session invalid or expired');
    if (this.sessions.size > 50_000) this.sessions.clear();
    this.sessions.set(key, { row, at: Date.now() });
    return row;
  }

  /**
   * Confirms, in a caller's transaction, that a session still holds — its account may have been
   * disabled since a node cached it — and share-locks it until the transaction ends, so a revoke
   * waits for a spin under way and no spin starts after it.
   */
  async confirmSession(tx: Tx, vendorCode: string, sessionToken: string): Promise<void> {
    const [row] = await tx
      .select({ tokenHash: vendorSessions.tokenHash })
      .from(vendorSessions)
      .where(
        and(
          eq(vendorSessions.tokenHash, digest(sessionToken)),
          eq(vendorSessions.vendorCode, vendorCode),
          sql`${vendorSessions.expiresAt} > now()`,
        ),
      )
      .for('share');
    if (!row) throw new AppError('game_session_invalid', 'Session invalid or expired');
  }

  /** The player session of a vendor's token (refused when invalid or expired). */
  playerSession(vendorCode: string, sessionToken: string): Promise<Session> {
    return this.session(vendorCode, sessionToken);
  }

  async balance(vendorCode: string, sessionToken: string): Promise<WalletAnswer> {
    const session = await this.session(vendorCode, sessionToken);
    const merchant = await this.merchant(session.merchantCode);
    return this.answer(
      merchant,
      await this.wallet.accountBalance(await this.cashAccount(merchant, session.accountId)),
    );
  }

  /**
   * Ends an account's way into vendor games at once: its unused launch tokens and its vendor
   * sessions (expired now, so every node's next bet refuses them). For a disabled account.
   */
  async revokeAccount(accountId: string): Promise<void> {
    await this.revoke({ accountId });
  }

  /**
   * Ends every outside vendor's session (and unused launch token) of a merchant, or of one game,
   * at once: gaming switched off for the whole merchant, or the game switched off. The vendor's
   * next bet in such a session is refused (`play_vendor_bet` compares the expiry in its own
   * statement). The house's own games (`houseVendor`) bet through the kernel, whose bet guard
   * refuses them while switched off, and carry on in the same session once switched back on.
   */
  async revokeScope(scope: {
    merchantCode: string;
    gameId?: string;
    houseVendor: string;
  }): Promise<void> {
    await this.revoke(scope);
  }

  private async revoke(scope: {
    accountId?: string;
    merchantCode?: string;
    gameId?: string;
    houseVendor?: string;
  }): Promise<void> {
    const tokenWhere = [isNull(launchTokens.usedAt)];
    const sessionWhere = [gt(vendorSessions.expiresAt, sql`now()`)];
    if (scope.houseVendor !== undefined) {
      sessionWhere.push(ne(vendorSessions.vendorCode, scope.houseVendor));
      tokenWhere.push(
        inArray(
          launchTokens.gameId,
          this.db
            .select({ id: games.id })
            .from(games)
            .where(ne(games.vendorCode, scope.houseVendor)),
        ),
      );
    }
    if (scope.accountId !== undefined) {
      tokenWhere.push(eq(launchTokens.accountId, scope.accountId));
      sessionWhere.push(eq(vendorSessions.accountId, scope.accountId));
    }
    if (scope.merchantCode !== undefined) {
      tokenWhere.push(eq(launchTokens.merchantCode, scope.merchantCode));
      sessionWhere.push(eq(vendorSessions.merchantCode, scope.merchantCode));
    }
    if (scope.gameId !== undefined) {
      tokenWhere.push(eq(launchTokens.gameId, scope.gameId));
      sessionWhere.push(eq(vendorSessions.gameId, scope.gameId));
    }
    // The database's clock, the one `play_vendor_bet` compares the expiry with.
    await this.db.transaction(async (tx) => {
      await tx
        .update(launchTokens)
        .set({ usedAt: sql`now()` })
        .where(and(...tokenWhere));
      await tx
        .update(vendorSessions)
        .set({ expiresAt: sql`now()` })
        .where(and(...sessionWhere));
    });
    for (const [key, cached] of this.sessions) {
      const row = cached.row;
      if (
        (scope.accountId === undefined || row.accountId === scope.accountId) &&
        (scope.merchantCode === undefined || row.merchantCode === scope.merchantCode) &&
        (scope.gameId === undefined || row.gameId === scope.gameId) &&
        row.vendorCode !== scope.houseVendor
      )
        this.sessions.delete(key);
    }
  }
}
