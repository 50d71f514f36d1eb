import { ApiError } from '../../../lib/api-client';

/** The server's field issue for `path`, if the failure carried one. */
export function fieldIssue(error: unknown, path: string): boolean {
  return error instanceof ApiError && error.fields.some((issue) => issue.path === path);
}

export { errorText } from '../../../lib/error-text';

/** `value.turnoverRemaining` of a 409 withdrawal refusal, when the server sent it. */
export function turnoverFromError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'conflict') return null;
  const value = error.value as { turnoverRemaining?: unknown } | null;
  return typeof value?.turnoverRemaining === 'string' ? value.turnoverRemaining : null;
}
