import type { ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@taya/contracts';
import { buildApp } from './app';
import { SessionStore } from './platform/auth/sessions';
import {
  createTestDatabase,
  ensureTestOperator,
  fund,
  testConfig,
  testDatabaseUrl,
} from './test/harness';
import { freePort } from './test/nodes';
import { exited, startNodeWith } from './test/node-process';

/**
 * A real server process under a mixed stream of money movements (in-house slot spins, signed
 * vendor bets with wins or rollbacks, lottery bets) is killed with SIGKILL three times and
 * restarted on the same database. Only what the server acknowledged (a 2xx with its answer) is
 * expected to have happened; afterwards, with the recovery jobs run, the ledger must hold every
 * acknowledged movement exactly once, balance to zero, and hold no stake.
 */

const vendor = 'KILLV';
const secret = 'kill-stream-vendor-secret-0123456789';
const minor = (text: string) => {
  const v = parseAmount(text, 2);
  if (v === null) throw new Error(`not an amount: ${text}`);
  return v;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer<T> {
  status: number;
  body: { success: boolean; errorCode?: string; value: T } | null;
}

describe.skipIf(!testDatabaseUrl)('kill -9 under a mixed stream of bets (PostgreSQL)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('keeps every acknowledged movement exactly once and holds no stake after recovery', async () => {
    const database = await createTestDatabase();
    const url = database.url!;
    const { db } = database;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as { rows: T[] }).rows;
    try {
      // An outside vendor with one game, and players: slot, vendor and lottery players apart.
      await db.execute(sql`
        insert into game_vendors (merchant_code, code, game_type, display_name, wallet_mode)
        values ('TYPH', ${vendor}, 'RNG', 'Kill-test vendor', 'seamless')`);
      await db.execute(sql`
        insert into games (id, merchant_code, vendor_code, game_code, game_type, name)
        values ('TYPH-KILLV-1', 'TYPH', ${vendor}, 'K1', 'RNG', 'Kill-test game')`);
      const sessions = new SessionStore(db, { idleMinutes: 60, maxHours: 2 });
      const setup = await buildApp({
        config: testConfig({ DATABASE_URL: url, JOBS: 'on' }),
        database,
      });
      await setup.ready();
      // The lottery's issues, as the scheduling job opens them.
      await setup.services.jobs.runNow('lottery.schedule');
      const newPlayer = async (prefix: string) => {
        const id = `${prefix}-${randomUUID()}`;
        const { token } = await sessions.issue({
          subjectId: id,
          role: 'member',
          merchantCode: 'TYPH',
        });
        await fund(setup, id, 100_000_00n, id);
        return { id, token };
      };
      const slotPlayers = await Promise.all(Array.from({ length: 5 }, () => newPlayer('slot')));
      const vendorPlayers = await Promise.all(Array.from({ length: 5 }, () => newPlayer('vend')));
      const lottoPlayers = await Promise.all(Array.from({ length: 2 }, () => newPlayer('lotto')));
      const operator = (
        await sessions.issue({
          subjectId: 'kill-ops',
          role: 'operator',
          merchantCode: 'TYPH',
          operator: {
            role: 'admin',
            username: await ensureTestOperator(db, 'kill-ops', 'admin', null),
            merchants: null,
          },
        })
      ).token;
      await setup.close();

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { VENDOR_SECRETS: `${vendor}=${secret}` };
      let server = await startNodeWith(url, port, env);
      children.push(server);

      /** One call; a dropped connection is a null answer (the server never acknowledged it). */
      const call = async <T>(
        method: 'GET' | 'POST',
        path: string,
        options: { token?: string; body?: object; signed?: boolean } = {},
      ): Promise<Answer<T> | null> => {
        const raw = options.body
          ? JSON.stringify(
              options.signed ? { ...options.body, timestamp: Date.now() } : options.body,
            )
          : undefined;
        try {
          const res = await fetch(`${base}${path}`, {
            method,
            headers: {
              ...(raw ? { 'content-type': 'application/json' } : {}),
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
              ...(options.signed && raw
                ? { 'x-taya-signature': createHmac('sha256', secret).update(raw).digest('hex') }
                : {}),
            },
            ...(raw ? { body: raw } : {}),
          });
          const text = await res.text();
          let body: Answer<T>['body'] = null;
          try {
            body = JSON.parse(text) as Answer<T>['body'];
          } catch {
            // not JSON: not an answer
          }
          return { status: res.status, body };
        } catch {
          return null;
        }
      };
      const acked = <T>(a: Answer<T> | null): a is Answer<T> & { body: { value: T } } =>
        !!a && a.status >= 200 && a.status < 300 && a.body?.success === true;
      const must = async <T>(path: string, options: Parameters<typeof call>[2]) => {
        const a = await call<T>('POST', path, options);
        if (!acked(a)) throw new Error(`${path}: ${a?.status} ${a?.body?.errorCode}`);
        return a.body.value;
      };
      const launch = async (token: string, nodeId: string) => {
        const a = await call<{ content: { game_url: string } }>(
          'GET',
          `/wps/game/launchGame?nodeId=${nodeId}&accountType=1`,
          { token },
        );
        if (!acked(a)) throw new Error(`launch ${nodeId}: ${a?.status} ${a?.body?.errorCode}`);
        return new URL(a.body.value.content.game_url, base).searchParams.get('token')!;
      };

      // The players open their games as the browser and the vendor would.
      const slots = [];
      for (const p of slotPlayers) {
        const open = await must<{ session: string }>('/taya-games/slot/open', {
          body: { token: await launch(p.token, 'TYPH-TAYA-FORTUNE') },
        });
        slots.push({ id: p.id, session: open.session });
      }
      const vendors = [];
      for (const p of vendorPlayers) {
        const auth = await must<{ sessionToken: string }>(
          `/wallet-api/seamless/${vendor}/authenticate`,
          { body: { launchToken: await launch(p.token, 'TYPH-KILLV-1') }, signed: true },
        );
        vendors.push({ id: p.id, session: auth.sessionToken });
      }
      const opened = await call<{ issue: { id: string; issueId: string } }>(
        'GET',
        '/lotto/lgw/games/opened/numero?gameCode=VN_NORTH',
        { token: lottoPlayers[0]!.token },
      );
      if (!acked(opened)) throw new Error(`no open VN_NORTH issue: ${opened?.status}`);
      const issue = opened.body.value.issue;

      // What the server acknowledged, and what it was asked without an answer.
      const spins: { roundId: string; player: string; net: bigint; jackpot: bigint }[] = [];
      const rounds: {
        roundId: string;
        player: string;
        betAcked: boolean;
        close: 'win' | 'rollback' | null;
        win: string;
        closeAcked: boolean;
      }[] = [];
      const orders: { requestId: string; player: string; cost: bigint }[] = [];
      const refused: Record<string, number> = {};
      const refuse = (what: string, a: Answer<unknown> | null) => {
        const key = a ? `${what}:${a.status}:${a.body?.errorCode ?? '-'}` : `${what}:dropped`;
        refused[key] = (refused[key] ?? 0) + 1;
      };
      let stop = false;
      let since = 0; // acknowledgements since the last (re)start
      const ack = () => (since += 1);
      const pause = (a: unknown) => (a === null ? sleep(25) : Promise.resolve());

      const slotWorker = async (p: { id: string; session: string }) => {
        while (!stop) {
          const a = await call<{
            roundId: string;
            bet: string;
            payout: string;
            jackpot: null | { amount: string };
          }>('POST', '/taya-games/slot/spin', {
            body: { session: p.session, playerId: p.id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
          });
          if (acked(a)) {
            const v = a.body.value;
            spins.push({
              roundId: v.roundId,
              player: p.id,
              net: minor(v.payout) - minor(v.bet),
              jackpot: v.jackpot ? minor(v.jackpot.amount) : 0n,
            });
            ack();
          } else {
            refuse('spin', a);
            await pause(a);
          }
        }
      };
      const vendorWorker = async (p: { id: string; session: string }, w: number) => {
        for (let n = 0; !stop; n++) {
          const roundId = randomUUID();
          const round = {
            roundId,
            player: p.id,
            betAcked: false,
            close: null as 'win' | 'rollback' | null,
            win: (n + w) % 3 === 0 ? '2.50' : '0.00',
            closeAcked: false,
          };
          rounds.push(round);
          const bet = await call('POST', `/wallet-api/seamless/${vendor}/bet`, {
            signed: true,
            body: {
              sessionToken: p.session,
              playerId: p.id,
              txId: `${roundId}:bet`,
              roundId,
              amount: '1.00',
            },
          });
          if (!acked(bet)) {
            refuse('bet', bet);
            await pause(bet);
            continue;
          }
          round.betAcked = true;
          ack();
          round.close = n % 5 === 4 ? 'rollback' : 'win';
          const closed = await closeRound(round);
          if (closed) ack();
          else await sleep(25);
        }
      };
      const closeRound = async (round: (typeof rounds)[number]) => {
        const a =
          round.close === 'win'
            ? await call('POST', `/wallet-api/seamless/${vendor}/win`, {
                signed: true,
                body: {
                  playerId: round.player,
                  txId: `${round.roundId}:win`,
                  roundId: round.roundId,
                  amount: round.win,
                  final: true,
                },
              })
            : await call('POST', `/wallet-api/seamless/${vendor}/rollback`, {
                signed: true,
                body: {
                  playerId: round.player,
                  txId: `${round.roundId}:rb`,
                  betTxId: `${round.roundId}:bet`,
                },
              });
        if (acked(a)) round.closeAcked = true;
        else refuse(round.close ?? 'close', a);
        return round.closeAcked;
      };
      const lottoWorker = async (p: { id: string; token: string }) => {
        while (!stop) {
          const requestId = randomUUID();
          const a = await call<{ totalCost: string }>('POST', '/lotto/bets', {
            token: p.token,
            body: {
              gameCode: 'VN_NORTH',
              issueId: issue.issueId,
              requestId,
              bets: [{ type: 'LO2', selection: ['27'], unitStake: '1', units: 1 }],
            },
          });
          if (acked(a)) {
            orders.push({ requestId, player: p.id, cost: minor(a.body.value.totalCost) });
            ack();
          } else {
            refuse('lottery', a);
            await pause(a);
          }
        }
      };

      const workers = [
        ...slots.map((p) => slotWorker(p)),
        ...vendors.map((p, i) => vendorWorker(p, i)),
        ...lottoPlayers.map((p) => lottoWorker(p)),
      ];
      // Three kills at random moments under load, each followed by a restart on the same database.

      for (let k = 0; k < 3; k++) {
        const until = Date.now() + 1500 + Math.random() * 2500;
        while (Date.now() < until || since < 50) await sleep(10);
        // Lottery bets on one issue are slow under contention: wait for one before the first kill.
        const lottoBy = Date.now() + 20_000;
        while (k === 0 && orders.length === 0 && Date.now() < lottoBy) await sleep(10);
        server.kill('SIGKILL');
        await exited(server);

        server = await startNodeWith(url, port, env);
        children.push(server);
        since = 0;
      }
      while (since < 100) await sleep(10);
      stop = true;
      await Promise.all(workers);

      // The vendor, as vendors do: it repeats each win or rollback it got no answer for, and rolls
      // back each bet it got no answer for.
      for (const round of rounds) {
        if (round.betAcked && round.closeAcked) continue;
        if (!round.betAcked) round.close = 'rollback';
        for (let attempt = 0; attempt < 20 && !round.closeAcked; attempt++) {
          if (!(await closeRound(round))) await sleep(50);
        }
      }
      // No play stays open: an operator cancels the lottery issue, and its bets are refunded.
      const cancelled = await call('POST', `/ops/lottery/issues/${issue.id}/cancel`, {
        token: operator,
        body: { reason: 'Draw not held' },
      });
      expect(acked(cancelled), JSON.stringify(cancelled?.body)).toBe(true);
      server.kill('SIGTERM');
      await exited(server);

      // The recovery jobs, run through the job queue as a node would run them. A spin is one
      // transaction (whole or absent), so nothing waits for a round to look stranded.
      const recovery = await buildApp({
        config: testConfig({ DATABASE_URL: url, JOBS: 'on' }),
        database,
      });
      await recovery.ready();
      const jobs = recovery.services.jobs.names.filter((n) =>
        /^(lottery\.settle|play\..*)$/.test(n),
      );
      expect(jobs).toContain('play.recover');
      const ran: string[] = [];
      for (const name of jobs) {
        const job = await recovery.services.jobs.runNow(name);
        ran.push(`${name} ${JSON.stringify(job.output)}`);
      }
      await recovery.close();

      // (1) postings sum to zero per currency, and per entry;
      const totals = await rows<{ currency: string; total: string }>(sql`
        select currency, sum(amount)::text as total from ledger_postings group by currency`);
      expect(totals.filter((t) => t.total !== '0')).toEqual([]);
      expect(
        await rows(sql`
          select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`),
      ).toEqual([]);
      // (2) every balance is the sum of its postings;
      expect(
        await rows(sql`
          select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id
          group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`),
      ).toEqual([]);
      // (3) no balance below zero where that is not allowed;
      expect(
        await rows(sql`select id from ledger_accounts where not allow_negative and balance < 0`),
      ).toEqual([]);

      // (4) every acknowledged movement is in the ledger exactly once. An entry belongs to a
      // movement when its key or reference names the movement's id (a round or an order); its
      // effect is what the entries moved on the player's own accounts.
      const ids = [
        ...spins.map((s) => [s.roundId, s.player]),
        ...rounds.map((r) => [r.roundId, r.player]),
        ...orders.map((o) => [o.requestId, o.player]),
      ];
      const found = await rows<{ id: string; entries: number; net: string }>(sql`
        with wanted(id, player) as (
          select * from unnest(${sql.param(ids.map((i) => i[0]))}::text[],
            ${sql.param(ids.map((i) => i[1]))}::text[])),
        named as (
          select distinct e.id as entry_id, m[1] as id from ledger_entries e,
            regexp_matches(e.idempotency_key || ' ' || coalesce(e.reference, ''),
              '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', 'g') m)
        select w.id, count(distinct n.entry_id)::int as entries,
          coalesce(sum(p.amount) filter (where a.owner_id = w.player), 0)::text as net
        from wanted w
        left join named n on n.id = w.id
        left join ledger_postings p on p.entry_id = n.entry_id
        left join ledger_accounts a on a.id = p.account_id
        group by w.id`);
      const byId = new Map(found.map((f) => [f.id, { entries: f.entries, net: BigInt(f.net) }]));
      let acknowledged = 0;
      const lost: string[] = [];
      const doubled: string[] = [];
      const held: string[] = [];
      const judge = (id: string, expected: bigint[], missing: bigint[], minEntries = 1) => {
        acknowledged += 1;
        const f = byId.get(id) ?? { entries: 0, net: 0n };
        if (f.entries >= minEntries && expected.includes(f.net)) return;
        if (f.entries < minEntries || missing.some((m) => f.net - expected[0]! === m))
          lost.push(id);
        else doubled.push(id);
      };
      for (const s of spins) {
        // The stake and the payout (a jackpot, when hit, may be paid in the same round).
        judge(s.roundId, [s.net, s.net + s.jackpot], [100n, -(s.net + 100n)]);
      }
      for (const r of rounds) {
        if (r.betAcked && r.close === 'win' && r.closeAcked) {
          judge(r.roundId, [minor(r.win) - 100n], [100n, -minor(r.win)]);
        } else if (r.betAcked && r.close === 'rollback' && r.closeAcked) {
          // The bet and its rollback: two entries that cancel out.
          judge(r.roundId, [0n], [-100n], 2);
        } else if (!r.betAcked && r.closeAcked) {
          // Never acknowledged, then rolled back: nothing, or a bet and its refund.
          const f = byId.get(r.roundId);
          if (f && f.net !== 0n) held.push(r.roundId);
        } else {
          held.push(r.roundId);
        }
      }
      for (const o of orders) {
        // The order's debit (its refund after the cancel names the bets, not the order).
        judge(o.requestId, [-o.cost], [o.cost]);
      }

      // (5) no stake left held: every kernel bet closed, no hold open, nothing in play.
      const unsettled = await rows<{ id: string }>(sql`select id from bets where status = 'held'`);
      held.push(...unsettled.map((r) => `bet:${r.id}`));
      const openHolds = await rows<{ id: string }>(
        sql`select id from ledger_holds where status = 'held'`,
      );
      held.push(...openHolds.map((r) => `hold:${r.id}`));
      const inPlay = await rows<{ accounts: number; total: string }>(sql`
        select count(*)::int as accounts, coalesce(sum(balance), 0)::text as total
        from ledger_accounts where kind = 'bets_in_play'`);
      if (inPlay[0]!.total !== '0') held.push(`bets_in_play:${inPlay[0]!.total}`);

      process.stdout.write(
        `kill-stream: ${acknowledged} acknowledged (${spins.length} spins, ` +
          `${rounds.filter((r) => r.betAcked).length} vendor rounds, ${orders.length} lottery orders), ` +
          `lost ${lost.length}, doubled ${doubled.length}, held ${held.length}; ` +
          `${rounds.filter((r) => !r.betAcked).length} unanswered vendor bets rolled back, ` +
          `bets_in_play accounts ${inPlay[0]!.accounts}, recovery jobs: ${ran.join(', ')}; ` +
          `not acknowledged: ${JSON.stringify(refused)}\n`,
      );
      expect(spins.length).toBeGreaterThan(0);
      expect(rounds.some((r) => r.betAcked)).toBe(true);
      expect(orders.length).toBeGreaterThan(0);
      expect({ lost, doubled, held }).toEqual({ lost: [], doubled: [], held: [] });
    } finally {
      await database.close();
    }
  }, 120_000);
});
