import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';

/**
 * GLI-19 §3: a significant change keeps the reason it was made for. Every operator write's body
 * requires a `reason` (the audit row keeps it), except the calls listed here, whose body is
 * itself the record or which change nothing an auditor asks "why" of.
 */
const noReason: Record<string, string> = {
  'POST /ops/uploads': 'stores an image; the write that uses it carries the reason',
  'POST /ops/support/chats/:id/messages': 'the answer to a member is itself the record',
  'POST /ops/support/chats/:id/close': 'ends a conversation',
  'POST /ops/support/chats/:id/claim': 'takes a chat; taking over from a colleague needs one',
  'POST /ops/support/ws-ticket': "opens the desk's socket",
  'POST /ops/session/logout': "the operator's own log-out",
  'POST /ops/sessions/:id/revoke': 'ends a session; the audit row names who did',
  'POST /ops/players/:id/notes': 'the note is itself the record',
  'PUT /ops/players/:id/tags': 'labels for colleagues, no effect on the player',
  'POST /ops/agents/settle': 'runs the scheduled settlement now; its inputs are the record',
  'POST /ops/sandbox/lottery-feed/results': 'the sandbox stands in for the result feed',
  'POST /ops/cashier/deposits/:id/approve': 'the queue decision; the deposit is the record',
  'POST /ops/cashier/deposits/:id/reject': 'the note the member reads is the reason',
  'POST /ops/cashier/withdrawals/:id/approve': 'the queue decision; the withdrawal is the record',
  'POST /ops/cashier/withdrawals/:id/pay': "the payment's reference is the record",
  'POST /ops/cashier/withdrawals/:id/reject': 'the note the member reads is the reason',
  'POST /ops/cashier/withdrawals/:id/resolve': "the dispute's resolution note is the record",
  'POST /ops/promotions/applications/:id/approve':
    'the queue decision; the application is the record',
  'POST /ops/points/redemptions/:id/approve': 'the queue decision; the redemption is the record',
  'POST /ops/points/redemptions/:id/reject': 'the note the member reads is the reason',
  'POST /ops/approvals/:id/approve': "a second operator's agreement to a request with its reason",
  'POST /ops/approvals/:id/reject': "a second operator's refusal of a request with its reason",
  'POST /ops/cockfight/arenas/:arena/fights': 'the fight card (its Meron and Wala) is the record',
  'POST /ops/cockfight/arenas/:arena/fights/:fight/move':
    'opening, last call and closing a fight are the fight running; its result carries a reason',
  'POST /ops/sportsbook/fixtures': 'the fixture card (league, teams, kick-off) is the record',
  'PATCH /ops/sportsbook/fixtures/:fixture':
    'status, clock and live score are the match running; its result carries a reason',
  'POST /ops/sportsbook/fixtures/:fixture/markets': 'the market and its prices are the record',
  'PATCH /ops/sportsbook/markets/:market':
    'prices and suspensions are trading at the pace of the match; the audit keeps before and after',
  'POST /ops/sportsbook/fixtures/:fixture/result':
    "a first result is the match's own; a correction is refused without a reason",
};

interface Def {
  type: string;
  in?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  shape?: Record<string, ZodType>;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether every body the schema accepts has a `reason`. */
function requiresReason(schema: ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'pipe') return requiresReason(def.in!);
  if (def.type === 'union') return def.options!.every(requiresReason);
  if (def.type === 'intersection') return requiresReason(def.left!) || requiresReason(def.right!);
  if (def.type !== 'object') return false;
  const reason = def.shape!['reason'];
  return reason !== undefined && !reason.safeParse(undefined).success;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('operator writes', () => {
  it('require a reason in their body, but for the listed ones', () => {
    const writes = t.app.routeTable.filter(
      (r) =>
        r.method !== 'GET' &&
        r.access !== 'public' &&
        r.access.includes('operator') &&
        r.permission,
    );
    expect(writes.length).toBeGreaterThanOrEqual(60);
    const lacking = writes
      .map((r) => ({ key: `${r.method} ${r.url}`, body: r.body }))
      .filter(({ key, body }) => !(key in noReason) && !(body && requiresReason(body)))
      .map(({ key }) => key);
    expect(lacking).toEqual([]);
    // The list names only routes that exist and truly take no reason.
    const keys = new Set(writes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(noReason).filter((key) => !keys.has(key))).toEqual([]);
    const listedWithReason = writes
      .filter((r) => `${r.method} ${r.url}` in noReason && r.body && requiresReason(r.body))
      .map((r) => `${r.method} ${r.url}`);
    expect(listedWithReason).toEqual([]);
  });
});
