import type { TFunction } from 'i18next';
import { registrationPatterns, type FieldProblem, type FieldRule } from '@taya/contracts';

/** "6 to 16 characters", "exactly 6 characters" (SPEC §5: one number when min equals max). */
export function lengthText(t: TFunction, rule: FieldRule, unit: 'characters' | 'digits'): string {
  const { minLength: min, maxLength: max } = rule;
  const prefix = unit === 'digits' ? 'validation.digits' : 'validation.length';
  if (max > 0 && min === max) return t(`${prefix}_exact`, { n: min });
  if (max > 0 && min > 0) return t(`${prefix}_range`, { min, max });
  if (max > 0) return t(`${prefix}_max`, { max });
  if (min > 0) return t(`${prefix}_min`, { min });
  return t(`${prefix}_any`);
}

/** The per-pattern message of SPEC §5, with the rule's lengths filled in. */
export function ruleText(t: TFunction, rule: FieldRule): string {
  const kind = registrationPatterns.find((pattern) => pattern.id === rule.patternId)?.kind ?? 'any';
  return t(`validation.pattern.${kind}`, { length: lengthText(t, rule, 'characters') });
}

export function problemText(t: TFunction, rule: FieldRule, problem: FieldProblem): string {
  return problem === 'required' ? t('validation.required') : ruleText(t, rule);
}

/** Mobile numbers: "Please enter a valid mobile number (10 to 11 digits)". */
export function mobileText(
  t: TFunction,
  rule: FieldRule,
  fromServer: boolean,
  problem: FieldProblem,
): string {
  if (problem === 'required') return t('validation.mobile_required');
  return fromServer
    ? t('validation.mobile_length', { length: lengthText(t, rule, 'digits') })
    : t('validation.mobile_invalid');
}
