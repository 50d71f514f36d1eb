import { ApiError, clientErrorCodes, type Parser } from '../../../lib/api-client';

/**
 * The in-house slot server is a game vendor, not the site's API: it knows the player by the game
 * session its launch token opened. So its calls go without the site's session token, and its
 * refusals (a used launch token or an ended game session is `game_session_invalid`) must not end
 * the site session the way the site client does. Same envelope, same `ApiError`.
 */
export async function slotPost<T>(path: string, body: unknown, schema: Parser<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, clientErrorCodes.network, 'Network link is abnormal, please try again');
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  const envelope = answer as {
    success?: unknown;
    value?: unknown;
    errorCode?: unknown;
    message?: unknown;
  } | null;
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.success !== 'boolean') {
    throw new ApiError(response.status, clientErrorCodes.badResponse, 'Not an envelope');
  }
  if (!envelope.success) {
    const code = typeof envelope.errorCode === 'string' ? envelope.errorCode : 'unknown_error';
    const message = typeof envelope.message === 'string' ? envelope.message : code;
    throw new ApiError(response.status, code, message, [], envelope.value ?? null);
  }
  try {
    return schema.parse(envelope.value);
  } catch {
    throw new ApiError(
      response.status,
      clientErrorCodes.badResponse,
      `Unexpected answer from ${path}`,
    );
  }
}
