import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginEntry } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useLogins } from '../api/get-logins';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-sessions';
import { errorText } from '../../../lib/error-text';

const statusClass: Record<LoginEntry['status'], string> = {
  active: 'status-chip is-good',
  ended: 'status-chip is-neutral',
  revoked: 'status-chip is-bad',
};

/** Recent log-ins: where and when; any other active one can be logged out from here. */
export function LoginsSection() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const logins = useLogins();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const busy = revoke.isPending || revokeOthers.isPending;
  const others = logins.data?.filter((entry) => entry.status === 'active' && !entry.current) ?? [];

  const logOut = (id: string) => {
    setMessage(null);
    revoke.mutate(id, {
      onSuccess: () => setMessage({ tone: 'success', text: t('security.logged_out') }),
      onError: (failure) => setMessage({ tone: 'error', text: errorText(t, failure) }),
    });
  };

  const logOutOthers = () => {
    setMessage(null);
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        setMessage({ tone: 'success', text: t('security.logged_out_others', { n: revoked }) }),
      onError: (failure) => setMessage({ tone: 'error', text: errorText(t, failure) }),
    });
  };

  return (
    <Section
      block="cashier-section"
      title={t('security.logins_title')}
      testId="security-logins"
      action={
        others.length > 0 ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={logOutOthers}
          >
            {t('security.log_out_others')}
          </button>
        ) : undefined
      }
    >
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
      {logins.isPending ? (
        <PageLoader />
      ) : logins.isError ? (
        <LoadError
          error={logins.error}
          onRetry={() => void logins.refetch()}
          retryLabel={t('security.retry')}
        />
      ) : logins.data.length === 0 ? (
        <p className="muted">{t('security.empty')}</p>
      ) : (
        <ul className="security-list">
          {logins.data.map((entry) => (
            <li key={entry.id} className="security-list-item" data-testid="login-row">
              <div className="security-list-head">
                <span className="security-list-title">
                  {entry.device ?? t('security.unknown_device')}
                </span>
                {entry.current ? (
                  <span className="status-chip is-pending">{t('security.this_device')}</span>
                ) : null}
                <span className={statusClass[entry.status]}>
                  {t(`security.login_status.${entry.status}`)}
                </span>
              </div>
              <p className="security-list-meta muted">
                <time dateTime={entry.createdAt}>{format(entry.createdAt)}</time>
                {entry.ip ? (
                  <span>
                    {t('security.ip')}: <bdi>{entry.ip}</bdi>
                  </span>
                ) : null}
                <span>{t('security.last_seen', { time: format(entry.lastSeenAt) })}</span>
              </p>
              {entry.status === 'active' && !entry.current ? (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() => logOut(entry.id)}
                >
                  {t('security.log_out')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
