import type { Db } from '../../platform/db';
import type { SessionStore } from '../../platform/auth/sessions';
import type { EmailProvider } from '../../platform/providers';
import type { PhoneAuthVerifier } from '../../platform/providers/phone-auth';
import type { SystemService } from '../system';
import * as accounts from './accounts';
import * as operatorActions from './operator-actions';
import type { CaptchaService } from './captcha';
import type { VerificationCodeService } from './codes';
import * as login from './login';
import type { IdentityDeps, IdentityPolicy, LoginProofs } from './model';
import * as passwords from './passwords';
import * as registration from './registration';
import * as tickets from './tickets';
import { IdentityStore } from './store';
import { Throttles } from './throttles';

export {
  birthdayIssue,
  CaptchaDemand,
  checkAgainstRules,
  defaultIdentityPolicy,
  invalidFields,
  LoginFailure,
  maskEmail,
  maskMobile,
  type ClientContext,
  type IdentityPolicy,
  type LoginProofs,
} from './model';

/** A use case's parameters after the dependencies it is given. */
type Args<F> = F extends (deps: IdentityDeps, ...rest: infer R) => unknown ? R : never;

/**
 * Accounts and how people get into them. Each use case lives in its own file (log-in,
 * registration, passwords, accounts); this class is the one surface routes, other modules and
 * tests call.
 */
export class IdentityService {
  private readonly deps: IdentityDeps;

  constructor(
    db: Db,
    sessions: SessionStore,
    system: SystemService,
    captcha: CaptchaService,
    codes: VerificationCodeService,
    email: EmailProvider,
    policy: IdentityPolicy,
    phoneAuth: PhoneAuthVerifier | null = null,
    /** The VIP label shown beside a player's name (the VIP module's), null for none. */
    clubLabelOf: (merchantCode: string, accountId: string) => Promise<string | null> = async () =>
      null,
    loginProofs: LoginProofs = {},
    /** Ends what other modules hold for an account being disabled. */
    onDisabled: (accountId: string) => Promise<void> = async () => {},
  ) {
    this.deps = {
      db,
      store: new IdentityStore(db),
      throttles: new Throttles(db),
      sessions,
      system,
      captcha,
      codes,
      email,
      policy,
      phoneAuth,
      clubLabelOf,
      loginProofs,
      onDisabled,
    };
  }

  // ---- log-in ----

  login(...args: Args<typeof login.login>) {
    return login.login(this.deps, ...args);
  }

  sendLoginVerification(...args: Args<typeof login.sendLoginVerification>) {
    return login.sendLoginVerification(this.deps, ...args);
  }

  completeLoginVerification(...args: Args<typeof login.completeLoginVerification>) {
    return login.completeLoginVerification(this.deps, ...args);
  }

  freePlay(...args: Args<typeof login.freePlay>) {
    return login.freePlay(this.deps, ...args);
  }

  logout(...args: Args<typeof login.logout>) {
    return login.logout(this.deps, ...args);
  }

  // ---- registration ----

  /** Agent invitation codes: true when the code belongs to an active agent of this merchant. */
  checkAffiliate(...args: Args<typeof registration.checkAffiliate>) {
    return registration.checkAffiliate(this.deps, ...args);
  }

  register(...args: Args<typeof registration.register>) {
    return registration.register(this.deps, ...args);
  }

  /** An agent's register centre: a member or agent directly under the agent. */
  createDownline(...args: Args<typeof registration.createDownline>) {
    return registration.createDownline(this.deps, ...args);
  }

  /** A member's own invite code for refer and earn, made on first use. */
  memberInviteCode(...args: Args<typeof registration.memberInviteCode>) {
    return registration.memberInviteCode(this.deps, ...args);
  }

  // ---- accounts ----

  memberInfo(...args: Args<typeof accounts.memberInfo>) {
    return accounts.memberInfo(this.deps, ...args);
  }

  /** Another module's view of an account: who it is and where it sits in the tree. */
  accountSummary(...args: Args<typeof accounts.accountSummary>) {
    return accounts.accountSummary(this.deps, ...args);
  }

  /** True when `accountId` sits anywhere below `agentId` in the downline tree. */
  isInTeam(...args: Args<typeof accounts.isInTeam>) {
    return accounts.isInTeam(this.deps, ...args);
  }

  /** Usernames by account id, for boards that show (masked) names. */
  usernames(...args: Args<typeof accounts.usernames>) {
    return accounts.usernames(this.deps, ...args);
  }

  /** For the agents module: an account's place in the tree, in the caller's transaction. */
  accountOf(...args: Args<typeof accounts.accountOf>) {
    return accounts.accountOf(this.deps, ...args);
  }

  /** Usernames and nicknames by account id. */
  namesOf(...args: Args<typeof accounts.namesOf>) {
    return accounts.namesOf(this.deps, ...args);
  }

  /** An account's merchant and when it joined, for other modules (in the caller's transaction). */
  accountOrigin(...args: Args<typeof accounts.accountOrigin>) {
    return accounts.accountOrigin(this.deps, ...args);
  }

  /** An agent's invitation code, made on first use. */
  invitationCode(...args: Args<typeof accounts.invitationCode>) {
    return accounts.invitationCode(this.deps, ...args);
  }

  /** For the cashier and points: true when the payment password matches. */
  checkPaymentPassword(...args: Args<typeof accounts.checkPaymentPassword>) {
    return accounts.checkPaymentPassword(this.deps, ...args);
  }

  setIcon(...args: Args<typeof accounts.setIcon>) {
    return accounts.setIcon(this.deps, ...args);
  }

  sessionsOf(...args: Args<typeof accounts.sessionsOf>) {
    return accounts.sessionsOf(this.deps, ...args);
  }

  /** Disables an account and ends at once everything it is signed in with (operator). */
  disableAccount(...args: Args<typeof accounts.disableAccount>) {
    return accounts.disableAccount(this.deps, ...args);
  }

  // ---- operators' player management (operator-actions.ts) ----

  managedAccount(...args: Args<typeof operatorActions.managedAccount>) {
    return operatorActions.managedAccount(this.deps, ...args);
  }

  enableAccount(...args: Args<typeof operatorActions.enableAccount>) {
    return operatorActions.enableAccount(this.deps, ...args);
  }

  unlockAccount(...args: Args<typeof operatorActions.unlockAccount>) {
    return operatorActions.unlockAccount(this.deps, ...args);
  }

  sendPasswordResetLink(...args: Args<typeof operatorActions.sendPasswordResetLink>) {
    return operatorActions.sendPasswordResetLink(this.deps, ...args);
  }

  /** Ends one of the caller's own sessions; another account's session id is simply not found. */
  revokeSession(...args: Args<typeof accounts.revokeSession>) {
    return accounts.revokeSession(this.deps, ...args);
  }

  // ---- sign-in tickets (the app download QR code) ----

  issueTicket(...args: Args<typeof tickets.issueTicket>) {
    return tickets.issueTicket(this.deps, ...args);
  }

  exchangeTicket(...args: Args<typeof tickets.exchangeTicket>) {
    return tickets.exchangeTicket(this.deps, ...args);
  }

  // ---- passwords ----

  changePassword(...args: Args<typeof passwords.changePassword>) {
    return passwords.changePassword(this.deps, ...args);
  }

  /** Always answers the same, so it tells nobody whether a username and e-mail match. */
  forgotByEmail(...args: Args<typeof passwords.forgotByEmail>) {
    return passwords.forgotByEmail(this.deps, ...args);
  }

  resetByToken(...args: Args<typeof passwords.resetByToken>) {
    return passwords.resetByToken(this.deps, ...args);
  }

  resetByPhone(...args: Args<typeof passwords.resetByPhone>) {
    return passwords.resetByPhone(this.deps, ...args);
  }

  sendSmsCode(...args: Args<typeof passwords.sendSmsCode>) {
    return passwords.sendSmsCode(this.deps, ...args);
  }
}
