import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';

let t: TestContext;
let seq = 0;
const requestId = () => `race-${Date.now()}-${seq++}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.lottery.scheduleDue();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

/** Members of TYPH with a session each, funded with `minor`. */
async function fundedMembers(count: number, minor: bigint) {
  const ids = await insertMembers(t, count, 'lotto');
  return Promise.all(
    ids.map(async (id) => {
      await fund(t.app, id, minor, `lottery-race-${id}`);
      const { token } = await t.app.services.sessions.issue({
        subjectId: id,
        role: 'member',
        merchantCode: 'TYPH',
      });
      const auth = { authorization: `Bearer ${token}` };
      return {
        id,
        bet: (payload: object) =>
          t.app.inject({ method: 'POST', url: '/lotto/bets', headers: auth, payload }),
      };
    }),
  );
}

const balanceOf = async (id: string) =>
  BigInt(
    (
      await rows<{ balance: string }>(sql`
      select balance::text as balance from ledger_accounts
      where owner_id = ${id} and kind = 'member_cash'`)
    )[0]!.balance,
  );

/**
 * The issue a bet lands on: the first one still open. One about to close is closed first, so
 * the test has time to bet on the next (a bet naming a later issue than the first is refused).
 */
async function openIssue(gameCode: string) {
  await t.database.db.execute(sql`
    update lottery_issues set closes_at = now() - interval '1 second'
    where game_code = ${gameCode} and status = 'open'
      and closes_at > now() and closes_at <= now() + interval '20 seconds'`);
  const [issue] = await rows<{ id: string; issue_id: string }>(sql`
    select id, issue_id from lottery_issues
    where game_code = ${gameCode} and status = 'open' and closes_at > now()
    order by draw_at limit 1`);
  return issue!;
}

/** Debit entries per member, bets and the issue's counter, to check the books after a race. */
async function books(issueRowId: string, ids: string[]) {
  const debits = await rows<{ owner: string; n: number }>(sql`
    select split_part(idempotency_key, ':', 3) as owner, count(*)::int as n from ledger_entries
    where type = 'lottery_bet'
      and split_part(idempotency_key, ':', 3) = any(${sql.param(ids)}::text[])
    group by 1`);
  const [issue] = await rows<{ bet_count: number; bets: number }>(sql`
    select bet_count, (select count(*)::int from lottery_bets where issue_row_id = i.id) as bets
    from lottery_issues i where id = ${issueRowId}`);
  return { debits: new Map(debits.map((d) => [d.owner, d.n])), ...issue! };
}

describe('members betting on one issue at once', () => {
  it('takes 64 concurrent bets without a server error, and the books stay right', async () => {
    const members = await fundedMembers(64, 100_00n);
    const issue = await openIssue('ELOTT_5M');
    const answers = await Promise.all(
      members.map((m) =>
        m.bet({
          gameCode: 'ELOTT_5M',
          issueId: issue.issue_id,
          requestId: requestId(),
          bets: [{ type: 'SUM_BS', selection: ['big'], unitStake: '1.50', units: 2 }],
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const a of answers)
      if (a.statusCode !== 200) expect(a.json()).toMatchObject({ success: false, value: null });
    const accepted = members.filter((_, i) => statuses[i] === 200);
    expect(accepted.length).toBeGreaterThan(0);
    const after = await books(
      issue.id,
      members.map((m) => m.id),
    );
    expect(after.bet_count).toBe(accepted.length);
    expect(after.bets).toBe(accepted.length);
    for (const [i, m] of members.entries()) {
      const ok = statuses[i] === 200;
      expect(after.debits.get(m.id) ?? 0).toBe(ok ? 1 : 0);
      expect(await balanceOf(m.id)).toBe(ok ? 100_00n - 300n : 100_00n);
    }
  });

  it('never fails two members betting at the same moment', async () => {
    const [a, b] = await fundedMembers(2, 1_000_00n);
    const issue = await openIssue('ELOTT_3M');
    const before = await books(issue.id, [a!.id, b!.id]);
    let accepted = 0;
    for (let round = 0; round < 15; round++) {
      const answers = await Promise.all(
        [a!, b!].map((m) =>
          m.bet({
            gameCode: 'ELOTT_3M',
            issueId: issue.issue_id,
            requestId: requestId(),
            bets: [{ type: 'SUM_OE', selection: ['odd'], unitStake: '1', units: 1 }],
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).filter((s) => s >= 500)).toEqual([]);
      accepted += answers.filter((r) => r.statusCode === 200).length;
    }
    expect(accepted).toBeGreaterThan(0);
    const after = await books(issue.id, [a!.id, b!.id]);
    expect(after.bet_count - before.bet_count).toBe(accepted);
    expect(after.bets - before.bets).toBe(accepted);
    expect((await balanceOf(a!.id)) + (await balanceOf(b!.id))).toBe(
      2_000_00n - BigInt(accepted) * 100n,
    );
  });
});

describe('a retried request', () => {
  it('answers the first bets for the same content, and idempotency_conflict for other content', async () => {
    const [m] = await fundedMembers(1, 1_000_00n);
    const issue = await openIssue('VN_NORTH');
    const body = {
      gameCode: 'VN_NORTH',
      requestId: requestId(),
      bets: [
        { type: 'LO2', selection: ['27'], unitStake: '2.00', units: 3 },
        { type: 'DE', selection: ['05'], unitStake: '1', units: 1 },
      ],
    };
    const first = await m!.bet(body);
    expect(first.statusCode).toBe(200);
    const ids = first.json().value.bets.map((b: { id: string }) => b.id);
    const balance = await balanceOf(m!.id);
    expect(balance).toBe(1_000_00n - 700n);
    const count = async () =>
      (
        await rows<{ n: number }>(sql`
        select count(*)::int as n from lottery_bets where account_id = ${m!.id}`)
      )[0]!.n;
    // The same request again (and naming the issue it was placed on): the first answer.
    for (const again of [body, { ...body, issueId: issue.issue_id }]) {
      const res = await m!.bet(again);
      expect(res.statusCode).toBe(200);
      expect(res.json().value.bets.map((b: { id: string }) => b.id)).toEqual(ids);
    }
    const [lo, de] = body.bets;
    const variants: Record<string, unknown>[] = [
      { bets: [{ ...lo, selection: ['28'] }, de] },
      { bets: [{ ...lo, unitStake: '3.00' }, de] },
      { bets: [{ ...lo, units: 4 }, de] },
      { bets: [{ ...lo, type: 'LO3', selection: ['127'] }, de] },
      { bets: [lo] },
      { bets: [de, lo] },
      { issueId: '20990101' },
      { gameCode: 'VN_SOUTH' },
      { chase: { issues: 2, stopOnWin: false } },
    ];
    for (const variant of variants) {
      const res = await m!.bet({ ...body, ...variant });
      expect(res.statusCode, JSON.stringify(variant)).toBe(409);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'idempotency_conflict' });
    }
    expect(await balanceOf(m!.id)).toBe(balance);
    expect(await count()).toBe(2);
  });

  it('refuses a chase retried with other multipliers or stop-on-win', async () => {
    const [m] = await fundedMembers(1, 1_000_00n);
    const body = {
      gameCode: 'ELOTT_5M',
      requestId: requestId(),
      bets: [{ type: 'SUM_BS', selection: ['small'], unitStake: '1', units: 2 }],
      chase: { issues: 3, stopOnWin: true, multipliers: [1, 2, 4] },
    };
    const first = await m!.bet(body);
    expect(first.statusCode).toBe(200);
    const balance = await balanceOf(m!.id);
    const same = await m!.bet(body);
    expect(same.statusCode).toBe(200);
    expect(same.json().value.bets).toEqual(first.json().value.bets);
    for (const chase of [
      { issues: 3, stopOnWin: false, multipliers: [1, 2, 4] },
      { issues: 3, stopOnWin: true, multipliers: [1, 2, 3] },
      { issues: 3, stopOnWin: true },
      { issues: 2, stopOnWin: true, multipliers: [1, 2] },
    ]) {
      const res = await m!.bet({ ...body, chase });
      expect(res.statusCode, JSON.stringify(chase)).toBe(409);
      expect(res.json().errorCode).toBe('idempotency_conflict');
    }
    const { chase: _chase, ...plain } = body;
    const res = await m!.bet(plain);
    expect(res.json().errorCode).toBe('idempotency_conflict');
    expect(await balanceOf(m!.id)).toBe(balance);
  });
});
