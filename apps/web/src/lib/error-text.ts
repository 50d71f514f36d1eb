import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** A failure's message in the player's language (the catalogue text for its error code). */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? t(error.messageKey) : t('errors.unknown_error');
}
