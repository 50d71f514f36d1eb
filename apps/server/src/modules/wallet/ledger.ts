import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './schema';

/** Largest amount one posting may carry: 10^15 minor units (ten trillion at two decimals). */
export const MAX_POSTING = 10n ** 15n;

export interface PostingInput {
  accountId: string;
  /** Minor units; positive adds to the balance, negative takes from it. */
  amount: bigint;
}

export interface EntryInput {
  merchantCode: string;
  idempotencyKey: string;
  type: string;
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

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const c = e.cause ?? e;
  return c.code === '23505' && c.constraint === constraint;
}

/**
 * The one place money moves. Every movement is an entry whose postings sum to zero per currency,
 * written with the new balances in one transaction; accounts are locked in id order so
 * concurrent entries never deadlock; a balance that may not go negative never does.
 */
export class Ledger {
  constructor(private readonly db: Db) {}

  /** The account for this owner, kind and currency, opened on first use. */
  async account(spec: AccountSpec, db: DbOrTx = this.db): Promise<string> {
    const subKind = spec.subKind ?? '';
    const where = and(
      eq(ledgerAccounts.merchantCode, spec.merchantCode),
      eq(ledgerAccounts.currency, spec.currency),
      eq(ledgerAccounts.kind, spec.kind),
      eq(ledgerAccounts.subKind, subKind),
      spec.ownerId === null
        ? sql`${ledgerAccounts.ownerId} is null`
        : eq(ledgerAccounts.ownerId, spec.ownerId),
    );
    const [found] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (found) return found.id;
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
    const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    return row!.id;
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

  private async replay(input: EntryInput, hash: string, db: DbOrTx): Promise<PostedEntry | null> {
    const [entry] = await db
      .select({ id: ledgerEntries.id, requestHash: ledgerEntries.requestHash })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantCode, input.merchantCode),
          eq(ledgerEntries.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (!entry) return null;
    if (entry.requestHash !== hash) {
      throw new AppError(
        'idempotency_conflict',
        'This idempotency key was used for a different request',
      );
    }
    const postings = await db
      .select({
        accountId: ledgerPostings.accountId,
        amount: ledgerPostings.amount,
        balanceAfter: ledgerPostings.balanceAfter,
      })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, entry.id))
      .orderBy(asc(ledgerPostings.id));
    return { entryId: entry.id, replayed: true, postings };
  }

  /**
   * Posts an entry. Pass `tx` to post inside a caller's transaction (the caller's own writes and
   * the money then commit or roll back together).
   */
  async post(input: EntryInput, tx?: DbOrTx): Promise<PostedEntry> {
    this.validate(input);
    const hash = requestHash(input);
    const run = async (db: DbOrTx): Promise<PostedEntry> => {
      const previous = await this.replay(input, hash, db);
      if (previous) return previous;
      const ids = input.postings.map((p) => p.accountId).sort();
      const locked = await db
        .select({
          id: ledgerAccounts.id,
          merchantCode: ledgerAccounts.merchantCode,
          currency: ledgerAccounts.currency,
          balance: ledgerAccounts.balance,
          allowNegative: ledgerAccounts.allowNegative,
        })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
      if (locked.length !== ids.length)
        throw new AppError('not_found', 'A ledger account does not exist');
      const byId = new Map(locked.map((a) => [a.id, a]));
      const sums = new Map<string, bigint>();
      for (const p of input.postings) {
        const account = byId.get(p.accountId)!;
        if (account.merchantCode !== input.merchantCode)
          throw new AppError('forbidden', 'Account of another merchant');
        sums.set(account.currency, (sums.get(account.currency) ?? 0n) + p.amount);
      }
      for (const [currency, sum] of sums) {
        if (sum !== 0n)
          throw new AppError('request_param_err', `Postings in ${currency} do not balance`, [
            { path: 'postings', code: 'unbalanced', message: 'Postings must sum to zero' },
          ]);
      }
      const results: PostedEntry['postings'] = [];
      for (const p of input.postings) {
        const account = byId.get(p.accountId)!;
        const after = account.balance + p.amount;
        if (after < 0n && !account.allowNegative) throw new AppError('insufficient_funds');
        account.balance = after;
        results.push({ accountId: p.accountId, amount: p.amount, balanceAfter: after });
      }
      const entryId = randomUUID();
      await db.insert(ledgerEntries).values({
        id: entryId,
        merchantCode: input.merchantCode,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        type: input.type,
        actor: input.actor,
        reference: input.reference ?? null,
        reversesEntryId: input.reversesEntryId ?? null,
        memo: input.memo ?? null,
        metadata: input.metadata ?? {},
      });
      for (const r of results) {
        await db
          .update(ledgerAccounts)
          .set({ balance: r.balanceAfter })
          .where(eq(ledgerAccounts.id, r.accountId));
      }
      await db.insert(ledgerPostings).values(
        results.map((r) => ({
          entryId,
          accountId: r.accountId,
          currency: byId.get(r.accountId)!.currency,
          amount: r.amount,
          balanceAfter: r.balanceAfter,
          type: input.type,
        })),
      );
      return { entryId, replayed: false, postings: results };
    };
    if (tx) return run(tx);
    try {
      return await this.db.transaction(run);
    } catch (err) {
      // Two requests with one key raced: the loser finds the winner's entry and answers with it.
      if (isUniqueViolation(err, 'ledger_entries_idempotency_uq')) {
        const previous = await this.replay(input, hash, this.db);
        if (previous) return previous;
      }
      throw err;
    }
  }
}
