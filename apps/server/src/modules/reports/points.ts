import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { settledBetsRelation } from '../play';

export interface PointsBetRow {
  id: string;
  account_id: string;
  game_type: string;
  valid_bet: string;
  settled_at: string;
}

/**
 * Settled bets of a merchant after the points cursor (settled time, then id) and before the
 * horizon, oldest first: what the points earning job reads next.
 */
export async function settledBetsAfter(
  db: DbOrTx,
  merchantCode: string,
  cursor: { settledAt: string; betRecordId: string },
  horizon: Date,
  batchSize: number,
): Promise<PointsBetRow[]> {
  const { rows } = (await db.execute(sql`
    select id, account_id, game_type, valid_bet::text as valid_bet,
      settled_at::text as settled_at
    from ${settledBetsRelation}
    where merchant_code = ${merchantCode} and status = 'settled'
      and settled_at >= ${cursor.settledAt}::timestamptz
      and settled_at < ${horizon.toISOString()}::timestamptz
      and (settled_at, id) > (${cursor.settledAt}::timestamptz, ${cursor.betRecordId})
    order by settled_at, id
    limit ${batchSize}`)) as { rows: PointsBetRow[] };
  return rows;
}
