import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { PageLoader } from '../../../components/page-loader';
import { useAgentTransferInfo } from '../api/get-agent-transfer-info';
import { useTransferToDownline } from '../api/transfer-to-downline';
import { AgentTransferForm, useAgentTransferForm } from './agent-transfer-form';
import { LoadError } from './load-error';
import { useMoney } from '../../../hooks/use-money';

/**
 * An agent sends money from their balance to a direct subordinate (SPEC §6), from the downline
 * list: the same form as the transfer to the upline, in a dialog.
 */
export function TransferDownlineDialog({
  username,
  onClose,
}: {
  username: string;
  onClose: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const info = useAgentTransferInfo();
  // Held here, not in the form, so a reload of the balance keeps what was typed and the request id.
  const transfer = useTransferToDownline();
  const form = useAgentTransferForm({
    balance: info.data?.balance ?? null,
    counterparty: username,
    transfer,
    toBody: (body) => ({ ...body, username }),
    sentMessage: 'cashier.downline_sent',
  });

  let content;
  if (info.isPending) content = <PageLoader />;
  else if (info.isError) {
    content = <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  } else {
    content = (
      <AgentTransferForm
        form={form}
        submitLabel={t('cashier.downline_submit')}
        onClose={onClose}
        testId="downline-transfer-form"
      >
        <dl className="info-grid">
          <div>
            <dt>{t('cashier.downline')}</dt>
            <dd>{username}</dd>
          </div>
          <div>
            <dt>{t('cashier.available_balance')}</dt>
            <dd>{fmt.money(info.data.balance)}</dd>
          </div>
        </dl>
      </AgentTransferForm>
    );
  }

  return (
    <Modal title={t('cashier.downline_title', { name: username })} onClose={onClose}>
      {content}
    </Modal>
  );
}
