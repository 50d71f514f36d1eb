import { defineModule } from '../../platform/module';
import { SecretBox } from '../../platform/secret-box';
import type { Services } from '../../services';
import { AuthenticatorService } from './authenticator';
import { registerAuthenticatorRoutes } from './authenticator-routes';
import { CaptchaService } from './captcha';
import { VerificationCodeService } from './codes';
import { registerIdentityRoutes } from './routes';
import { SecurityService } from './security';
import { registerSecurityRoutes } from './security-routes';
import { registerSessionEvents } from './session-events';
import { IdentityService, defaultIdentityPolicy } from './service';

export { IdentityService } from './service';
export { AuthenticatorService } from './authenticator';
export { CaptchaService } from './captcha';
export { CAPTCHA_COOKIE } from './routes';
// The operator realm checks its passwords and locks its log-ins the same way.
export { Throttles, addressKey, type LockPolicy } from './throttles';
export { hashSecret, verifySecret } from './secrets';
export { describeDevice } from './device';

export interface IdentityServices {
  identity: IdentityService;
  authenticator: AuthenticatorService;
  captcha: CaptchaService;
}

/** Accounts, log-in, registration, captcha, SMS codes, passwords, sessions, security centre. */
export const identityModule = defineModule<Services>()({
  name: 'identity',
  build: ({ database, config, production, services }) => {
    const { system, vip, providers, sessions, phoneAuth } = services;
    const captcha = new CaptchaService(database.db, !production);
    const authenticator = new AuthenticatorService(
      database.db,
      new SecretBox(config.secretsKey),
      defaultIdentityPolicy,
    );
    const codes = new VerificationCodeService(database.db, providers);
    const identity = new IdentityService(
      database.db,
      sessions,
      system,
      captcha,
      codes,
      providers.email,
      {
        ...defaultIdentityPolicy,
        passwordMaxAgeDays: config.passwordMaxAgeDays,
        publicUrl: config.publicUrl,
      },
      phoneAuth,
      (merchantCode, accountId) => vip.clubLabel(merchantCode, accountId),
      {
        authenticator,
        // The names on the member's bank payout accounts, for the bank-name log-in check.
        bankNamesOf: (accountId) => services.cashier.bankAccountNames(accountId),
      },
      // A disabled account's game launch tokens and vendor sessions end with it.
      (accountId) => services.seamless.revokeAccount(accountId),
    );
    const security = new SecurityService(
      database.db,
      sessions,
      system,
      codes,
      identity,
      authenticator,
    );
    return { services: { identity, authenticator, captcha }, security };
  },
  routes: (app, { security }, { database, config, production, services }) => {
    registerIdentityRoutes(
      app,
      {
        identity: services.identity,
        captcha: services.captcha,
        system: services.system,
        sealed: services.sealed,
        background: services.background,
        db: database.db,
      },
      { production, secureCookies: config.publicUrl.startsWith('https:') },
    );
    registerSecurityRoutes(app, security);
    registerAuthenticatorRoutes(app, services.authenticator);
    registerSessionEvents(app, services.sessions);
  },
});
export { demoAccountId } from './seed';
