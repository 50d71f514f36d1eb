import { z } from 'zod';
import type { ErrorCode } from './errors';

/** One field at fault in a 400 answer: where it is, and what is wrong with it. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export interface SuccessEnvelope<T> {
  success: true;
  value: T;
}

export interface FailureEnvelope {
  success: false;
  errorCode: ErrorCode;
  message: string;
  /** Usually null; some failures carry facts the client acts on, e.g. `{captcha: true}`. */
  value: Record<string, unknown> | null;
  fields?: FieldIssue[];
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export function successEnvelopeSchema<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  value: z.record(z.string(), z.unknown()).nullable(),
  fields: z.array(fieldIssueSchema).optional(),
});
