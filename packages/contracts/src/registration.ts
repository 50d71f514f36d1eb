import { z } from 'zod';
import type { FieldRule } from './registration-rules';

export const fieldRuleSchema: z.ZodType<FieldRule> = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  patternId: z.number().int().min(0),
  /** A regular expression source, or "*" for any characters. */
  acceptedPattern: z.string(),
});

export const registrationRulesSchema = z.record(z.string(), fieldRuleSchema);
export type RegistrationRules = z.infer<typeof registrationRulesSchema>;
