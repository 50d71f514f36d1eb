import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ledgerAccounts } from './schema';

/** Largest amount one posting may carry: 10^15 minor units (ten trillion at two decimals). */
export const MAX_POSTING = 10n ** 15n;

export interface PostingInput {
  accountId: string;
  /** Minor units; positive adds to the balance, negative takes from it. */
  amount: bigint;
}

/** An entry to post; `Type` is its type's name (the wallet's ledger takes `LedgerEntryType`). */
export interface EntryInput<Type extends string = string> {
  merchantCode: string;
  idempotencyKey: string;
  type: Type;
  actor: string;
  reference?: string | null;
  reversesEntryId?: string | null;
  memo?: string | null;
  metadata?: Record<string, unknown>;
  postings: PostingInput[];
}

export interface PostedEntry {
  entryId: string;
  /** True when this key was posted before and this call moved nothing. */
  replayed: boolean;
  postings: { accountId: string; amount: bigint; balanceAfter: bigint }[];
}

export interface AccountSpec {
  merchantCode: string;
  currency: string;
  ownerId: string | null;
  kind: string;
  subKind?: string;
  allowNegative?: boolean;
}

function requestHash(input: EntryInput): string {
  const canonical = JSON.stringify({
    type: input.type,
    actor: input.actor,
    reference: input.reference ?? null,
    reversesEntryId: input.reversesEntryId ?? null,
    memo: input.memo ?? null,
    metadata: input.metadata ?? {},
    postings: [...input.postings]
      .map((p) => [p.accountId, p.amount.toString()])
      .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** One row of `ledger_post(...)` (migration 0006), with the bigints read as text. */
interface LedgerPostRow {
  status: string;
  entry_id: string | null;
  account_id: string | null;
  amount: string | null;
  balance_after: string | null;
  detail: string | null;
}

/** A database error from either driver (drizzle wraps it in `cause`) breaking this CHECK. */
function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: typeof e };
  const c = e.cause ?? e;
  return c.code === '23514' && c.constraint === constraint;
}

/**
 * The one place money moves. Every movement is an entry whose postings sum to zero per currency,
 * written with the new balances in one transaction; accounts are locked in id order so
 * concurrent entries never deadlock; a balance that may not go negative never does.
 */
export class Ledger<Type extends string = string> {
  /** Account ids by identity: an account, once opened, keeps its id for ever. */
  private readonly ids = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** The account for this owner, kind and currency, opened on first use. */
  async account(spec: AccountSpec, db: DbOrTx = this.db): Promise<string> {
    const subKind = spec.subKind ?? '';
    const key = [spec.merchantCode, spec.currency, spec.kind, subKind, spec.ownerId ?? ''].join(
      '\u0000',
    );
    const known = this.ids.get(key);
    if (known) return known;
    const { id, committed } = await this.open(spec, subKind, db);
    // Only an account surely committed is remembered: one opened earlier in a caller's
    // still-open transaction could roll back with it.
    if (committed) this.ids.set(key, id);
    return id;
  }

  private async open(
    spec: AccountSpec,
    subKind: string,
    db: DbOrTx,
  ): Promise<{ id: string; committed: boolean }> {
    const where = and(
      eq(ledgerAccounts.merchantCode, spec.merchantCode),
      eq(ledgerAccounts.currency, spec.currency),
      eq(ledgerAccounts.kind, spec.kind),
      eq(ledgerAccounts.subKind, subKind),
      spec.ownerId === null
        ? sql`${ledgerAccounts.ownerId} is null`
        : eq(ledgerAccounts.ownerId, spec.ownerId),
    );
    // A row this transaction wrote itself carries its start time, now(); any other row it can
    // see was committed before (read committed shows no one else's uncommitted rows).
    const fields = {
      id: ledgerAccounts.id,
      committed: sql<boolean>`${ledgerAccounts.createdAt} < now()`,
    };
    const [found] = await db.select(fields).from(ledgerAccounts).where(where);
    if (found) return { id: found.id, committed: db === this.db || found.committed };
    await db
      .insert(ledgerAccounts)
      .values({
        id: randomUUID(),
        merchantCode: spec.merchantCode,
        currency: spec.currency,
        ownerId: spec.ownerId,
        kind: spec.kind,
        subKind,
        allowNegative: spec.allowNegative ?? false,
      })
      .onConflictDoNothing();
    const [row] = await db.select(fields).from(ledgerAccounts).where(where);
    return { id: row!.id, committed: db === this.db };
  }

  async balance(accountId: string, db: DbOrTx = this.db): Promise<bigint> {
    const [row] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, accountId));
    if (!row) throw new AppError('not_found', 'No such ledger account');
    return row.balance;
  }

  private validate(input: EntryInput): void {
    const problems: string[] = [];
    if (!/^[\w:.\-/]{8,200}$/.test(input.idempotencyKey)) problems.push('idempotencyKey');
    if (input.postings.length < 2) problems.push('postings');
    const seen = new Set<string>();
    for (const p of input.postings) {
      if (
        typeof p.amount !== 'bigint' ||
        p.amount === 0n ||
        p.amount > MAX_POSTING ||
        p.amount < -MAX_POSTING
      ) {
        problems.push('amount');
      }
      if (seen.has(p.accountId)) problems.push('postings');
      seen.add(p.accountId);
    }
    if (problems.length > 0) {
      const fields = [...new Set(problems)].map((path) => ({
        path,
        code: 'invalid',
        message: `Invalid ${path}`,
      }));
      throw new AppError('request_param_err', 'Invalid ledger entry', fields);
    }
  }

  /**
   * Posts an entry. Pass `tx` to post inside a caller's transaction (the caller's own writes and
   * the money then commit or roll back together).
   */
  /**
   * Checks an entry and gives what `ledger_post` takes, for a server-side function that posts it
   * as one of its steps (the seamless wallet's): a new entry id, the request hash, and the
   * postings as parallel arrays (amounts as text, to travel as bigint).
   */
  prepare(input: EntryInput<Type>): {
    entryId: string;
    hash: string;
    accountIds: string[];
    amounts: string[];
  } {
    this.validate(input);
    return {
      entryId: randomUUID(),
      hash: requestHash(input),
      accountIds: input.postings.map((p) => p.accountId),
      amounts: input.postings.map((p) => p.amount.toString()),
    };
  }

  /** The AppError for a refusal status of `ledger_post`, as `post` throws it. */
  static refusal(status: string | undefined, detail?: string | null): AppError {
    switch (status) {
      case 'idempotency_conflict':
        return new AppError(
          'idempotency_conflict',
          'This idempotency key was used for a different request',
        );
      case 'not_found':
        return new AppError('not_found', 'A ledger account does not exist');
      case 'forbidden':
        return new AppError('forbidden', 'Account of another merchant');
      case 'unbalanced':
        return new AppError('request_param_err', `Postings in ${detail} do not balance`, [
          { path: 'postings', code: 'unbalanced', message: 'Postings must sum to zero' },
        ]);
      case 'insufficient_funds':
        return new AppError('insufficient_funds');
      default:
        // 'invalid' (validate() lets no such entry through) or no row at all.
        return new AppError('internal_error', 'The ledger refused a malformed entry');
    }
  }

  async post(input: EntryInput<Type>, tx?: DbOrTx): Promise<PostedEntry> {
    this.validate(input);
    const hash = requestHash(input);
    // One statement does the whole posting on the server (see migration 0006): the replay check,
    // locking the accounts in id order, the checks, the entry, the balances and the postings. Being
    // one statement, it is atomic on its own and also runs inside a caller's transaction.
    // Amounts travel as text and become bigint in SQL, never through a JS number.
    const ids = input.postings.map((p) => p.accountId);
    const amounts = input.postings.map((p) => p.amount.toString());
    const query = sql`
      select status, entry_id, account_id, amount::text as amount,
        balance_after::text as balance_after, detail
      from ledger_post(
        ${randomUUID()}::text, ${input.merchantCode}::text, ${input.idempotencyKey}::text,
        ${hash}::text, ${input.type}::text, ${input.actor}::text, ${input.reference ?? null}::text,
        ${input.reversesEntryId ?? null}::text, ${input.memo ?? null}::text,
        ${JSON.stringify(input.metadata ?? {})}::jsonb,
        ${sql.param(ids)}::text[], ${sql.param(amounts)}::text[]::bigint[])`;
    let rows: LedgerPostRow[];
    try {
      // Both drivers (node-postgres and PGlite) answer with `{ rows }`.
      const result = (await (tx ?? this.db).execute(query)) as { rows: LedgerPostRow[] };
      rows = result.rows;
    } catch (err) {
      // The function checks balances under lock before it writes, so the CHECK constraint is only
      // a second line of defence; should it fire, it means the same as the check.
      if (isCheckViolation(err, 'ledger_accounts_non_negative')) {
        throw new AppError('insufficient_funds');
      }
      throw err;
    }
    const status = rows[0]?.status;
    switch (status) {
      case 'posted':
      case 'replayed':
        return {
          entryId: rows[0]!.entry_id!,
          replayed: status === 'replayed',
          postings: rows.map((r) => ({
            accountId: r.account_id!,
            amount: BigInt(r.amount!),
            balanceAfter: BigInt(r.balance_after!),
          })),
        };
      default:
        throw Ledger.refusal(status, rows[0]?.detail);
    }
  }
}
