import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

/** The books' invariants, over the whole database. */
async function invariants() {
  const sums = await rows<{ currency: string; total: string }>(
    sql`select currency, sum(amount)::text as total from ledger_postings group by currency`,
  );
  for (const s of sums) expect(`${s.currency} ${s.total}`).toBe(`${s.currency} 0`);
  const drift = await rows<{ n: number }>(sql`
    select count(*)::int as n from ledger_accounts a
    where a.balance <> coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)`);
  expect(drift[0]!.n).toBe(0);
  const negative = await rows<{ n: number }>(
    sql`select count(*)::int as n from ledger_accounts where not allow_negative and balance < 0`,
  );
  expect(negative[0]!.n).toBe(0);
  // bets_in_play holds exactly the open holds.
  const inPlay = await rows<{ held: string; accounts: string }>(sql`
    select (select coalesce(sum(amount), 0) from ledger_holds where status = 'held')::text as held,
      (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'bets_in_play')::text as accounts`);
  expect(inPlay[0]!.accounts).toBe(inPlay[0]!.held);
  // Every hold is closed by exactly one entry once closed, and by none while held.
  const closes = await rows<{ id: string; status: string; closes: number }>(sql`
    select h.id, h.status,
      (select count(*)::int from ledger_entries e
        where e.metadata->'holds' ? h.id and e.reverses_entry_id is null) as closes
    from ledger_holds h`);
  for (const h of closes)
    expect(`${h.id} ${h.status} ${h.closes}`).toBe(
      `${h.id} ${h.status} ${h.status === 'held' ? 0 : 1}`,
    );
  // The kernel's bets agree with their holds.
  const mismatched = await rows<{ n: number }>(sql`
    select count(*)::int as n from bets b join ledger_holds h on h.id = b.hold_id
    where b.status <> h.status or b.stake <> h.amount`);
  expect(mismatched[0]!.n).toBe(0);
}

type Op =
  | { kind: 'place'; player: number; round: number; stake: number }
  | { kind: 'settle'; bet: number; payout: number }
  | { kind: 'void'; bet: number }
  | { kind: 'retry'; of: number }
  | { kind: 'reclose'; bet: number; settle: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    player: fc.nat(5),
    round: fc.nat(2),
    stake: fc.integer({ min: 1, max: 400_00 }),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    bet: fc.nat(40),
    payout: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_00 })),
  }),
  fc.record({ kind: fc.constant('void' as const), bet: fc.nat(40) }),
  fc.record({ kind: fc.constant('retry' as const), of: fc.nat(40) }),
  fc.record({ kind: fc.constant('reclose' as const), bet: fc.nat(40), settle: fc.boolean() }),
);

/** Errors a command may legitimately meet; anything else fails the property. */
const expected = new Set(['insufficient_funds', 'conflict', 'not_found']);

describe('the wagering kernel', () => {
  it('keeps the books under random interleavings of hold, settle, void, retries and reused keys', async () => {
    const { play } = t.app.services;
    const players = await insertMembers(t, 6, 'kernel');
    for (const p of players) await fund(t.app, p, 1_000_00n, `kernel:${p}`);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        const runRounds = await play.transaction(async (tx) =>
          Promise.all(
            [0, 1, 2].map(
              async () =>
                (
                  await play.openRound(tx, {
                    merchantCode: 'TYPH',
                    gameId: 'kernel-test',
                    gameCode: 'KERNEL_TEST',
                    gameType: 'SLOT',
                    vendorCode: 'TEST',
                    engine: 'test@1',
                  })
                ).id,
            ),
          ),
        );
        const placed: { id: string; round: string }[] = [];
        const done: (() => Promise<unknown>)[] = [];
        const run = async (command: () => Promise<unknown>) => {
          done.push(command);
          try {
            await command();
          } catch (err) {
            if (!(err instanceof AppError) || !expected.has(err.code)) throw err;
          }
        };
        const closeKey = new Map<string, string>();
        // Commands run four at a time, concurrently: on PostgreSQL they truly interleave.
        for (let i = 0; i < ops.length; i += 4) {
          await Promise.all(
            ops.slice(i, i + 4).map(async (o) => {
              if (o.kind === 'place') {
                const key = `kp:${randomUUID()}`;
                const id = randomUUID();
                const round = runRounds[o.round]!;
                await run(async () => {
                  await play.transaction((tx) =>
                    play.place(tx, {
                      id,
                      roundId: round,
                      merchantCode: 'TYPH',
                      currency: 'TLB',
                      player: players[o.player]!,
                      stake: BigInt(o.stake),
                      key,
                      actor: 'test',
                    }),
                  );
                  placed.push({ id, round });
                });
              } else if (o.kind === 'settle' || o.kind === 'void' || o.kind === 'reclose') {
                const bet = placed[o.bet % Math.max(placed.length, 1)];
                if (!bet) return;
                const settle = o.kind === 'settle' || (o.kind === 'reclose' && o.settle);
                // A reclose uses a fresh key: it must be refused if the bet is closed.
                const key =
                  o.kind === 'reclose'
                    ? `kc:${randomUUID()}`
                    : (closeKey.get(bet.id) ?? `kc:${randomUUID()}`);
                if (o.kind !== 'reclose') closeKey.set(bet.id, key);
                const payout = o.kind === 'settle' ? BigInt(o.payout) : 0n;
                await run(() =>
                  play.transaction<unknown>((tx) =>
                    settle
                      ? play.settle(tx, {
                          roundId: bet.round,
                          results: [{ betId: bet.id, payout }],
                          key,
                          actor: 'test',
                          close: false,
                        })
                      : play.voidBets(tx, {
                          roundId: bet.round,
                          betIds: [bet.id],
                          key,
                          actor: 'test',
                          reason: 'test',
                        }),
                  ),
                );
              } else {
                const again = done[o.of % Math.max(done.length, 1)];
                if (again) await run(again);
              }
            }),
          );
        }
        await invariants();
        // Closing every round returns whatever is still held.
        for (const round of runRounds) {
          await play.transaction((tx) =>
            play.voidRound(tx, { roundId: round, actor: 'test', reason: 'end of run' }),
          );
        }
        await invariants();
        const open = await rows<{ n: number }>(sql`
          select count(*)::int as n from bets
          where status = 'held' and round_id in (${sql.join(
            runRounds.map((r) => sql`${r}`),
            sql`, `,
          )})`);
        expect(open[0]!.n).toBe(0);
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it('refuses a second close of a bet under another key and moves nothing', async () => {
    const { play } = t.app.services;
    const [player] = await insertMembers(t, 1, 'reclose');
    await fund(t.app, player!, 100_00n, `reclose:${player}`);
    const round = await play.transaction((tx) =>
      play.openRound(tx, {
        merchantCode: 'TYPH',
        gameId: 'kernel-test',
        gameCode: 'KERNEL_TEST',
        gameType: 'SLOT',
        vendorCode: 'TEST',
        engine: 'test@1',
      }),
    );
    const { bet } = await play.transaction((tx) =>
      play.place(tx, {
        roundId: round.id,
        merchantCode: 'TYPH',
        currency: 'TLB',
        player: player!,
        stake: 100_00n,
        key: `reclose:${randomUUID()}`,
        actor: 'test',
      }),
    );
    await play.transaction((tx) =>
      play.voidBets(tx, {
        roundId: round.id,
        betIds: [bet.id],
        key: 'v1',
        actor: 'a',
        reason: 'r',
      }),
    );
    const balance = async () => (await t.app.services.wallet.balance('TYPH', player!)).sumBalance;
    expect(await balance()).toBe('100.00');
    for (let i = 2; i <= 20; i++) {
      await expect(
        play.transaction((tx) =>
          play.voidBets(tx, {
            roundId: round.id,
            betIds: [bet.id],
            key: `v${i}`,
            actor: 'a',
            reason: 'r',
          }),
        ),
      ).rejects.toMatchObject({ code: 'conflict' });
    }
    await expect(
      play.transaction((tx) =>
        play.settle(tx, {
          roundId: round.id,
          results: [{ betId: bet.id, payout: 500n }],
          key: 's',
          actor: 'a',
        }),
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    // The first void again is a retry: answered, nothing moves.
    await play.transaction((tx) =>
      play.voidBets(tx, {
        roundId: round.id,
        betIds: [bet.id],
        key: 'v1',
        actor: 'a',
        reason: 'r',
      }),
    );
    expect(await balance()).toBe('100.00');
    await invariants();
  });

  it('recovery finishes a round with a drawn outcome and voids one without, returning every stake', async () => {
    const { play } = t.app.services;
    const [a, b] = await insertMembers(t, 2, 'recover');
    for (const p of [a!, b!]) await fund(t.app, p, 50_00n, `recover:${p}`);
    const open = (state: Record<string, unknown>) =>
      play.transaction((tx) =>
        play.openRound(tx, {
          merchantCode: 'TYPH',
          gameId: 'kernel-test',
          gameCode: 'KERNEL_TEST',
          gameType: 'SLOT',
          vendorCode: 'TEST',
          engine: 'test@1',
          state,
          recoverAfter: new Date(Date.now() - 1000),
        }),
      );
    const drawn = await open({});
    const lost = await open({});
    const betId = randomUUID();
    await play.transaction(async (tx) => {
      await play.place(tx, {
        id: betId,
        roundId: drawn.id,
        merchantCode: 'TYPH',
        currency: 'TLB',
        player: a!,
        stake: 10_00n,
        key: `recover:${betId}`,
        actor: 'test',
      });
      await play.place(tx, {
        roundId: lost.id,
        merchantCode: 'TYPH',
        currency: 'TLB',
        player: b!,
        stake: 20_00n,
        key: `recover:${randomUUID()}`,
        actor: 'test',
      });
    });
    // The outcome was drawn (and written) before the process stopped.
    await t.database.db.execute(
      sql`update rounds set state = ${JSON.stringify({ payouts: { [betId]: '2500' } })}::jsonb where id = ${drawn.id}`,
    );
    const recovered = await play.recover();
    expect(recovered.settled).toBeGreaterThanOrEqual(1);
    expect(recovered.voided).toBeGreaterThanOrEqual(1);
    const balance = async (p: string) =>
      (await t.app.services.wallet.balance('TYPH', p)).sumBalance;
    expect(await balance(a!)).toBe('65.00');
    expect(await balance(b!)).toBe('50.00');
    const states = await rows<{ id: string; status: string }>(
      sql`select id, status from rounds where id in (${drawn.id}, ${lost.id})`,
    );
    expect(Object.fromEntries(states.map((r) => [r.id, r.status]))).toEqual({
      [drawn.id]: 'settled',
      [lost.id]: 'void',
    });
    await invariants();
  });
});
