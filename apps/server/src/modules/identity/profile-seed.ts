import type { ProfileField } from '@taya/contracts';
import type { Seed } from '../../platform/seed';
import { addMissingFieldRules } from '../system';

type Rule = [enabled: boolean, required: boolean, min: number, max: number, patternId: number];

/**
 * The rules of the security centre's profile fields that registration does not already rule.
 * The fields registration shares (qqNum, line, whatsapp, facebook, wechat, idNumber) keep the rows
 * the registration popup uses.
 */
const profileRules: Partial<Record<ProfileField, Rule>> = {
  nickname: [true, false, 2, 20, 0],
  fullname: [true, false, 3, 60, 21],
  birthday: [true, false, 10, 10, 11],
  addressPermanent: [true, false, 5, 120, 0],
  addressCurrent: [true, false, 5, 120, 0],
  nationality: [true, false, 2, 40, 12],
  occupation: [true, false, 2, 60, 0],
  incomeSource: [true, false, 2, 60, 0],
  placeOfBirth: [true, false, 2, 60, 0],
  zalo: [true, false, 6, 20, 9],
  telegram: [true, false, 5, 32, 9],
};

/** Every merchant gets the profile field rules it lacks; rows already there stay as they are. */
export const identityProfileRulesSeed: Seed = {
  name: 'identity/profile-field-rules@1',
  async run(tx) {
    // The rules are the system module's rows: it writes them.
    await addMissingFieldRules(
      tx,
      Object.entries(profileRules).map(
        ([field, [enabled, required, minLength, maxLength, patternId]]) => ({
          field,
          enabled,
          required,
          minLength,
          maxLength,
          patternId,
        }),
      ),
    );
  },
};
