import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';

let t: TestContext;
let seq = 0;
const requestId = () => `kernel-${Date.now()}-${seq++}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.lottery.scheduleDue();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

async function member(minor: bigint) {
  const [id] = await insertMembers(t, 1, 'lotk');
  await fund(t.app, id!, minor, `lottery-kernel-${id}`);
  const { token } = await t.app.services.sessions.issue({
    subjectId: id!,
    role: 'member',
    merchantCode: 'TYPH',
  });
  const auth = { authorization: `Bearer ${token}` };
  return {
    id: id!,
    bet: (payload: object) =>
      t.app.inject({ method: 'POST', url: '/lotto/bets', headers: auth, payload }),
  };
}

const balanceOf = async (id: string) =>
  BigInt(
    (
      await rows<{ balance: string }>(sql`
      select balance::text as balance from ledger_accounts
      where owner_id = ${id} and kind = 'member_cash'`)
    )[0]!.balance,
  );

/** The issue a bet went on (the open one: naming it could race its close). */
async function issueOf(gameCode: string, issueId: string) {
  const [issue] = await rows<{ id: string; issue_id: string; draw_at: string }>(sql`
    select id, issue_id, draw_at::text as draw_at from lottery_issues
    where game_code = ${gameCode} and issue_id = ${issueId}`);
  return issue!;
}

async function closeAndDraw(issueRowId: string) {
  await t.database.db.execute(sql`
    update lottery_issues set closes_at = now() - interval '2 seconds',
      draw_at = now() - interval '1 second'
    where id = ${issueRowId}`);
  await t.app.services.lottery.drawDue();
}

const kernelBets = (ids: string[]) =>
  rows<{ id: string; round_id: string; status: string; stake: string; payout: string }>(sql`
    select id, round_id, status, stake::text as stake, payout::text as payout from bets
    where id = any(${sql.param(ids)}::text[]) order by id`);

describe('the lottery on the wagering kernel', () => {
  it('holds each bet in the issue round, settles them through it, one bet record per bet', async () => {
    const m = await member(100_00n);
    const res = await m.bet({
      gameCode: 'ELOTT_3M',
      requestId: requestId(),
      bets: [
        { type: 'SUM_BS', selection: ['big'], unitStake: '1', units: 1 },
        { type: 'SUM_BS', selection: ['small'], unitStake: '2', units: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json().value.bets as { id: string; issueId: string }[];
    const ids = placed.map((b) => b.id);
    const issue = await issueOf('ELOTT_3M', placed[0]!.issueId);
    const held = await kernelBets(ids);
    expect(held.map((b) => b.status)).toEqual(['held', 'held']);
    const roundId = `lottery:${issue.id}:TYPH`;
    expect(new Set(held.map((b) => b.round_id))).toEqual(new Set([roundId]));
    const [round] = await rows<{ status: string; game_code: string; vendor_code: string }>(sql`
      select status, game_code, vendor_code from rounds
      where id = ${roundId} and recover_after >= ${issue.draw_at}::timestamptz + interval '1 hour'`);
    expect(round).toMatchObject({ status: 'open', game_code: 'ELOTT_3M', vendor_code: 'LOTT' });
    expect(await balanceOf(m.id)).toBe(100_00n - 300n);

    await closeAndDraw(issue.id);
    await t.app.services.lottery.settleDue();
    const settled = await kernelBets(ids);
    expect(settled.map((b) => b.status)).toEqual(['settled', 'settled']);
    const paid = settled.reduce((s, b) => s + BigInt(b.payout), 0n);
    expect(await balanceOf(m.id)).toBe(100_00n - 300n + paid);
    const records = await rows<{ n: number }>(sql`
      select count(*)::int as n from bet_records where round_id = any(${sql.param(ids)}::text[])`);
    expect(records[0]!.n).toBe(2);
    const open = await rows<{ n: number }>(sql`
      select count(*)::int as n from ledger_holds
      where id = any(select hold_id from bets where id = any(${sql.param(ids)}::text[]))
        and status = 'held'`);
    expect(open[0]!.n).toBe(0);

    // One settle entry closed both bets: resettling one of them alone would reverse the other's
    // stake and payout too, so the wallet refuses it and nothing moves.
    const before = await balanceOf(m.id);
    await expect(
      t.database.db.transaction((tx) =>
        t.app.services.play.resettle(tx, {
          roundId,
          results: [{ betId: settled[0]!.id, payout: BigInt(settled[0]!.payout) + 1_00n }],
          actor: 'operator:test',
          reason: 'a corrected result',
        }),
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await balanceOf(m.id)).toBe(before);
    expect((await kernelBets(ids)).map((b) => b.payout)).toEqual(settled.map((b) => b.payout));
  });

  it('refunds, once, the bets of an issue round the recovery job voided', async () => {
    const m = await member(100_00n);
    const res = await m.bet({
      gameCode: 'ELOTT_5M',
      requestId: requestId(),
      bets: [{ type: 'SUM_OE', selection: ['odd'], unitStake: '5', units: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [bet] = res.json().value.bets as { id: string; issueId: string }[];
    const issue = await issueOf('ELOTT_5M', bet!.issueId);
    await t.database.db.execute(sql`
      update rounds set recover_after = now() - interval '1 second'
      where id = ${`lottery:${issue.id}:TYPH`}`);
    await t.app.services.play.recover();
    expect(await balanceOf(m.id)).toBe(100_00n);
    await closeAndDraw(issue.id);
    await t.app.services.lottery.settleDue();
    const [row] = await rows<{ status: string }>(
      sql`select status from lottery_bets where id = ${bet!.id}`,
    );
    expect(row!.status).toBe('refunded');
    expect(await balanceOf(m.id)).toBe(100_00n);
  });
});
