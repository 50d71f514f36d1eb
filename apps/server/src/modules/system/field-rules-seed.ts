import type { Tx } from '../../platform/db';
import { merchants, registerFieldRules } from './schema';

/** A field rule as another module's seed supplies it, for every merchant. */
export type FieldRuleSeed = Omit<typeof registerFieldRules.$inferInsert, 'merchantCode'>;

/**
 * Gives every merchant the field rules it lacks, in the caller's seed transaction; rules already
 * there stay as they are.
 */
export async function addMissingFieldRules(tx: Tx, rules: FieldRuleSeed[]): Promise<void> {
  if (rules.length === 0) return;
  const all = await tx.select({ code: merchants.code }).from(merchants);
  for (const { code } of all) {
    await tx
      .insert(registerFieldRules)
      .values(rules.map((rule) => ({ ...rule, merchantCode: code })))
      .onConflictDoNothing();
  }
}
