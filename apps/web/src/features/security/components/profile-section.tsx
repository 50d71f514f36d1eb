import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  avatarIds,
  checkField,
  registrationPatterns,
  type Profile,
  type ProfileField,
  type ProfileUpdate,
} from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { TextField } from '../../../components/text-field';
import { useMemberInfo } from '../../../lib/member-info';
import { problemText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useProfile } from '../api/get-profile';
import { useSetAvatar } from '../api/set-avatar';
import { useUpdateProfile } from '../api/update-profile';
import { errorText } from '../../../lib/error-text';
import { AvatarTile } from '../../../components/avatar-tile';

/** Profile: the avatar, then the details the merchant enables, each checked by its own rule. */
export function ProfileSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Section block="cashier-section" title={t('security.profile_title')} testId="security-profile">
      <AvatarPicker />
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <LoadError
          error={profile.error}
          onRetry={() => void profile.refetch()}
          retryLabel={t('security.retry')}
        />
      ) : profile.data.fields.length === 0 ? (
        <p className="muted">{t('security.no_fields')}</p>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </Section>
  );
}

function AvatarPicker() {
  const { t } = useTranslation();
  const info = useMemberInfo();
  const setAvatar = useSetAvatar();
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const current = chosen ?? info.data?.icon ?? null;

  const choose = (id: string) => {
    if (setAvatar.isPending || id === current) return;
    setMessage(null);
    const previous = chosen;
    setChosen(id);
    setAvatar.mutate(id, {
      onSuccess: () => setMessage({ tone: 'success', text: t('security.saved') }),
      onError: (failure) => {
        setChosen(previous);
        setMessage({ tone: 'error', text: errorText(t, failure) });
      },
    });
  };

  return (
    <fieldset className="avatar-picker" data-testid="avatar-picker">
      <legend className="field-label">{t('security.avatar')}</legend>
      <div className="avatar-grid">
        {avatarIds.map((id, index) => (
          <button
            key={id}
            type="button"
            className="avatar-option"
            aria-pressed={current === id}
            aria-label={t('security.avatar_option', { n: index + 1 })}
            disabled={setAvatar.isPending}
            onClick={() => choose(id)}
          >
            <AvatarTile id={id} size={44} />
          </button>
        ))}
      </div>
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
    </fieldset>
  );
}

/** A date picker writes yyyy-MM-dd; a merchant asking for MM-dd-yyyy gets a text input. */
const monthFirstDate = registrationPatterns.find((pattern) => pattern.kind === 'date_mdy')?.id;

const inputProps: Partial<Record<ProfileField, Record<string, string | boolean>>> = {
  fullname: { autoComplete: 'name' },
  nickname: { autoComplete: 'nickname' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { inputMode: 'tel' },
};

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const entries = profile.fields;
  const names = entries.map((entry) => entry.field);
  const stored = (field: ProfileField) =>
    entries.find((entry) => entry.field === field)?.value ?? '';
  const form = useForm<ProfileField>(
    Object.fromEntries(entries.map((entry) => [entry.field, entry.value ?? ''])) as Record<
      ProfileField,
      string
    >,
  );
  const [formMessage, setFormMessage] = useState<{
    tone: 'error' | 'success';
    text: string;
  } | null>(null);

  const value = (field: ProfileField) => (form.values[field] ?? '').trim();
  // Only what the member changed is checked and sent: a value stored under an older rule stays.
  const changed = entries.filter(
    (entry) => entry.lockedReason === null && value(entry.field) !== (entry.value ?? ''),
  );
  const errors: Partial<Record<ProfileField, string | null>> = Object.fromEntries(
    changed.map((entry) => {
      const problem = checkField(entry.rule, value(entry.field));
      return [entry.field, problem ? problemText(t, entry.rule, problem) : null];
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormMessage(null);
    if (Object.values(errors).some(Boolean) || update.isPending) return;
    if (changed.length === 0) {
      setFormMessage({ tone: 'success', text: t('security.saved') });
      return;
    }
    const body: ProfileUpdate = Object.fromEntries(
      changed.map((entry) => [entry.field, value(entry.field)]),
    );
    update.mutate(body, {
      onSuccess: () => setFormMessage({ tone: 'success', text: t('security.saved') }),
      onError: (failure) => {
        const problems = serverProblems(t, failure, {
          fields: names,
          fieldMessage: (field, code) => {
            const rule = entries.find((entry) => entry.field === field)?.rule;
            return rule && (code === 'required' || code === 'length' || code === 'pattern')
              ? problemText(t, rule, code)
              : null;
          },
          codeFields:
            changed.length === 1 ? { profile_field_locked: changed[0]!.field } : undefined,
        });
        form.setServerErrors(problems.fields);
        setFormMessage(problems.form ? { tone: 'error', text: problems.form } : null);
      },
    });
  };

  return (
    <form className="auth-form security-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formMessage?.text ?? null} tone={formMessage?.tone} />
      {entries.map((entry) => {
        const locked = entry.lockedReason !== null;
        return (
          <TextField
            key={entry.field}
            {...form.bind(entry.field)}
            {...inputProps[entry.field]}
            {...(entry.field === 'birthday' && entry.rule.patternId !== monthFirstDate
              ? { type: 'date' }
              : {})}
            label={t(`security.fields.${entry.field}`)}
            required={entry.rule.required}
            readOnly={locked}
            value={locked ? stored(entry.field) : form.values[entry.field]}
            maxLength={entry.rule.maxLength > 0 ? entry.rule.maxLength : 200}
            hint={locked ? t('security.locked_note') : null}
            error={form.shownError(entry.field, errors[entry.field])}
            className={locked ? 'is-locked' : undefined}
          />
        );
      })}
      <button type="submit" className="button button-primary" disabled={update.isPending}>
        {t('security.save')}
      </button>
    </form>
  );
}
