import { useMemo } from 'react';
import {
  acceptedPatternFor,
  flattenWhitelabel,
  type FieldRule,
  type RegistrationRules,
  type SystemStatusValue,
} from '@taya/contracts';

/** Dialing codes of the markets the merchants serve (SPEC §1: the Philippines and Myanmar). */
const dialingCodes: Record<string, string> = { PH: '+63', MM: '+95' };

/** Used when the merchant's rules leave a field out, so the form still works and checks something. */
const fallbackRules = {
  username: rule(true, 1, 64, 0),
  password: rule(true, 1, 128, 0),
  mobileNum: rule(true, 7, 15, 6),
} as const;

function rule(
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: number,
): FieldRule {
  return {
    enabled: true,
    required,
    minLength,
    maxLength,
    patternId,
    acceptedPattern: acceptedPatternFor(patternId),
  };
}

export interface AuthFlags {
  usernameRegister: boolean;
  mobileRegister: boolean;
  mobilePasswordRegister: boolean;
  registerSmsVerification: boolean;
  freePlay: boolean;
  smsLogin: boolean;
  forcePasswordChange: boolean;
  /**
   * The forgot-password mobile tab needs both phone and mail verification flags (SPEC §2). The
   * whitelabel tree does not carry them yet, so SMS log-in stands in for both.
   */
  phonePasswordReset: boolean;
}

export interface AuthSettings {
  flags: AuthFlags;
  /** Only the rules of enabled fields. */
  rules: RegistrationRules;
  usernameRule: FieldRule;
  passwordRule: FieldRule;
  mobileRule: FieldRule;
  /** Whether the mobile rule came from the server (then its length gives the message). */
  mobileRuleFromServer: boolean;
  countryDialingCode: string | undefined;
}

export function authSettings(status: SystemStatusValue): AuthSettings {
  const flags = flattenWhitelabel(status.info.whitelabel);
  const on = (id: string) => flags[id] === true;
  const rules = Object.fromEntries(
    Object.entries(status.info.register).filter(([, value]) => value.enabled),
  );
  const serverMobile = rules.mobileNum;
  return {
    flags: {
      usernameRegister: on('USERNAMEREG3'),
      mobileRegister: on('MOBILENUMREG3'),
      mobilePasswordRegister: on('MOBILENUMPASSREG3'),
      registerSmsVerification: on('REGMOBVERF3'),
      freePlay: on('FREEPLAY3'),
      smsLogin: on('MOBILEVERCODELOGIN3'),
      forcePasswordChange: on('PWDEXPFORCECHANGE3'),
      phonePasswordReset: on('MOBILEVERCODELOGIN3'),
    },
    rules,
    // SPEC §5: username and password are always required, whatever the merchant says.
    usernameRule: { ...(rules.username ?? fallbackRules.username), enabled: true, required: true },
    passwordRule: { ...(rules.password ?? fallbackRules.password), enabled: true, required: true },
    mobileRule: { ...(serverMobile ?? fallbackRules.mobileNum), enabled: true, required: true },
    mobileRuleFromServer: serverMobile !== undefined,
    countryDialingCode: dialingCodes[status.merchant.country],
  };
}

export function useAuthSettings(status: SystemStatusValue): AuthSettings {
  return useMemo(() => authSettings(status), [status]);
}
