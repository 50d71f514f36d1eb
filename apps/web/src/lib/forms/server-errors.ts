import type { TFunction } from 'i18next';
import { ApiError } from '../api-client';

/** Error codes that belong under one input rather than above the form. */
const codeFields: Record<string, string> = {
  username_taken: 'username',
  mobile_taken: 'mobileNum',
  invitation_code_error: 'affiliateCode',
  captcha_required: 'captcha',
  captcha_invalid: 'captcha',
  verification_code_invalid: 'verificationCode',
};

export interface ServerProblems<K extends string> {
  fields: Partial<Record<K, string>>;
  /** A message for above the form; null when the fields say it all. */
  form: string | null;
}

export interface ServerProblemOptions<K extends string> {
  /** The inputs on screen; an issue for any other path goes above the form. */
  fields: readonly K[];
  /** Client wording for a field issue code (`required`, `length`, `pattern`…); null to fall back. */
  fieldMessage?: (field: K, code: string) => string | null;
  /** Where a code's message goes when the server named no field (e.g. on the mobile tab). */
  codeFields?: Partial<Record<string, K>>;
  /** Server paths that are called something else on screen (SMS log-in: password → code). */
  aliases?: Partial<Record<string, K>>;
}

/**
 * Turns a failed call into messages in the player's language: the server's field issues under
 * their inputs, a code that is about one input under that input, anything else above the form.
 */
export function serverProblems<K extends string>(
  t: TFunction,
  error: unknown,
  options: ServerProblemOptions<K>,
): ServerProblems<K> {
  if (!(error instanceof ApiError)) return { fields: {}, form: t('errors.unknown_error') };
  const known = (path: string): path is K => (options.fields as readonly string[]).includes(path);
  const generic = error.errorCode === 'request_param_err';
  const fields: Partial<Record<K, string>> = {};

  for (const issue of error.fields) {
    const path = options.aliases?.[issue.path] ?? issue.path;
    if (!known(path) || fields[path]) continue;
    fields[path] =
      options.fieldMessage?.(path, issue.code) ??
      (issue.code === 'mismatch'
        ? t('validation.inconsistent')
        : generic
          ? t('validation.invalid')
          : t(error.messageKey));
  }

  const codeField = options.codeFields?.[error.errorCode] ?? codeFields[error.errorCode];
  if (Object.keys(fields).length === 0 && codeField && known(codeField)) {
    fields[codeField] = t(error.messageKey);
  }

  if (Object.keys(fields).length > 0) return { fields, form: t('validation.check_fields') };
  return { fields, form: t(error.messageKey) };
}
