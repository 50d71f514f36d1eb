import {
  acceptedPatternFor,
  type FieldRule,
  type RegistrationRules,
  type SystemStatusValue,
} from '@taya/contracts';
import { systemStatusFixture } from './system-status-fixture';

/** A registration rule as the server sends it, with the catalogue's pattern for `patternId`. */
export function fieldRule(
  minLength: number,
  maxLength: number,
  patternId: number,
  extra: Partial<FieldRule> = {},
): FieldRule {
  return {
    enabled: true,
    required: true,
    minLength,
    maxLength,
    patternId,
    acceptedPattern: acceptedPatternFor(patternId),
    ...extra,
  };
}

/** Username 6–16 letter-first, password 8–20 letters and digits (the server's launch rules). */
export const accountRules: RegistrationRules = {
  username: fieldRule(6, 16, 1),
  password: fieldRule(8, 20, 5),
};

/**
 * The status answer with exactly these whitelabel flags on (the rest off) and these registration
 * rules.
 */
export function statusWithFlags(
  flags: readonly string[],
  register: RegistrationRules = accountRules,
): SystemStatusValue {
  const base = systemStatusFixture();
  const all = [
    'USERNAMEREG3',
    'MOBILENUMREG3',
    'MOBILENUMPASSREG3',
    'REGMOBVERF3',
    'FREEPLAY3',
    'MOBILEVERCODELOGIN3',
    'PWDEXPFORCECHANGE3',
  ];
  return systemStatusFixture({
    info: {
      ...base.info,
      whitelabel: [
        {
          modId: 'MEMBER',
          enabled: '1',
          childrenNodes: all.map((modId) => ({
            modId,
            enabled: flags.includes(modId) ? '1' : '0',
            childrenNodes: [],
          })),
        },
        // The agent screens stay as the base status has them.
        ...base.info.whitelabel.filter((node) => node.modId === 'AGENT'),
      ],
      register,
    },
  });
}
