import { z } from 'zod';

/**
 * Why an operator makes a change: every `/ops` write carries one, and the audit log keeps it with
 * the row's before and after (GLI-19 §3: significant events with user, time and reason).
 */
export const opsReason = z.string().trim().min(3).max(500);

/** The body of a write that carries nothing but its reason. */
export const opsReasonBody = z.strictObject({ reason: opsReason });
