import { z } from 'zod';

/**
 * The member web app's session stream (`GET /wps/session/events`, server-sent events, the
 * Bearer token in the header): `ready` once the stream is open, `ended` when the session ends on
 * the server (an operator disabled the player, the session was revoked or expired), after which
 * the stream closes. Each event's `data` is one of these, as JSON.
 */
export const sessionEventsPath = '/wps/session/events';

/** The console's own stream, the same events for an operator's session (`session.read`). */
export const opsSessionEventsPath = '/ops/session/events';

export const sessionEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('ended') }),
]);
export type SessionEvent = z.infer<typeof sessionEvent>;
