import { sql } from 'drizzle-orm';

/** A row of the account record's query. */
export interface RecordRow {
  entry_id: string;
  account_id: string;
  amount: string;
  balance_after: string;
  type: string;
  created_at: string | Date;
  reference: string | null;
}

/**
 * The account record's query: each of the member's accounts is read newest first off the
 * (account, time) index and only as deep as the page needs, then the streams are merged.
 */
export function recordQuery(
  ids: string[],
  cash: string,
  query: {
    type?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    size: number;
  },
) {
  const offset = (query.page - 1) * query.size;
  const filters = sql.join(
    [
      sql`true`,
      ...(query.type ? [sql`p.type = ${query.type}`] : []),
      ...(query.from
        ? [sql`p.created_at >= ${new Date(query.from).toISOString()}::timestamptz`]
        : []),
      ...(query.to ? [sql`p.created_at < ${new Date(query.to).toISOString()}::timestamptz`] : []),
    ],
    sql` and `,
  );
  return sql`
    select p.entry_id, p.account_id, p.amount::text as amount,
      p.balance_after::text as balance_after, p.type, p.created_at, e.reference
    from unnest(${sql.param(ids)}::text[]) as a(id)
    cross join lateral (
      select p.* from ledger_postings p
      where p.account_id = a.id and ${filters}
        and not exists (
          select 1 from ledger_postings q
          where q.entry_id = p.entry_id and q.account_id <> p.account_id
            and q.account_id = any(${sql.param(ids)}::text[])
            and (q.account_id = ${cash}
              or (p.account_id <> ${cash} and q.amount < 0 and p.amount > 0)))
      order by p.created_at desc, p.id desc
      limit ${offset + query.size + 1}
    ) p
    join ledger_entries e on e.id = p.entry_id
    order by p.created_at desc, p.id desc
    limit ${query.size + 1} offset ${offset}`;
}
