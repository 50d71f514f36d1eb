import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useAgentTransferInfo } from '../api/get-agent-transfer-info';
import { useTransferToUpline } from '../api/transfer-to-upline';
import type { AgentTransferInfo } from '../lib/types';
import { AgentTransferForm, useAgentTransferForm } from './agent-transfer-form';
import { LoadError } from './load-error';
import { useMoney } from '../../../hooks/use-money';

/** transferUpline (agents only): the agent sends money from their balance to their upline. */
export function TransferUplinePanel() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const info = useAgentTransferInfo();

  let content;
  if (info.isPending) content = <PageLoader />;
  else if (info.isError) {
    content = <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  } else {
    const { upline } = info.data;
    content = (
      <>
        <dl className="info-grid">
          <div>
            <dt>{t('cashier.upline')}</dt>
            <dd>{upline ? upline.username : '—'}</dd>
          </div>
          <div>
            <dt>{t('cashier.available_balance')}</dt>
            <dd>{fmt.money(info.data.balance)}</dd>
          </div>
        </dl>
        {upline ? (
          <UplineForm info={info.data} username={upline.username} />
        ) : (
          <p className="muted" data-testid="no-upline">
            {t('cashier.no_upline')}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="cashier-stack">
      <Section block="cashier-section" title={t('cashier.upline_title')} testId="upline-transfer">
        {content}
      </Section>
    </div>
  );
}

function UplineForm({ info, username }: { info: AgentTransferInfo; username: string }) {
  const { t } = useTranslation();
  const transfer = useTransferToUpline();
  const form = useAgentTransferForm({
    balance: info.balance,
    counterparty: username,
    transfer,
    toBody: (body) => body,
    sentMessage: 'cashier.upline_sent',
  });
  return (
    <AgentTransferForm form={form} submitLabel={t('cashier.upline_submit')}>
      <p className="cashier-note">{t('cashier.upline_note', { name: username })}</p>
    </AgentTransferForm>
  );
}
