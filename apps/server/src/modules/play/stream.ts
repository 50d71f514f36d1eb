import { sql } from 'drizzle-orm';
import type { SettledBetCursor, SettledBetPage, SettledBetRecord } from '@taya/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';

/** A settled bet as a game hands it to the stream (the record's id is the caller's). */
export interface NewBetRecord {
  id: string;
  merchantCode: string;
  accountId: string;
  vendorCode: string;
  gameId: string;
  gameType: string;
  roundId: string;
  currency: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  /** When the bet was placed, as PostgreSQL text or ISO 8601. */
  placedAt: string;
}

interface StreamRow {
  id: string;
  seq: string;
  xid: string;
  merchant_code: string;
  account_id: string;
  vendor_code: string;
  game_id: string;
  game_type: string;
  round_id: string;
  currency: string;
  stake: string;
  valid_bet: string;
  payout: string;
  status: SettledBetRecord['status'];
  placed_at: string;
  settled_at: string | null;
}

/** The origin of quarter-hour periods (any UTC midnight: every quarter hour of UTC). */
const quarterOrigin = '2000-01-01T00:00:00Z';

/** The most a reader takes in one read. */
export const maxStreamPage = 1000;

const cursorPattern = /^(\d+):(\d+)$/;

/** `xid:seq` of the last record read; the start is `0:0`. */
function parseCursor(cursor: SettledBetCursor | undefined): { xid: string; seq: string } {
  if (!cursor) return { xid: '0', seq: '0' };
  const m = cursorPattern.exec(cursor);
  if (!m) throw new RangeError(`not a settled-bet cursor: ${cursor}`);
  return { xid: m[1]!, seq: m[2]! };
}

/**
 * The settled-bet stream: the kernel is its only writer; readers follow it with a cursor.
 *
 * Order and the cursor: records are read in (xid, seq) order — the writing transaction's id, then
 * the record's sequence number — and only those whose transaction is older than every transaction
 * still running (`xid < pg_snapshot_xmin(pg_current_snapshot())`). A sequence number alone is not
 * a safe cursor: two writers take numbers in one order and may commit in the other, and a reader
 * that had passed the higher number would never see the lower one. A transaction id below the
 * snapshot's xmin belongs to a finished transaction, and every transaction that writes later gets a
 * higher id, so nothing can appear behind the cursor. A long transaction delays readers; it never
 * makes them skip. On PGlite (one connection) the rule holds trivially.
 */
export class BetStream {
  constructor(private readonly db: Db) {}

  /**
   * Writes settled bets as records, in the caller's transaction. A record already written (the
   * same id) is left as it is: a record changed in place moves to the stream's head by trigger.
   */
  async recordSettled(tx: Tx, bets: NewBetRecord[]): Promise<void> {
    if (bets.length === 0) return;
    const col = <T>(f: (b: NewBetRecord) => T) => sql.param(bets.map(f));
    await tx.execute(sql`
      insert into bet_records (id, merchant_code, account_id, vendor_code, game_id, game_type,
        round_id, currency, stake, valid_bet, payout, status, placed_at, settled_at)
      select x.id, x.merchant, x.account, x.vendor, x.game_id, x.game_type, x.round_id,
        x.currency, x.stake, x.valid_bet, x.payout, 'settled', x.placed_at, now()
      from unnest(
        ${col((b) => b.id)}::text[],
        ${col((b) => b.merchantCode)}::text[],
        ${col((b) => b.accountId)}::text[],
        ${col((b) => b.vendorCode)}::text[],
        ${col((b) => b.gameId)}::text[],
        ${col((b) => b.gameType)}::text[],
        ${col((b) => b.roundId)}::text[],
        ${col((b) => b.currency)}::text[],
        ${col((b) => b.stake.toString())}::text[]::bigint[],
        ${col((b) => b.validBet.toString())}::text[]::bigint[],
        ${col((b) => b.payout.toString())}::text[]::bigint[],
        ${col((b) => b.placedAt)}::text[]::timestamptz[]
      ) as x(id, merchant, account, vendor, game_id, game_type, round_id, currency, stake,
        valid_bet, payout, placed_at)
      on conflict (id) do nothing`);
  }

  /**
   * The records after `after` (the stream's start when empty), oldest first, at most `limit`;
   * `next` resumes exactly after the last one (or stays at `after` when none is ready).
   */
  async settledSince(
    query: { after?: SettledBetCursor; limit: number; merchantCode?: string },
    db: DbOrTx = this.db,
  ): Promise<SettledBetPage> {
    const { xid, seq } = parseCursor(query.after);
    const limit = Math.max(1, Math.min(maxStreamPage, Math.floor(query.limit)));
    const { rows } = (await db.execute(sql`
      select id, seq::text as seq, xid::text as xid, merchant_code, account_id, vendor_code,
        game_id, game_type, round_id, currency, stake::text as stake,
        valid_bet::text as valid_bet, payout::text as payout, status,
        to_json(placed_at) #>> '{}' as placed_at, to_json(settled_at) #>> '{}' as settled_at
      from bet_records
      where (xid, seq) > (${xid}::xid8, ${seq}::bigint)
        and xid < pg_snapshot_xmin(pg_current_snapshot())
        ${query.merchantCode ? sql`and merchant_code = ${query.merchantCode}` : sql``}
      order by xid, seq
      limit ${limit}`)) as { rows: StreamRow[] };
    const last = rows.at(-1);
    return {
      records: rows.map(toRecord),
      next: last ? `${last.xid}:${last.seq}` : (query.after ?? ''),
    };
  }
  /** Whether any record is ready to be read after `after` (one probe of the stream's index). */
  async movedSince(after: SettledBetCursor | undefined, db: DbOrTx = this.db): Promise<boolean> {
    const { xid, seq } = parseCursor(after);
    const { rows } = (await db.execute(sql`
      select exists (
        select 1 from bet_records
        where (xid, seq) > (${xid}::xid8, ${seq}::bigint)
          and xid < pg_snapshot_xmin(pg_current_snapshot())
      ) as moved`)) as { rows: { moved: boolean }[] };
    return rows[0]?.moved === true;
  }

  /**
   * Where the stream changed after `after`: the distinct (merchant, UTC quarter hour of the
   * settled time) of at most `limit` records, read under the same rule as `settledSince`, and the
   * cursor after the last of them. For rollups that recompute the periods a change falls in
   * rather than fold each record (a record changed in place comes round again). Records without
   * a settled time touch no period but still move the cursor.
   */
  async touchedSince(
    query: { after?: SettledBetCursor; limit: number },
    db: DbOrTx = this.db,
  ): Promise<{ touched: { merchantCode: string; quarter: string }[]; read: number; next: string }> {
    const { xid, seq } = parseCursor(query.after);
    const limit = Math.max(1, Math.floor(query.limit));
    const { rows } = (await db.execute(sql`
      with page as (
        select xid, seq, merchant_code, settled_at from bet_records
        where (xid, seq) > (${xid}::xid8, ${seq}::bigint)
          and xid < pg_snapshot_xmin(pg_current_snapshot())
        order by xid, seq
        limit ${limit}
      ), last as (
        select xid::text || ':' || seq::text as next, (select count(*) from page)::int as read
        from page order by xid desc, seq desc limit 1
      )
      select last.next, last.read, t.merchant_code, t.quarter
      from last left join (
        select distinct merchant_code,
          to_json(date_bin('15 minutes', settled_at, ${quarterOrigin}::timestamptz)) #>> '{}'
            as quarter
        from page where settled_at is not null
      ) t on true`)) as {
      rows: { next: string; read: number; merchant_code: string | null; quarter: string | null }[];
    };
    const first = rows[0];
    if (!first) return { touched: [], read: 0, next: query.after ?? '' };
    return {
      touched: rows
        .filter((r) => r.merchant_code !== null && r.quarter !== null)
        .map((r) => ({
          merchantCode: r.merchant_code!,
          quarter: new Date(r.quarter!).toISOString(),
        })),
      read: first.read,
      next: first.next,
    };
  }
}

function toRecord(r: StreamRow): SettledBetRecord {
  return {
    id: r.id,
    seq: BigInt(r.seq),
    merchantCode: r.merchant_code,
    accountId: r.account_id,
    vendorCode: r.vendor_code,
    gameId: r.game_id,
    gameType: r.game_type,
    roundId: r.round_id,
    currency: r.currency,
    stake: BigInt(r.stake),
    validBet: BigInt(r.valid_bet),
    payout: BigInt(r.payout),
    status: r.status,
    placedAt: new Date(r.placed_at).toISOString(),
    settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
  };
}
