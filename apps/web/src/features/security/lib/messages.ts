import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** A failed call in the member's language. */
export function failureText(t: TFunction, failure: unknown): string {
  return failure instanceof ApiError ? t(failure.messageKey) : t('errors.unknown_error');
}
