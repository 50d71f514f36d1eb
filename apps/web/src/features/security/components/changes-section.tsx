import { useTranslation } from 'react-i18next';
import { avatarIds, profileFields, type AccountChange, type ProfileField } from '@taya/contracts';
import { AvatarTile } from '../../../components/avatar-tile';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useAccountChanges } from '../api/get-account-changes';

/** Kinds whose changes carry values worth showing; for the rest (secrets) only "changed". */
const withValues: ReadonlySet<AccountChange['kind']> = new Set([
  'profile',
  'icon',
  'email',
  'mobile',
]);
/** Kinds whose title says everything: a secret or the authenticator changed, nothing to show. */
const titleSaysAll = new Set<AccountChange['kind']>([
  'login_password',
  'payment_password',
  'authenticator_bound',
  'authenticator_unbound',
  'recovery_codes',
  'recovery_code_used',
]);

function isProfileField(field: string): field is ProfileField {
  return (profileFields as readonly string[]).includes(field);
}

/** Change record: every change to the account, newest first, with where it came from. */
export function ChangesSection() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const changes = useAccountChanges();

  const fieldName = (field: string): string => {
    if (isProfileField(field)) return t(`security.fields.${field}`);
    if (field === 'icon') return t('security.avatar');
    if (field === 'email') return t('fields.email');
    if (field === 'mobile' || field === 'mobileNum') return t('fields.mobileNum');
    if (field === 'password' || field === 'loginPassword') return t('security.login_password');
    if (field === 'paymentPassword') return t('fields.paymentPassword');
    return field;
  };

  /** A value as it was or became: an avatar as its tile, anything else as text. */
  const shown = (kind: AccountChange['kind'], value: string | null) => {
    const avatar = kind === 'icon' && value !== null ? avatarIds.indexOf(value) : -1;
    if (avatar < 0) return <bdi>{value || '—'}</bdi>;
    return (
      <span
        className="security-change-avatar"
        role="img"
        aria-label={t('security.avatar_option', { n: avatar + 1 })}
      >
        <AvatarTile id={value!} size={20} />
      </span>
    );
  };

  const entries = changes.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Section block="cashier-section" title={t('security.changes_title')} testId="security-changes">
      {changes.isPending ? (
        <PageLoader />
      ) : changes.isError && entries.length === 0 ? (
        <LoadError
          error={changes.error}
          onRetry={() => void changes.refetch()}
          retryLabel={t('security.retry')}
        />
      ) : entries.length === 0 ? (
        <p className="muted">{t('security.empty')}</p>
      ) : (
        <>
          <ul className="security-list">
            {entries.map((entry) => (
              <li key={entry.id} className="security-list-item" data-testid="change-row">
                <div className="security-list-head">
                  <span className="security-list-title">{t(`security.kinds.${entry.kind}`)}</span>
                </div>
                <p className="security-list-meta muted">
                  <time dateTime={entry.createdAt}>{format(entry.createdAt)}</time>
                  {entry.ip ? (
                    <span>
                      {t('security.ip')}: <bdi>{entry.ip}</bdi>
                    </span>
                  ) : null}
                </p>
                {entry.changes.length > 0 && !titleSaysAll.has(entry.kind) ? (
                  <ul className="security-change-fields">
                    {entry.changes.map((change, index) => (
                      <li key={`${change.field}-${index}`}>
                        <span className="security-change-field">
                          {change.field === 'session' ? t('security.ip') : fieldName(change.field)}
                        </span>{' '}
                        {change.field === 'session' ? (
                          <bdi>{change.from ?? '—'}</bdi>
                        ) : !withValues.has(entry.kind) ||
                          (change.from === null && change.to === null) ? (
                          t('security.changed')
                        ) : (
                          <>
                            {shown(entry.kind, change.from)}
                            <span aria-hidden="true" className="security-arrow">
                              {' → '}
                            </span>
                            {shown(entry.kind, change.to)}
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {changes.hasNextPage ? (
            <button
              type="button"
              className="button button-secondary button-block"
              disabled={changes.isFetchingNextPage}
              onClick={() => void changes.fetchNextPage()}
            >
              {t('security.more')}
            </button>
          ) : null}
        </>
      )}
    </Section>
  );
}
