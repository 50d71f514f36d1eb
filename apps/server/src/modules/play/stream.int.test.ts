import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettledBetRecord } from '@taya/contracts';
import type { Database } from '../../platform/db';
import { createTestDatabase, testDatabaseUrl } from '../../test/harness';
import { BetStream, type NewBetRecord } from './stream';

let database: Database;
let stream: BetStream;
beforeAll(async () => {
  database = await createTestDatabase();
  stream = new BetStream(database.db);
});
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function record(merchantCode: string, n: number): NewBetRecord {
  return {
    id: `${merchantCode}:${n}`,
    merchantCode,
    accountId: `acc-${n % 3}`,
    vendorCode: 'TEST',
    gameId: 'g1',
    gameType: 'SLOT',
    roundId: `${merchantCode}:r-${n}`,
    currency: 'PHP',
    stake: 100n,
    validBet: 100n,
    payout: BigInt(n),
    placedAt: new Date().toISOString(),
  };
}

/** Reads the stream of one merchant to its end from `cursor`, a few records at a time. */
async function drain(merchantCode: string, cursor: string, seen: SettledBetRecord[]) {
  for (;;) {
    const page = await stream.settledSince({ after: cursor, limit: 3, merchantCode });
    seen.push(...page.records);
    if (page.records.length === 0) return page.next;
    cursor = page.next;
  }
}

describe('the settled-bet stream', () => {
  it('delivers records in order and resumes exactly after the last one read', async () => {
    const merchant = `m-${randomUUID()}`;
    await database.db.transaction((tx) =>
      stream.recordSettled(
        tx,
        [1, 2, 3, 4, 5].map((n) => record(merchant, n)),
      ),
    );
    const first = await stream.settledSince({ limit: 2, merchantCode: merchant });
    expect(first.records.map((r) => r.id)).toEqual([`${merchant}:1`, `${merchant}:2`]);
    expect(first.records[0]!.seq < first.records[1]!.seq).toBe(true);
    expect(first.records[0]).toMatchObject({ stake: 100n, payout: 1n, status: 'settled' });
    const rest = await stream.settledSince({
      after: first.next,
      limit: 10,
      merchantCode: merchant,
    });
    expect(rest.records.map((r) => r.id)).toEqual([3, 4, 5].map((n) => `${merchant}:${n}`));
    const none = await stream.settledSince({ after: rest.next, limit: 10, merchantCode: merchant });
    expect(none).toEqual({ records: [], next: rest.next });
    // Written again, a record is left as it is and not delivered again.
    await database.db.transaction((tx) => stream.recordSettled(tx, [record(merchant, 1)]));
    expect((await stream.settledSince({ after: rest.next, limit: 10 })).records).toEqual([]);
  });

  it('delivers a record changed in place again, at the head', async () => {
    const merchant = `m-${randomUUID()}`;
    await database.db.transaction((tx) =>
      stream.recordSettled(
        tx,
        [1, 2].map((n) => record(merchant, n)),
      ),
    );
    const read = await stream.settledSince({ limit: 10, merchantCode: merchant });
    await database.db.execute(
      sql`update bet_records set payout = 500 where id = ${`${merchant}:1`}`,
    );
    const again = await stream.settledSince({
      after: read.next,
      limit: 10,
      merchantCode: merchant,
    });
    expect(again.records.map((r) => [r.id, r.payout])).toEqual([[`${merchant}:1`, 500n]]);
    expect(again.records[0]!.seq > read.records[1]!.seq).toBe(true);
  });

  it.skipIf(!testDatabaseUrl)(
    'does not pass a record whose transaction took its number first but commits last',
    async () => {
      const merchant = `m-${randomUUID()}`;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const firstWritten = new Promise<void>((r) => (written = r));
      // The first writer takes the lower number, then waits until the second has committed.
      const slow = database.db.transaction(async (tx) => {
        await stream.recordSettled(tx, [record(merchant, 1)]);
        written();
        await held;
      });
      await firstWritten;
      await database.db.transaction((tx) => stream.recordSettled(tx, [record(merchant, 2)]));
      const early = await stream.settledSince({ limit: 10, merchantCode: merchant });
      expect(early.records).toEqual([]);
      release();
      await slow;
      const late = await stream.settledSince({
        after: early.next,
        limit: 10,
        merchantCode: merchant,
      });
      expect(late.records.map((r) => r.id)).toEqual([`${merchant}:1`, `${merchant}:2`]);
    },
  );

  it('a reader following concurrent writers sees every record once', async () => {
    const merchant = `m-${randomUUID()}`;
    const writers = 8;
    const perWriter = 6;
    let done = false;
    const seen: SettledBetRecord[] = [];
    const reader = (async () => {
      let cursor = '';
      while (!done) {
        cursor = await drain(merchant, cursor, seen);
        await sleep(2);
      }
      await drain(merchant, cursor, seen);
    })();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          const n = w * perWriter + i;
          await database.db.transaction(async (tx) => {
            await stream.recordSettled(tx, [record(merchant, n)]);
            // Hold the transaction open a while, so writers commit out of number order.
            await sleep((n * 7) % 11);
          });
        }
      }),
    );
    done = true;
    await reader;
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(writers * perWriter);
  });
});
