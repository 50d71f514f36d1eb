import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNode } from './test/nodes';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { SessionStore } from './platform/auth/sessions';
import { createTestDatabase, fund, testConfig, testDatabaseUrl } from './test/harness';

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe.skipIf(!testDatabaseUrl)('killing the server mid-load (PostgreSQL)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('loses no acknowledged movement and leaves every invariant true after restart', async () => {
    const database = await createTestDatabase();
    const url = database.url!;
    const member = `durable-${randomUUID()}`;
    try {
      const { token } = await new SessionStore(database.db, { idleMinutes: 60, maxHours: 2 }).issue(
        {
          subjectId: member,
          role: 'member',
          merchantCode: 'TYPH',
        },
      );
      const port = await freePort();
      const first = await startNode(url, port);
      children.push(first);
      // The member's starting money: a deposit straight through the ledger.
      const local = await buildApp({ config: testConfig({ DATABASE_URL: url }), database });
      await fund(local, member, 1_000_000_00n, member);
      await local.close();

      const acknowledged: string[] = [];
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const requestId = randomUUID();
          try {
            const res = await fetch(`http://127.0.0.1:${port}/wps/relay/GCS_walletTransfer`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                fromAccountTypeId: 2,
                toAccountTypeId: 101,
                amount: '1.00',
                requestId,
              }),
            });
            const body = (await res.json()) as { success: boolean; value?: { status: string } };
            if (res.ok && body.success && body.value?.status === 'completed')
              acknowledged.push(requestId);
          } catch {
            // The server is gone: this request was never acknowledged.
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      };
      const workers = Array.from({ length: 16 }, () => worker());
      // Let the load run, then pull the plug with requests in flight.
      while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20));
      first.kill('SIGKILL');
      await exited(first);
      const atKill = acknowledged.length;
      await new Promise((r) => setTimeout(r, 200));
      stop = true;
      await Promise.all(workers);
      expect(acknowledged.length).toBe(atKill);

      // The server comes back on the same database and answers.
      const second = await startNode(url, port);
      children.push(second);
      const balance = await fetch(`http://127.0.0.1:${port}/wps/v2/wallets/balance`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(balance.status).toBe(200);
      second.kill('SIGTERM');
      await exited(second);

      const { db } = database;
      // Every acknowledged transfer is there, completed, with both its entries.
      const { rows: done } = (await db.execute(sql`
        select t.request_id, t.status,
          (select count(*)::int from ledger_entries e where e.reference = t.id) as entries
        from vendor_transfers t
        where t.account_id = ${member} and t.request_id = any(${sql.param(acknowledged)}::text[])`)) as {
        rows: { request_id: string; status: string; entries: number }[];
      };
      expect(done).toHaveLength(acknowledged.length);
      expect(done.every((r) => r.status === 'completed' && r.entries === 2)).toBe(true);

      // Transfers cut off mid-way settle by asking the vendor, as the reconciliation job does.
      const checker = await buildApp({ config: testConfig({ DATABASE_URL: url }), database });
      await checker.services.wallet.reconcilePending(0);
      await checker.close();

      const invariant = async (query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as { rows: unknown[] }).rows;
      expect(
        await invariant(
          sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
        ),
      ).toEqual([]);
      expect(
        await invariant(sql`
          select a.id from ledger_accounts a
          left join ledger_postings p on p.account_id = a.id
          group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`),
      ).toEqual([]);
      expect(
        await invariant(
          sql`select id from ledger_accounts where not allow_negative and balance < 0`,
        ),
      ).toEqual([]);
      expect(
        await invariant(
          sql`select id from vendor_transfers where account_id = ${member} and status = 'pending'`,
        ),
      ).toEqual([]);
      const { rows: held } = (await db.execute(sql`
        select kind, balance::text as balance from ledger_accounts
        where owner_id = ${member} order by kind`)) as {
        rows: { kind: string; balance: string }[];
      };
      const of = (kind: string) => BigInt(held.find((h) => h.kind === kind)?.balance ?? '0');
      // Nothing was created or lost: the member's wallets still hold exactly what was funded,
      expect(of('member_cash') + of('member_vendor') + of('vendor_transit')).toBe(1_000_000_00n);
      expect(of('vendor_transit')).toBe(0n);
      expect(of('member_vendor')).toBeGreaterThanOrEqual(BigInt(acknowledged.length) * 100n);
      // and the vendor's own books agree with ours to the cent.
      const { rows: books } = (await db.execute(sql`
        select coalesce(sum(amount), 0)::text as held from sandbox_vendor_transfers
        where player_id = ${member} and vendor_code = 'SBXLIVE'`)) as { rows: { held: string }[] };
      expect(BigInt(books[0]!.held)).toBe(of('member_vendor'));
      // The figures, for the issue's notes (a test prints; only the assertions above decide).
      process.stdout.write(
        `durability: ${acknowledged.length} transfers acknowledged before the kill, all kept; ` +
          `${(of('member_vendor') / 100n).toString()} transfers completed in all after reconciliation\n`,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});
