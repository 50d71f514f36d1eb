import { z } from 'zod';

/** The id a member sends with a grab: a retry with the same id answers the same grab. */
export const redEnvelopeGrabBodySchema = z.strictObject({
  requestId: z.string().regex(/^[\w-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
});

export const redEnvelopeIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A window's occurrence: its local times and when it opens and closes (ISO, UTC). */
const windowOccurrenceSchema = z.object({
  start: z.string(),
  end: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
});

/**
 * GET /wps/red-envelopes/current: the red envelope whose window is open now, or else the one
 * whose window opens next; null when no red envelope is running.
 */
export const redEnvelopeCurrentSchema = z.object({
  envelope: z
    .object({
      promotionId: z.string(),
      title: z.string(),
      /** Whether a window is open now. */
      open: z.boolean(),
      /** The open window, or the next one. */
      window: windowOccurrenceSchema,
      /** Seconds until the window opens (0 while it is open) and until it closes. */
      opensIn: z.number().int().min(0),
      closesIn: z.number().int().min(0),
      /** Whether the caller opened this window's envelope; null for a visitor. */
      grabbed: z.boolean().nullable(),
      /** What the caller's envelope of this window held, once opened. */
      grabbedAmount: z.string().nullable(),
      /** Whether the pool still holds at least one envelope. */
      poolLeft: z.boolean(),
      minAmount: z.string(),
      maxAmount: z.string(),
      currency: z.string(),
    })
    .nullable(),
});
export type RedEnvelopeCurrent = z.infer<typeof redEnvelopeCurrentSchema>;

/** GET /wps/red-envelopes: the running red envelopes with their daily windows. */
export const redEnvelopeListSchema = z.object({
  /** The merchant's time zone, in which the windows' times of day are read. */
  timeZone: z.string(),
  list: z.array(
    z.object({
      promotionId: z.string(),
      title: z.string(),
      content: z.string(),
      startsAt: z.string(),
      endsAt: z.string().nullable(),
      windows: z.array(z.object({ start: z.string(), end: z.string() })),
      open: windowOccurrenceSchema.nullable(),
      next: windowOccurrenceSchema.nullable(),
      poolLeft: z.boolean(),
      minAmount: z.string(),
      maxAmount: z.string(),
      currency: z.string(),
    }),
  ),
});
export type RedEnvelopeList = z.infer<typeof redEnvelopeListSchema>;

/** What one grab paid (POST /wps/red-envelopes/:id/grab). */
export const redEnvelopeGrabSchema = z.object({
  claimId: z.string(),
  promotionId: z.string(),
  /** The window's key: its local date and start (yyyy-MM-ddTHH:mm). */
  window: z.string(),
  amount: z.string(),
  turnoverAdded: z.string(),
  currency: z.string(),
  /** True when this requestId was used before and this call moved nothing. */
  replayed: z.boolean(),
});
export type RedEnvelopeGrab = z.infer<typeof redEnvelopeGrabSchema>;

/** GET /wps/member/red-envelopes/grabs: the member's own envelopes, newest first. */
export const redEnvelopeGrabListSchema = z.object({
  list: z.array(
    z.object({
      claimId: z.string(),
      promotionId: z.string(),
      title: z.string(),
      window: z.string(),
      amount: z.string(),
      turnoverAdded: z.string(),
      createdAt: z.string(),
    }),
  ),
  currency: z.string(),
});
export type RedEnvelopeGrabList = z.infer<typeof redEnvelopeGrabListSchema>;
