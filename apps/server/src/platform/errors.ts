import { errorCatalogue, type ErrorCode, type FieldIssue } from '@taya/contracts';

/**
 * A domain error with a stable code. Services throw these; only the HTTP layer turns them into
 * the envelope and a status.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: FieldIssue[],
    /** Facts a client may act on, sent as the envelope's value (e.g. `{captcha: true}`). */
    readonly value: Record<string, unknown> | null = null,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}

export function fieldError(path: string, code: string, message: string): AppError {
  return new AppError('request_param_err', `${path}: ${message}`, [{ path, code, message }]);
}
