// Registration rules and their check, apart from their schemas (registration.ts): server and web
// check with the same code, and a page that needs only these does not load zod.

/**
 * The registration pattern catalogue of SPEC §5. Ids 0–19 follow the original front end's order
 * (API-NOTES); the remaining kinds of §5 take 20–23. `null` means "any characters" (the server
 * sends "*"). Server and web both validate with `checkField`, so they cannot disagree.
 */
export const registrationPatterns = [
  { id: 0, kind: 'any', source: null },
  { id: 1, kind: 'letter_first_alnum', source: '^[A-Za-z][A-Za-z0-9]*$' },
  { id: 2, kind: 'chinese_digits', source: '^[\\p{Script=Han}0-9]+$' },
  { id: 3, kind: 'email', source: '^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$' },
  { id: 4, kind: 'letters_or_digits', source: '^(?:[A-Za-z]+|[0-9]+)$' },
  { id: 5, kind: 'letters_and_digits', source: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$' },
  { id: 6, kind: 'digits', source: '^[0-9]+$' },
  { id: 7, kind: 'alnum_with_upper', source: '^(?=.*[A-Z])[A-Za-z0-9]+$' },
  { id: 8, kind: 'english_letters_spaces', source: '^[A-Za-z ]+$' },
  { id: 9, kind: 'no_spaces', source: '^\\S+$' },
  { id: 10, kind: 'chinese_punctuation', source: '^[\\p{Script=Han}\\p{P}]+$' },
  { id: 11, kind: 'date_ymd', source: '^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$' },
  { id: 12, kind: 'letters_spaces', source: '^[\\p{L}\\p{M} ]+$' },
  { id: 13, kind: 'date_mdy', source: '^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])-[0-9]{4}$' },
  { id: 14, kind: 'alnum', source: '^[A-Za-z0-9]+$' },
  { id: 15, kind: 'korean', source: '^[\\p{Script=Hangul}]+$' },
  { id: 16, kind: 'thai', source: '^[\\p{Script=Thai}]+$' },
  { id: 17, kind: 'thai_english_spaces', source: '^[\\p{Script=Thai}A-Za-z ]+$' },
  { id: 18, kind: 'upper_spaces', source: '^(?=.*[A-Z])[A-Z ]+$' },
  { id: 19, kind: 'letters_digits_symbols', source: '^[A-Za-z0-9\\p{P}\\p{S}]+$' },
  {
    id: 20,
    kind: 'strong_password',
    source: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9\\s])\\S+$',
  },
  { id: 21, kind: 'full_name', source: "^[\\p{L}\\p{M}'.-]+(?: [\\p{L}\\p{M}'.-]+)+$" },
  {
    id: 22,
    kind: 'fullwidth_japanese',
    source: '^[\\u3000-\\u30FF\\uFF01-\\uFF9F\\u4E00-\\u9FFF]+$',
  },
  { id: 23, kind: 'upper_only', source: '^[A-Z]+$' },
] as const;

export type PatternId = (typeof registrationPatterns)[number]['id'];

export const registrationFields = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'recommenderId',
] as const;
export type RegistrationField = (typeof registrationFields)[number];

/** One registration field's rule, as the system status sends it. */
export interface FieldRule {
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  patternId: number;
  /** A regular expression source, or "*" for any characters. */
  acceptedPattern: string;
}

export function acceptedPatternFor(patternId: number): string {
  return registrationPatterns.find((p) => p.id === patternId)?.source ?? '*';
}

const compiled = new Map<string, RegExp>();
function compile(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

export type FieldProblem = 'required' | 'length' | 'pattern';

/**
 * Checks one value against its rule: empty and required → "required"; length outside
 * [minLength, maxLength] (counted in characters, not UTF-16 units) → "length"; no match → "pattern".
 * A disabled field, or an empty optional one, has no problem.
 */
export function checkField(rule: FieldRule, raw: string | undefined | null): FieldProblem | null {
  if (!rule.enabled) return null;
  const value = raw ?? '';
  if (value.length === 0) return rule.required ? 'required' : null;
  const length = [...value].length;
  if (length < rule.minLength || (rule.maxLength > 0 && length > rule.maxLength)) return 'length';
  if (rule.acceptedPattern !== '*' && !compile(rule.acceptedPattern).test(value)) return 'pattern';
  return null;
}
