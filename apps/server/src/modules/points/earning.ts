import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { settledBetsAfter } from '../reports';
import { pointsEarnCarry, pointsRatios } from './schema';
import { earnOnTotal, type PointsCarry, type PointsDeps } from './model';
import { change } from './ledger';

/**
 * Earning: points for settled valid bets, read after a cursor through reports/, on each member's
 * running valid-bet total per game type (the remainder carried from bet to bet).
 */

/**
 * The `points.earn` job: credits the points of settled bet records not yet read, merchant by
 * merchant, in bounded batches after a cursor of (settled time, id). Only records settled more
 * than `settleLagMs` ago are read, so a settlement that commits late is still ahead of the
 * cursor. Each batch is one transaction holding the merchant's cursor row, so each bet record
 * joins its member's running total once; the points it completes are credited under the key
 * `earn:<bet record id>`: a re-run, or a run on a second node, credits nothing twice.
 */
export async function earnDue(
  deps: PointsDeps,
  options: { now?: Date; settleLagMs?: number; batchSize?: number; maxBatches?: number } = {},
): Promise<{ bets: number; points: bigint }> {
  const now = options.now ?? new Date();
  const horizon = new Date(now.getTime() - (options.settleLagMs ?? 60_000));
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 10;
  const merchants = await deps.db
    .selectDistinct({ merchantCode: pointsRatios.merchantCode })
    .from(pointsRatios);
  let bets = 0;
  let points = 0n;
  for (const { merchantCode } of merchants) {
    for (let i = 0; i < maxBatches; i += 1) {
      const batch = await earnBatch(deps, merchantCode, horizon, batchSize);
      bets += batch.read;
      points += batch.points;
      if (batch.read < batchSize) break;
    }
  }
  return { bets, points };
}

async function earnBatch(deps: PointsDeps, merchantCode: string, horizon: Date, batchSize: number) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into points_earn_cursors (merchant_code, settled_at, bet_record_id)
      values (${merchantCode}, 'epoch'::timestamptz, '')
      on conflict (merchant_code) do nothing`);
    const cursor = (
      (await tx.execute(sql`
        select settled_at::text as settled_at, bet_record_id from points_earn_cursors
        where merchant_code = ${merchantCode} for update`)) as {
        rows: { settled_at: string; bet_record_id: string }[];
      }
    ).rows[0]!;
    const ratios = new Map(
      (await tx.select().from(pointsRatios).where(eq(pointsRatios.merchantCode, merchantCode))).map(
        (r) => [r.gameType, { points: r.points, unit: r.validBetUnit }],
      ),
    );
    const rows = await settledBetsAfter(
      tx,
      merchantCode,
      { settledAt: cursor.settled_at, betRecordId: cursor.bet_record_id },
      horizon,
      batchSize,
    );
    const carries = await carriesOf(
      tx,
      rows.filter((bet) => ratios.has(bet.game_type)).map((bet) => bet.account_id),
    );
    const changed = new Set<string>();
    let earned = 0n;
    for (const bet of rows) {
      const ratio = ratios.get(bet.game_type);
      if (!ratio || ratio.points <= 0) continue;
      const key = carryKey(bet.account_id, bet.game_type);
      const next = earnOnTotal(carries.get(key), BigInt(bet.valid_bet), ratio);
      carries.set(key, next.carry);
      changed.add(key);
      const amount = next.points;
      if (amount === 0n) continue;
      const done = await change(tx, {
        merchantCode,
        accountId: bet.account_id,
        kind: 'earn',
        amount,
        key: `earn:${bet.id}`,
        actor: 'job:points.earn',
        reference: bet.id,
        remark: bet.game_type,
      });
      if (!done.replayed) earned += amount;
    }
    if (changed.size > 0) {
      await tx
        .insert(pointsEarnCarry)
        .values(
          [...changed].map((key) => {
            const [accountId, gameType] = key.split('\u0000') as [string, string];
            const carry = carries.get(key)!;
            return { accountId, gameType, owed: carry.owed, unit: carry.unit };
          }),
        )
        .onConflictDoUpdate({
          target: [pointsEarnCarry.accountId, pointsEarnCarry.gameType],
          set: {
            owed: sql`excluded.owed`,
            unit: sql`excluded.unit`,
            updatedAt: sql`now()`,
          },
        });
    }
    const last = rows.at(-1);
    if (last) {
      await tx.execute(sql`
        update points_earn_cursors
        set settled_at = ${last.settled_at}::timestamptz, bet_record_id = ${last.id},
          updated_at = now()
        where merchant_code = ${merchantCode}`);
    }
    return { read: rows.length, points: earned };
  });
}

const carryKey = (accountId: string, gameType: string) => `${accountId}\u0000${gameType}`;

/** The members' carried progress toward their next points, by member and game type. */
async function carriesOf(tx: Tx, accountIds: string[]): Promise<Map<string, PointsCarry>> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(pointsEarnCarry)
    .where(inArray(pointsEarnCarry.accountId, ids));
  return new Map(
    rows.map((r) => [carryKey(r.accountId, r.gameType), { owed: r.owed, unit: r.unit }]),
  );
}
