import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNode } from '../../test/nodes';
import { sql } from 'drizzle-orm';
import { SessionStore } from '../../platform/auth/sessions';
import { createTestDatabase, ensureTestOperator, testDatabaseUrl } from '../../test/harness';
import { accounts } from '../identity/schema';
import { betRecords } from '../games/schema';
import { agentContracts } from './schema';

describe.skipIf(!testDatabaseUrl)('settlement on two server processes (PostgreSQL)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('pays each contract once per window when both settle at the same moment', async () => {
    const database = await createTestDatabase();
    const url = database.url!;
    try {
      const { db } = database;
      // A top agent with 20 sub-agents, each with 5 members betting over the last half hour.
      const top = randomUUID();
      const rows: (typeof accounts.$inferInsert)[] = [
        {
          id: top,
          merchantCode: 'TYPH',
          username: 'nodetop',
          usernameKey: 'nodetop',
          type: 1,
          registerMethod: 'TEST',
        },
      ];
      const subs: string[] = [];
      const members: string[] = [];
      for (let i = 0; i < 20; i++) {
        const id = randomUUID();
        subs.push(id);
        rows.push({
          id,
          merchantCode: 'TYPH',
          username: `nodesub${i}`,
          usernameKey: `nodesub${i}`,
          type: 1,
          parentId: top,
          registerMethod: 'TEST',
        });
      }
      for (const [i, sub] of subs.entries()) {
        for (let j = 0; j < 5; j++) {
          const id = randomUUID();
          members.push(id);
          rows.push({
            id,
            merchantCode: 'TYPH',
            username: `nodem${i}x${j}`,
            usernameKey: `nodem${i}x${j}`,
            type: 0,
            parentId: sub,
            registerMethod: 'TEST',
          });
        }
      }
      for (const row of rows) await db.insert(accounts).values(row);
      const since = new Date(Date.now() - 40 * 60_000);
      const contract = (id: string, upline: string | null, downline: string, rate: number) => ({
        id,
        merchantCode: 'TYPH',
        kind: 'realtime' as const,
        uplineId: upline,
        downlineId: downline,
        tiers: [{ rate, minActiveMembers: 0, minPeriodBet: '0' }],
        maxRate: rate,
        status: 'active' as const,
        requestedBy: 'test',
        activeFrom: since,
      });
      await db.insert(agentContracts).values(contract(`c-${top}`, null, top, 100));
      for (const sub of subs)
        await db.insert(agentContracts).values(contract(`c-${sub}`, top, sub, 60));
      let total = 0n;
      for (const [k, member] of members.entries()) {
        for (let n = 0; n < 3; n++) {
          const at = new Date(Date.now() - (2 + ((k * 3 + n) % 25)) * 60_000);
          const stake = BigInt(100_00 + k * 10 + n);
          total += stake;
          const roundId = randomUUID();
          await db.insert(betRecords).values({
            id: `TEST:${roundId}:${member}`,
            merchantCode: 'TYPH',
            accountId: member,
            vendorCode: 'TEST',
            gameId: 'TYPH-TAYA-FORTUNE',
            gameType: 'RNG',
            roundId,
            currency: 'TLB',
            stake,
            validBet: stake,
            payout: 0n,
            status: 'settled',
            placedAt: at,
            settledAt: at,
          });
        }
      }
      const { token } = await new SessionStore(db, { idleMinutes: 60, maxHours: 2 }).issue({
        subjectId: 'operator-test',
        role: 'operator',
        merchantCode: 'TYPH',
        operator: {
          role: 'admin',
          username: await ensureTestOperator(db, 'operator-test', 'admin', null),
          merchants: null,
        },
      });
      const ports = [await freePort(), await freePort()];
      for (const port of ports) children.push(await startNode(url, port));
      // Both nodes settle at once, three times each.
      const answers = await Promise.all(
        [0, 1, 2].flatMap(() =>
          ports.map(async (port) => {
            const res = await fetch(`http://127.0.0.1:${port}/ops/agents/settle`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            });
            expect(res.status).toBe(200);
            return ((await res.json()) as { value: { paid: string } }).value.paid;
          }),
        ),
      );
      const paidByCalls = answers.reduce((sum, p) => sum + BigInt(p), 0n);

      const settled = (await db.execute(sql`
        select count(*)::int as n, count(distinct (contract_id, window_start))::int as distinct_n,
          coalesce(sum(payout), 0)::text as paid
        from agent_settlements`)) as { rows: { n: number; distinct_n: number; paid: string }[] };
      const s = settled.rows[0]!;
      expect(s.n).toBe(s.distinct_n);
      // The top contract's 1 % of everything, split between it and the subs: paid once.
      expect(BigInt(s.paid)).toBe(paidByCalls);
      const cash = (await db.execute(sql`
        select coalesce(sum(l.balance), 0)::text as b from ledger_accounts l
        where l.kind = 'member_cash' and l.owner_id in (${sql.join(
          [top, ...subs].map((id) => sql`${id}`),
          sql`, `,
        )})`)) as { rows: { b: string }[] };
      expect(BigInt(cash.rows[0]!.b)).toBe(BigInt(s.paid));
      // Within rounding (each of 21 contracts rounds down once a window), 1 % of the bets in
      // the windows settled so far (the last minute's wait for their grace).
      const upTo = (await db.execute(sql`
        select max(window_end) as until, count(*)::int as windows from agent_settlement_runs
        where schedule = 'realtime'`)) as { rows: { until: string | Date; windows: number }[] };
      const until = new Date(upTo.rows[0]!.until);
      const inWindows = (await db.execute(sql`
        select coalesce(sum(valid_bet), 0)::text as v from bet_records
        where settled_at < ${until.toISOString()}::timestamptz`)) as { rows: { v: string }[] };
      expect(BigInt(inWindows.rows[0]!.v) <= total).toBe(true);
      const expected = BigInt(inWindows.rows[0]!.v) / 100n;
      const shortBy = expected - BigInt(s.paid);
      expect(shortBy >= 0n).toBe(true);
      expect(shortBy <= 21n * BigInt(upTo.rows[0]!.windows)).toBe(true);
      expect(BigInt(s.paid) > 0n).toBe(true);
      const entries = (await db.execute(sql`
        select count(*)::int as n from ledger_entries where type = 'agent_commission'`)) as {
        rows: { n: number }[];
      };
      const paidRows = (await db.execute(sql`
        select count(*)::int as n from agent_settlements where payout > 0`)) as {
        rows: { n: number }[];
      };
      expect(entries.rows[0]!.n).toBe(paidRows.rows[0]!.n);
    } finally {
      for (const c of children) c.kill('SIGKILL');
      await database.close();
    }
  }, 120_000);
});
