import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trialAccountType, type RedEnvelopeList } from '@taya/contracts';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths } from '../../../lib/paths';
import { useCustomerType, useSessionToken } from '../../../lib/session';
import { useMoney } from '../../../hooks/use-money';
import { useEnvelopes } from '../api/get-envelopes';
import { useMyGrabs } from '../api/get-my-grabs';
import { EnvelopeIcon } from '../components/envelope-icon';

type Running = RedEnvelopeList['list'][number];

/**
 * The red-envelope screen (SPEC §2 "red envelope"): the running red envelopes with their daily
 * windows in the merchant's time, whether one is open now, and the member's own envelopes.
 */
export function RedEnvelopeRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const envelopes = useEnvelopes();
  useDocumentTitle(t('red_envelope.page.title'));

  let body;
  if (envelopes.isPending) body = <PageLoader />;
  else if (envelopes.isError) {
    body = (
      <LoadError
        error={envelopes.error}
        onRetry={() => void envelopes.refetch()}
        retryLabel={t('red_envelope.page.retry')}
      />
    );
  } else if (envelopes.data.list.length === 0) {
    body = <p className="muted">{t('red_envelope.page.none')}</p>;
  } else {
    body = (
      <ul className="envelope-list" data-testid="envelope-list">
        {envelopes.data.list.map((item) => (
          <EnvelopeCard key={item.promotionId} item={item} timeZone={envelopes.data.timeZone} />
        ))}
      </ul>
    );
  }

  return (
    <section className="envelope-page" aria-labelledby={titleId} data-testid="red-envelope-page">
      <h1 id={titleId} className="member-title">
        {t('red_envelope.page.title')}
      </h1>
      {body}
      <MyEnvelopes />
    </section>
  );
}

function EnvelopeCard({ item, timeZone }: { item: Running; timeZone: string }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat(timeZone);
  const fmt = useMoney();
  const money = (amount: string) => fmt.money(amount, item.currency);
  let status;
  if (!item.poolLeft) status = t('red_envelope.page.all_taken');
  else if (item.open) {
    status = t('red_envelope.page.open_now', { time: format(item.open.closesAt) });
  } else if (item.next) status = t('red_envelope.page.next', { time: format(item.next.opensAt) });
  else status = t('red_envelope.page.no_more');
  return (
    <li className="panel envelope-card" data-testid="envelope-card">
      <div className="envelope-card-head">
        <EnvelopeIcon />
        <div>
          <h2>{item.title}</h2>
          <p className={item.open && item.poolLeft ? 'envelope-status is-open' : 'envelope-status'}>
            {status}
          </p>
        </div>
      </div>
      <p>{item.content}</p>
      <dl className="envelope-facts">
        <div>
          <dt>{t('red_envelope.page.windows')}</dt>
          <dd>
            <ul className="envelope-windows">
              {item.windows.map((w) => (
                <li key={w.start}>{`${w.start} – ${w.end}`}</li>
              ))}
            </ul>
            <span className="muted">{t('red_envelope.page.local_time', { zone: timeZone })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('red_envelope.page.amounts')}</dt>
          <dd>{`${money(item.minAmount)} – ${money(item.maxAmount)}`}</dd>
        </div>
      </dl>
    </li>
  );
}

function MyEnvelopes() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const grabs = useMyGrabs();
  const format = useDateTimeFormat();
  const { money } = useMoney();

  let body;
  if (token === null) {
    body = (
      <p>
        <Link className="button button-primary" to={paths.login.href()}>
          {t('red_envelope.page.log_in')}
        </Link>
      </p>
    );
  } else if (customerType === trialAccountType) {
    body = <p className="muted">{t('red_envelope.page.trial')}</p>;
  } else if (grabs.isPending) body = <PageLoader />;
  else if (grabs.isError) {
    body = (
      <LoadError
        error={grabs.error}
        onRetry={() => void grabs.refetch()}
        retryLabel={t('red_envelope.page.retry')}
      />
    );
  } else if (grabs.data.list.length === 0) {
    body = <p className="muted">{t('red_envelope.page.no_grabs')}</p>;
  } else {
    body = (
      <table className="envelope-grabs" data-testid="envelope-grabs">
        <thead>
          <tr>
            <th scope="col">{t('red_envelope.page.opened_at')}</th>
            <th scope="col">{t('red_envelope.page.promotion')}</th>
            <th scope="col">{t('red_envelope.page.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {grabs.data.list.map((g) => (
            <tr key={g.claimId}>
              <td>{format(g.createdAt)}</td>
              <td>{g.title}</td>
              <td className="envelope-grab-amount">{money(g.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <Section block="cashier-section" title={t('red_envelope.page.mine')} testId="my-envelopes">
      {body}
    </Section>
  );
}
