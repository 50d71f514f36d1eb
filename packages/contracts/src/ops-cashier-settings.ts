import { z } from 'zod';
import { opsReason } from './ops-reason';
import { amountString } from './wallet';

/**
 * A merchant's cashier settings an operator edits in the console: the withdrawal review
 * threshold (a withdrawal above it carries the `over_threshold` risk flag; null: none does).
 */
export const opsCashierSettingsParamsSchema = z.strictObject({
  merchantCode: z.string().regex(/^[A-Z0-9]{2,16}$/, 'a merchant code such as TYPH'),
});

export const opsCashierSettingsSchema = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  reviewThreshold: amountString.nullable(),
});
export type OpsCashierSettings = z.infer<typeof opsCashierSettingsSchema>;

export const opsCashierSettingsPatchBodySchema = z.strictObject({
  reviewThreshold: amountString.nullable(),
  /** Why: kept in the audit log. */
  reason: opsReason,
});
export type OpsCashierSettingsPatchBody = z.infer<typeof opsCashierSettingsPatchBodySchema>;
