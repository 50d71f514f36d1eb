import {
  agentAccountTypes,
  checkField,
  trialAccountType,
  type FieldIssue,
  type FieldRule,
  type RegistrationRules,
} from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionStore } from '../../platform/auth/sessions';
import type { EmailProvider } from '../../platform/providers';
import type { PhoneAuthVerifier } from '../../platform/providers/phone-auth';
import type { SystemService } from '../system';
import type { AuthenticatorService } from './authenticator';
import type { CaptchaService } from './captcha';
import type { VerificationCodeService } from './codes';
import type { AccountRow, IdentityStore } from './store';
import type { Throttles } from './throttles';

export interface IdentityPolicy {
  /** Ask for an extra verification when a log-in comes from an address the account never used. */
  newIpCheck: boolean;
  /** Failed log-ins (from one address, or from all together) before the captcha is demanded. */
  captchaAfter: number;
  /** Failed log-ins from one address before the name is locked there for `lockMinutes`. */
  lockAfter: number;
  lockMinutes: number;
  /** With PWDEXPFORCECHANGE3 on, a password older than this must be changed (not for SMS log-ins). */
  passwordMaxAgeDays: number;
  resetLinkMinutes: number;
  /** Reset links e-mailed to one address in an hour, whoever asks; more are not sent. */
  resetLinksPerHour: number;
  publicUrl: string;
}

export const defaultIdentityPolicy: Omit<IdentityPolicy, 'publicUrl'> = {
  newIpCheck: true,
  captchaAfter: 3,
  lockAfter: 6,
  lockMinutes: 15,
  passwordMaxAgeDays: 90,
  resetLinkMinutes: 30,
  resetLinksPerHour: 5,
};

/** What a log-in from a new address can be proved with besides a code sent to a bound channel. */
export interface LoginProofs {
  /** The account's authenticator app; when bound it is the proof asked for. */
  authenticator?: Pick<AuthenticatorService, 'isBound' | 'verify'>;
  /** The account names of the member's bank payout accounts (the cashier module's). */
  bankNamesOf?: (accountId: string) => Promise<string[]>;
}

/** Names compare without case and with runs of spaces as one. */
export const normaliseName = (name: string) =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export interface ClientContext {
  ip: string;
  merchantCode: string;
  device: string | undefined;
  captchaId: string | undefined;
  host: string | undefined;
}

export const isAgentType = (type: number) =>
  (agentAccountTypes as readonly number[]).includes(type);
/** Types 41 and 42 run a team and do not play: they log in only to the back office. */
export const agentOnlyTypes = [41, 42];

export function roleOf(type: number): 'member' | 'agent' | 'trial' {
  if (type === trialAccountType) return 'trial';
  return isAgentType(type) ? 'agent' : 'member';
}

export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length <= 4
    ? '****'
    : `${mobile.slice(0, 2)}${'*'.repeat(Math.max(mobile.length - 5, 3))}${mobile.slice(-3)}`;
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(name.length - 2, 3))}@${domain}`;
}

/** Where a log-in code goes, masked for the screen; null when that channel is not bound. */
export function shownDestination(account: AccountRow, method: 'sms' | 'email'): string | null {
  if (method === 'email') return account.email ? maskEmail(account.email) : null;
  return account.mobile && account.countryDialingCode
    ? `${account.countryDialingCode} ${maskMobile(account.mobile)}`
    : null;
}

const problemMessages = {
  required: 'is required',
  length: 'has the wrong length',
  pattern: 'has the wrong format',
} as const;

/** A birthday must be a real date (yyyy-mm-dd) of someone 18 or older. */
export function birthdayIssue(birthday: string): FieldIssue | null {
  const born = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== birthday) {
    return { path: 'birthday', code: 'invalid', message: 'birthday is not a real date' };
  }
  const adult = new Date(born);
  adult.setUTCFullYear(adult.getUTCFullYear() + 18);
  if (adult.getTime() > Date.now()) {
    return { path: 'birthday', code: 'age', message: 'Players must be 18 or older' };
  }
  return null;
}

/** Checks the fields a merchant's rules name; returns every problem, not just the first. */
export function checkAgainstRules(
  rules: RegistrationRules,
  values: Record<string, string | undefined>,
  fields: readonly string[],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of fields) {
    const rule: FieldRule | undefined = rules[field];
    if (!rule) continue;
    const problem = checkField(rule, values[field]);
    if (problem)
      issues.push({ path: field, code: problem, message: `${field} ${problemMessages[problem]}` });
  }
  return issues;
}

/** The `request_param_err` that names every field in `issues`. */
export function invalidFields(issues: FieldIssue[]): AppError {
  return new AppError(
    'request_param_err',
    `Invalid fields: ${issues.map((i) => i.path).join(', ')}`,
    issues,
  );
}

/** What every use case of identity works with. */
export interface IdentityDeps {
  db: Db;
  store: IdentityStore;
  throttles: Throttles;
  sessions: SessionStore;
  system: SystemService;
  captcha: CaptchaService;
  codes: VerificationCodeService;
  email: EmailProvider;
  policy: IdentityPolicy;
  phoneAuth: PhoneAuthVerifier | null;
  /** The VIP label shown beside a player's name (the VIP module's), null for none. */
  clubLabelOf: (merchantCode: string, accountId: string) => Promise<string | null>;
  loginProofs: LoginProofs;
  /**
   * What other modules end when an account is disabled (games: launch tokens and vendor
   * sessions); the account's own site sessions are ended here.
   */
  onDisabled: (accountId: string) => Promise<void>;
}

/** A failed log-in; `captcha` tells the client to show the captcha from now on. */
export class LoginFailure extends AppError {
  constructor(captcha: boolean) {
    super('login.failed', undefined, undefined, { captcha });
  }
}

export class CaptchaDemand extends AppError {
  constructor(code: 'captcha_required' | 'captcha_invalid') {
    super(code, undefined, [{ path: 'captcha', code, message: 'Please enter the captcha shown' }], {
      captcha: true,
    });
  }
}
