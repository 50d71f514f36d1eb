import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { settledBetsRelation } from '../play';

/**
 * What the VIP fold has not counted yet: settled bets (games) and credited deposits (cashier)
 * of a merchant from `from` on, oldest first, those already in `vip_counted` left out.
 */
export interface VipFoldRecord {
  id: string;
  account_id: string;
  /** An integer amount in minor units, as text. */
  amount: string;
  /** The record's time, as PostgreSQL text (microseconds kept). */
  at: string;
}

export async function vipUncountedRecords(
  db: DbOrTx,
  source: 'bet' | 'deposit',
  merchantCode: string,
  from: string,
  batch: number,
): Promise<VipFoldRecord[]> {
  const picked =
    source === 'bet'
      ? sql`select b.id, b.account_id, b.valid_bet::text as amount, b.settled_at::text as at
          from ${settledBetsRelation} b
          where b.merchant_code = ${merchantCode} and b.status = 'settled'
            and b.settled_at >= ${from}::timestamptz
            and not exists (
              select 1 from vip_counted c where c.source = 'bet' and c.record_id = b.id)
          order by b.settled_at, b.id
          limit ${batch}`
      : sql`select d.id, d.account_id, d.amount::text as amount,
            coalesce(d.decided_at, d.created_at)::text as at
          from deposit_orders d
          where d.merchant_code = ${merchantCode} and d.status = 'credited'
            and coalesce(d.decided_at, d.created_at) >= ${from}::timestamptz
            and not exists (
              select 1 from vip_counted c where c.source = 'deposit' and c.record_id = d.id)
          order by coalesce(d.decided_at, d.created_at), d.id
          limit ${batch}`;
  const { rows } = (await db.execute(picked)) as { rows: VipFoldRecord[] };
  return rows;
}
