import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/**
 * The operator console's agent tree: a merchant's top agents (no parent), or the direct downline
 * of one account, with each one's team size. Read only.
 */
export async function agentNodes(
  db: DbOrTx,
  query: {
    merchantCode: string;
    /** Null: the top agents (of `agentTypes`); else the accounts directly under it. */
    parentId: string | null;
    agentTypes: number[];
    limit: number;
    offset: number;
  },
) {
  const types = sql.join(
    query.agentTypes.map((t) => sql`${t}`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
    select a.id, a.username, a.nickname, a.type, a.parent_id, a.created_at,
      (select count(*) from agent_tree s where s.ancestor_id = a.id and s.depth > 0)::int as team_size
    from accounts a
    where a.merchant_code = ${query.merchantCode}
      and ${
        query.parentId === null
          ? sql`a.parent_id is null and a.type in (${types})`
          : sql`a.parent_id = ${query.parentId}`
      }
    order by a.created_at, a.id
    limit ${query.limit} offset ${query.offset}`)) as {
    rows: {
      id: string;
      username: string;
      nickname: string | null;
      type: number;
      parent_id: string | null;
      created_at: string | Date;
      team_size: number;
    }[];
  };
  return rows;
}
