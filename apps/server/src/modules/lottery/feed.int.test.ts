import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  SEA_4D,
  VN_NORTH,
  houseDraw,
  settleBet,
  type Bet,
  type GameDefinition,
  type LotteryResult,
} from '@taya/games';
import { createTestApp, type TestContext } from '../../test/harness';
import { balanceOf, deposit, newMember, type MemberClient } from '../../test/members';
import { resultFeedOf, type ResultFeedProvider } from './feed-provider';

let t: TestContext;
let member: MemberClient;
let operator: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  member = await newMember(t, { prefix: 'feed' });
  await deposit(t, member.id, 5_000_00n);
  operator = await t.login('operator', 'operator-feed');
  await t.app.services.lottery.scheduleDue();
});
afterAll(() => t.close());

const cash = () => balanceOf(t, member.id, 'member_cash');

const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator}` },
    ...(payload ? { payload } : {}),
  });

interface IssueRow {
  id: string;
  issue_id: string;
  status: string;
  seed: string;
  draw_at: Date;
  result: LotteryResult | null;
  result_source: string | null;
}

async function issueRow(id: string): Promise<IssueRow> {
  const { rows } = (await t.database.db.execute(sql`
    select id, issue_id, status, seed, draw_at, result, result_source
    from lottery_issues where id = ${id}`)) as { rows: IssueRow[] };
  return { ...rows[0]!, draw_at: new Date(rows[0]!.draw_at) };
}

async function openIssue(gameCode: string) {
  const res = await member.get(`/lotto/lgw/games/opened/numero?gameCode=${gameCode}`);
  expect(res.statusCode).toBe(200);
  return res.json().value.issue as { id: string; issueId: string };
}

/** Moves an issue's betting close and draw into the past by `ago` seconds, as time would. */
async function drawnAgo(issueRowId: string, ago: number) {
  await t.database.db.execute(sql`
    update lottery_issues set closes_at = now() - make_interval(secs => ${ago + 1}),
      draw_at = now() - make_interval(secs => ${ago})
    where id = ${issueRowId}`);
}

interface WireBet {
  type: string;
  selection: string[];
  unitStake: string;
  units: number;
}

async function place(gameCode: string, bets: WireBet[]) {
  const res = await member.post('/lotto/bets', {
    gameCode,
    requestId: `feed-${Date.now()}-${seq++}`,
    bets,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.bets as { id: string }[];
}

/** What the rules pay for the wire bets on a result, in minor units. */
function payoutOf(def: GameDefinition, bets: WireBet[], result: LotteryResult) {
  return bets.reduce((sum, b) => {
    const bet: Bet = {
      type: b.type,
      selection: b.selection,
      unitStake: BigInt(Math.round(Number(b.unitStake) * 100)),
      units: b.units,
    };
    return sum + settleBet(def, bet, result).payout;
  }, 0n);
}

async function myBets(gameCode: string) {
  const res = await member.get(`/lotto/bets/mine?gameCode=${gameCode}`);
  return res.json().value.list as { id: string; status: string; payout: string }[];
}

/** A sound northern draw: the special prize ends in 27 and so does the first. */
const northResult: LotteryResult = {
  kind: 'VN',
  prizes: {
    special: ['12327'],
    first: ['45127'],
    second: ['30418', '77256'],
    third: ['10293', '58814', '60035', '91172', '23360', '47701'],
    fourth: ['1840', '5521', '9063', '3319'],
    fifth: ['2208', '6645', '0194', '7730', '4452', '8816'],
    sixth: ['531', '906', '248'],
    seventh: ['14', '63', '80', '39'],
  },
};

describe('the sandbox results feed', () => {
  it('refuses malformed results with a 400 naming the problem, and strangers outright', async () => {
    const issue = await openIssue('VN_NORTH');
    const publish = (body: object) => ops('POST', '/ops/sandbox/lottery-feed/results', body);

    // Seven prizes missing from a northern draw.
    const short = await publish({
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: { kind: 'VN', prizes: { special: ['12327'] } },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errorCode).toBe('request_param_err');
    const fields = short.json().fields as { path: string; message: string }[];
    expect(fields).toHaveLength(7);
    expect(fields[0]).toMatchObject({
      path: 'result',
      message: 'the first prize is 1 number(s) of 5 digits',
    });
    // A 4D draw for a Vietnamese game.
    const kind = await publish({
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: {
        kind: 'SEA_4D',
        first: '1234',
        second: '2345',
        third: '3456',
        starters: Array.from({ length: 10 }, (_, i) => `10${i}0`),
        consolations: Array.from({ length: 10 }, (_, i) => `20${i}0`),
      },
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toMatchObject([
      { path: 'result', message: 'VN_NORTH takes VN results' },
    ]);
    // Not a result at all: the wire schema refuses it.
    const shape = await publish({
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: { kind: 'VN', prizes: { special: ['12a27'] } },
    });
    expect(shape.statusCode).toBe(400);
    const badIssue = await publish({ gameCode: 'VN_NORTH', issueId: 'today', result: northResult });
    expect(badIssue.statusCode).toBe(400);
    // A cancellation is the operators' to make, not the feed's.
    const cancelled = await publish({
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: { kind: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(400);
    // The house draws the fast e-lottery; there is no game NOPE.
    const house = await publish({
      gameCode: 'ELOTT_1M',
      issueId: issue.issueId,
      result: { kind: 'ELOTT', digits: [1, 2, 3, 4, 5] },
    });
    expect(house.statusCode).toBe(409);
    const unknown = await publish({
      gameCode: 'NOPE',
      issueId: issue.issueId,
      result: northResult,
    });
    expect(unknown.statusCode).toBe(404);

    const byMember = await member.post('/ops/sandbox/lottery-feed/results', {
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: northResult,
    });
    expect(byMember.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/ops/sandbox/lottery-feed/requests?gameCode=VN_NORTH',
    });
    expect(anonymous.statusCode).toBe(401);

    // Nothing was kept.
    const kept = await ops(
      'GET',
      `/ops/sandbox/lottery-feed/results?gameCode=VN_NORTH&issueId=${issue.issueId}`,
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().value).toEqual([]);
  });

  it('draws a Vietnamese issue from the published result and settles it at the rules’ payout', async () => {
    const { lottery } = t.app.services;
    const issue = await openIssue('VN_NORTH');
    const bets: WireBet[] = [
      { type: 'LO2', selection: ['27'], unitStake: '1.00', units: 2 },
      { type: 'DE', selection: ['27'], unitStake: '1.50', units: 1 },
      { type: 'DE', selection: ['05'], unitStake: '1', units: 1 },
    ];
    const placed = await place('VN_NORTH', bets);
    const afterBets = await cash();
    await drawnAgo(issue.id, 1);

    // Past its draw with nothing published: the issue waits, and the feed was asked.
    await lottery.drawDue();
    expect((await issueRow(issue.id)).status).toBe('closed');
    const asked = await ops(
      'GET',
      `/ops/sandbox/lottery-feed/requests?gameCode=VN_NORTH&issueId=${issue.issueId}`,
    );
    expect(asked.statusCode).toBe(200);
    const drawAt = (await issueRow(issue.id)).draw_at.toISOString();
    expect(asked.json().value).toEqual([
      {
        gameCode: 'VN_NORTH',
        issueId: issue.issueId,
        drawAt,
        served: false,
        requestedAt: expect.any(String),
      },
    ]);

    const published = await ops('POST', '/ops/sandbox/lottery-feed/results', {
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: northResult,
    });
    expect(published.statusCode).toBe(201);
    expect(published.json().value).toMatchObject({
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: northResult,
    });

    await lottery.drawDue();
    const drawn = await issueRow(issue.id);
    expect(drawn.status).toBe('drawn');
    expect(drawn.result_source).toBe('feed');
    expect(drawn.result).toEqual(northResult);
    const verify = (
      await t.app.inject({ method: 'GET', url: `/lotto/verify/VN_NORTH/${issue.issueId}` })
    ).json().value;
    expect(verify).toMatchObject({
      status: 'drawn',
      resultSource: 'feed',
      result: northResult,
      houseDrawn: false,
      verified: null,
    });

    const requests = (
      await ops(
        'GET',
        `/ops/sandbox/lottery-feed/requests?gameCode=VN_NORTH&issueId=${issue.issueId}`,
      )
    ).json().value as { served: boolean; drawAt: string }[];
    expect(requests.map((r) => r.served)).toEqual([true, false]);
    expect(requests.every((r) => r.drawAt === drawAt)).toBe(true);

    await lottery.settleDue();
    const payout = payoutOf(VN_NORTH, bets, northResult);
    // Lô 27 comes twice (special and first), đề 27 wins, đề 05 loses.
    expect(payout).toBe(
      settleBet(
        VN_NORTH,
        { type: 'LO2', selection: ['27'], unitStake: 100n, units: 2 },
        northResult,
      ).payout +
        settleBet(
          VN_NORTH,
          { type: 'DE', selection: ['27'], unitStake: 150n, units: 1 },
          northResult,
        ).payout,
    );
    expect(payout).toBeGreaterThan(0n);
    expect(await cash()).toBe(afterBets + payout);
    const mine = await myBets('VN_NORTH');
    const byId = new Map(mine.map((b) => [b.id, b.status]));
    expect(placed.map((b) => byId.get(b.id))).toEqual(['won', 'won', 'lost']);
    // Settled once: another run pays nothing more.
    await lottery.settleDue();
    expect(await cash()).toBe(afterBets + payout);
    // A settled issue is not asked about again.
    await lottery.drawDue();
    const again = (
      await ops(
        'GET',
        `/ops/sandbox/lottery-feed/requests?gameCode=VN_NORTH&issueId=${issue.issueId}`,
      )
    ).json().value;
    expect(again).toHaveLength(2);
  });

  it('waits for a result, then draws the labelled house demo result after the timeout', async () => {
    const { lottery } = t.app.services;
    const issue = await openIssue('SEA_4D');
    // The demo draw is the house's committed seed: bet on its first prize, and on a number it
    // does not draw.
    const row = await issueRow(issue.id);
    const demo = houseDraw(SEA_4D, row.seed, row.issue_id);
    if (demo.kind !== 'SEA_4D') throw new Error('a 4D draw');
    const drawnNumbers = new Set([
      demo.first,
      demo.second,
      demo.third,
      ...demo.starters,
      ...demo.consolations,
    ]);
    const missing = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).find(
      (n) => !drawnNumbers.has(n) && ![...n].every((d) => d === n[0]),
    )!;
    const bets: WireBet[] = [
      { type: 'BIG', selection: [demo.first], unitStake: '1', units: 1 },
      { type: 'SMALL', selection: [missing], unitStake: '1', units: 1 },
    ];
    await place('SEA_4D', bets);
    const afterBets = await cash();

    await drawnAgo(issue.id, 60);
    await lottery.drawDue();
    expect((await issueRow(issue.id)).status).toBe('closed');
    await drawnAgo(issue.id, 599);
    await lottery.drawDue();
    expect((await issueRow(issue.id)).status).toBe('closed');
    expect(await cash()).toBe(afterBets);

    // Ten minutes after the draw (the default wait) the house draws a demo result.
    await drawnAgo(issue.id, 601);
    await lottery.drawDue();
    const drawn = await issueRow(issue.id);
    expect(drawn.status).toBe('drawn');
    expect(drawn.result_source).toBe('house_demo');
    expect(drawn.result).toEqual(demo);
    const verify = (
      await t.app.inject({ method: 'GET', url: `/lotto/verify/SEA_4D/${issue.issueId}` })
    ).json().value;
    expect(verify).toMatchObject({ resultSource: 'house_demo', verified: true, houseDrawn: false });

    const requests = (
      await ops(
        'GET',
        `/ops/sandbox/lottery-feed/requests?gameCode=SEA_4D&issueId=${issue.issueId}`,
      )
    ).json().value as { served: boolean }[];
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => !r.served)).toBe(true);

    await lottery.settleDue();
    const payout = payoutOf(SEA_4D, bets, demo);
    expect(payout).toBe(
      settleBet(SEA_4D, { type: 'BIG', selection: [demo.first], unitStake: 100n, units: 1 }, demo)
        .payout,
    );
    expect(payout).toBeGreaterThan(100n);
    expect(await cash()).toBe(afterBets + payout);
  });

  it('treats a feed that cannot be reached as having no result yet, and reports it', async () => {
    const failures: string[] = [];
    const unreachable: ResultFeedProvider = {
      name: 'unreachable',
      fetchResult: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const feed = resultFeedOf(unreachable, (err, gameCode, issueId) =>
      failures.push(`${gameCode}/${issueId}: ${(err as Error).message}`),
    );
    expect(await feed(VN_NORTH, '20261124', new Date())).toBeNull();
    expect(failures).toEqual(['VN_NORTH/20261124: connect ECONNREFUSED']);
  });
});
