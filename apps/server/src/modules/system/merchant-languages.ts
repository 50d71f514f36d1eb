import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { merchants } from './schema';

/** The merchants whose languages include `language` (`TY`: where bingo is offered), by code. */
export function merchantsSpeaking(db: DbOrTx, language: string): Promise<{ code: string }[]> {
  return db
    .select({ code: merchants.code })
    .from(merchants)
    .where(sql`${merchants.languages} @> ${JSON.stringify([language])}::jsonb`)
    .orderBy(asc(merchants.code));
}
