// Real operators for tests, apart from the harness so that the browser tests can use them too.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OperatorRole } from '@taya/contracts';
import { operators } from '../modules/operators/schema';
import type { Database, Db } from '../platform/db';

/** Makes (once) a real, enrolled operator row for a test session; its username. */
export async function ensureTestOperator(
  db: Db,
  id: string,
  role: OperatorRole,
  merchants: string[] | null,
): Promise<string> {
  const username = `t_${id.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 60);
  await db
    .insert(operators)
    .values({ id, username, role, merchants, enrolled: true })
    .onConflictDoNothing();
  const [row] = await db
    .select({ username: operators.username })
    .from(operators)
    .where(eq(operators.id, id));
  return row!.username;
}

/** Issues an operator session as the operators module would after a log-in. */
export async function issueOperatorSession(
  app: FastifyInstance,
  database: Database,
  options: {
    subjectId?: string;
    role?: OperatorRole;
    merchants?: string[] | null;
    merchantCode?: string;
  } = {},
): Promise<string> {
  const subjectId = options.subjectId ?? `operator-${randomBytes(4).toString('hex')}`;
  const role = options.role ?? 'admin';
  const merchants = options.merchants ?? null;
  const username = await ensureTestOperator(database.db, subjectId, role, merchants);
  const { token } = await app.services.sessions.issue({
    subjectId,
    role: 'operator',
    merchantCode: options.merchantCode ?? merchants?.[0] ?? 'TYPH',
    operator: { role, username, merchants },
  });
  return token;
}
