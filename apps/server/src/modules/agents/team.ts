import { and, eq } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { subordinateAccounts } from '../reports';
import { agentTypes, merchantOf, type AgentsDeps, type Me } from './model';
import { agentTree } from './schema';

/** The team screens: who is in my team, my downline list, the register centre, my invitation. */

/** Whether `accountId` is in `agentId`'s team (itself included), in one index lookup. */
export async function inTeam(
  deps: AgentsDeps,
  agentId: string,
  accountId: string,
  db: DbOrTx = deps.db,
): Promise<boolean> {
  const [row] = await db
    .select({ depth: agentTree.depth })
    .from(agentTree)
    .where(and(eq(agentTree.ancestorId, agentId), eq(agentTree.descendantId, accountId)));
  return row !== undefined;
}

/** `ODSFE2_subordinateSimple`: direct subordinates, or the whole team searched by name. */
export async function subordinates(
  deps: AgentsDeps,
  me: Me,
  query: {
    subordinateType: 'SELF' | 'DIRECT';
    subordinateName?: string;
    parentId?: string;
    page: number;
    size: number;
  },
) {
  const root = query.parentId ?? me.accountId;
  // Browsing below another account: it must be in my team (else it does not exist for me).
  if (root !== me.accountId && !(await inTeam(deps, me.accountId, root)))
    throw new AppError('not_found', 'No such subordinate');
  const merchant = await merchantOf(deps, me.merchantCode);
  const name = query.subordinateName?.trim();
  const rows = await subordinateAccounts(deps.db, {
    rootId: root,
    direct: query.subordinateType === 'DIRECT',
    name,
    currency: merchant.currency,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  return {
    list: rows.slice(0, query.size).map((r) => ({
      id: r.id,
      username: r.username,
      nickname: r.nickname,
      type: Number(r.type),
      isAgent: agentTypes.includes(Number(r.type)),
      parentId: r.parent_id,
      depth: Number(r.depth),
      teamSize: Number(r.team_size),
      balance: minorToDecimal(BigInt(r.balance), merchant.currencyScale),
      registeredAt: new Date(r.created_at).toISOString(),
    })),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/** The register centre: a new member or agent directly under me. */
export async function createDownline(
  deps: AgentsDeps,
  me: Me,
  body: { username: string; password: string; type: 0 | 1; nickname?: string },
) {
  const row = await deps.identity.createDownline(me.merchantCode, me.accountId, body);
  return { id: row.id, username: row.username, type: row.type, referralCode: row.referralCode };
}

/** My invitation code (agents get one when created; older accounts get one now). */
export async function invitation(deps: AgentsDeps, me: { accountId: string }) {
  return { code: await deps.identity.invitationCode(me.accountId) };
}
