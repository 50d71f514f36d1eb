import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyHeader, idempotencyKeyPattern } from '@taya/contracts';
import type { Db, DbOrTx } from './db';
import { AppError } from './errors';
import { idempotencyKeys } from './idempotency-schema';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency?: IdempotencyStore;
  }
}

/** An answer as it went out: HTTP status and the JSON envelope. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** A key this request holds while its command runs. */
export interface IdempotencyClaim {
  /**
   * Stores the answer under the key. Called with the command's own transaction, the answer
   * commits with the movement or not at all. Fails (and so rolls the command back) when the
   * claim was lost to a repeat that took over an expired lease.
   */
  complete(db: DbOrTx, answer: StoredAnswer): Promise<void>;
  /** Gives the key up after a failure, so a repeat runs the command afresh. */
  release(): Promise<void>;
}

export type IdempotencyStart =
  { kind: 'replay'; answer: StoredAnswer } | { kind: 'claimed'; claim: IdempotencyClaim };

export interface IdempotencyOptions {
  /** A claim older than this, never completed, is taken to be dead: a repeat may take it over. */
  leaseMs: number;
  /** How long a repeat waits for the first request to finish before a 409. */
  waitMs: number;
  /** Keys are kept this long. */
  retentionMs: number;
}

const defaults: IdempotencyOptions = {
  leaseMs: 60_000,
  waitMs: 5_000,
  retentionMs: 24 * 3_600_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency keys of money commands (Stripe-style): the first successful answer under a
 * caller's key is stored, and every repeat with the same key and request gets it back while
 * nothing moves again. The same key with another request is a 409 `idempotency_conflict`; a
 * repeat that arrives while the first still runs waits for its answer (then 409). A failed
 * command stores nothing and gives its key up: the refusal did not move money, and a repeat is
 * judged afresh.
 */
export class IdempotencyStore {
  private readonly options: IdempotencyOptions;

  constructor(
    /** Where keys are claimed; an answer not recorded in its command's transaction goes here. */
    readonly db: Db,
    options: Partial<IdempotencyOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  install(app: FastifyInstance): void {
    app.decorate('idempotency', this as IdempotencyStore);
  }

  async begin(
    owner: string,
    route: string,
    key: string,
    requestHash: string,
  ): Promise<IdempotencyStart> {
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const token = randomUUID();
      const now = new Date();
      const [inserted] = await this.db
        .insert(idempotencyKeys)
        .values({ id: randomUUID(), owner, route, key, requestHash, token, lockedAt: now })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (inserted) {
        if (Math.random() < 0.02) await this.prune(now);
        return { kind: 'claimed', claim: this.claim(inserted.id, token) };
      }
      const [row] = await this.db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.owner, owner),
            eq(idempotencyKeys.route, route),
            eq(idempotencyKeys.key, key),
          ),
        );
      if (!row) continue; // released meanwhile: claim it afresh
      if (row.requestHash !== requestHash) throw new AppError('idempotency_conflict');
      if (row.statusCode !== null) {
        return { kind: 'replay', answer: { status: row.statusCode, body: row.response } };
      }
      if (now.getTime() - row.lockedAt.getTime() > this.options.leaseMs) {
        // The first request died before it answered; its command did not commit (the answer
        // commits with it), so this one runs it. A late completion of the old claim will fail.
        const [taken] = await this.db
          .update(idempotencyKeys)
          .set({ token, lockedAt: now })
          .where(
            and(
              eq(idempotencyKeys.id, row.id),
              eq(idempotencyKeys.token, row.token),
              isNull(idempotencyKeys.statusCode),
            ),
          )
          .returning({ id: idempotencyKeys.id });
        if (taken) return { kind: 'claimed', claim: this.claim(row.id, token) };
        continue;
      }
      if (Date.now() >= deadline) {
        throw new AppError(
          'request_replayed',
          'A request with this idempotency key is in progress',
        );
      }
      await sleep(25);
    }
  }

  private claim(id: string, token: string): IdempotencyClaim {
    const mine = and(
      eq(idempotencyKeys.id, id),
      eq(idempotencyKeys.token, token),
      isNull(idempotencyKeys.statusCode),
    );
    return {
      complete: async (db, answer) => {
        const done = await db
          .update(idempotencyKeys)
          .set({ statusCode: answer.status, response: answer.body })
          .where(mine)
          .returning({ id: idempotencyKeys.id });
        if (done.length === 0) {
          throw new AppError('request_replayed', 'A repeat of this request took its key over');
        }
      },
      release: async () => {
        await this.db.delete(idempotencyKeys).where(mine);
      },
    };
  }

  private async prune(now: Date): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - this.options.retentionMs)));
  }
}

/** Whether a body field is a secret left out of the request hash (a payment password). */
const secretField = /password|pin$/i;

/** JSON with sorted keys and secrets dropped, so one request always hashes alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) {
    if (secretField.test(name)) continue;
    out[name] = canonical((value as Record<string, unknown>)[name]);
  }
  return out;
}

export function requestHash(parts: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(parts)) ?? '')
    .digest('hex');
}

/**
 * The `Idempotency-Key` header of a request: `null` when absent and not required; a 400
 * naming the header when required and absent, or malformed.
 */
export function idempotencyKeyOf(req: FastifyRequest, required: boolean): string | null {
  const raw = req.headers[idempotencyKeyHeader];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') {
    if (!required) return null;
    throw new AppError('request_param_err', 'The Idempotency-Key header is required', [
      { path: 'Idempotency-Key', code: 'required', message: 'Required for this call' },
    ]);
  }
  if (!idempotencyKeyPattern.test(key)) {
    throw new AppError('request_param_err', 'The Idempotency-Key header is malformed', [
      {
        path: 'Idempotency-Key',
        code: 'invalid_format',
        message: '8 to 100 characters of A-Z a-z 0-9 _ - : .',
      },
    ]);
  }
  return key;
}
