import { useTranslation } from 'react-i18next';
import { contractStatusTone } from '../lib/contracts';
import { formatRate } from '../lib/rates';
import type { Contract } from '../lib/types';
import { ConfirmDialog } from './confirm-dialog';
import { useMoney } from '../../../hooks/use-money';

export function ContractStatusChip({ status }: { status: Contract['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip is-${contractStatusTone[status]}`} data-status={status}>
      {t(`agent.contract_status.${status}`)}
    </span>
  );
}

/** "Daily salary", or "Dividend (weekly)". */
export function useContractName(): (contract: Pick<Contract, 'kind' | 'period'>) => string {
  const { t } = useTranslation();
  return (contract) => {
    const kind = t(`agent.contract_kind.${contract.kind}`);
    return contract.period
      ? t('agent.contract.with_period', {
          kind,
          period: t(`agent.contract_period.${contract.period}`),
        })
      : kind;
  };
}

/** A contract's tiers: the rate each pays once the team reaches its minimums. */
export function TierTable({ contract }: { contract: Contract }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  return (
    <div className="table-scroll" tabIndex={0} aria-label={t('agent.contract.tiers')}>
      <table className="profit-table agent-tier-table">
        <caption className="visually-hidden">{t('agent.contract.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.contract.tier')}</th>
            <th scope="col">{t('agent.contract.rate')}</th>
            <th scope="col">{t('agent.contract.min_members')}</th>
            <th scope="col">{t('agent.contract.min_bet')}</th>
          </tr>
        </thead>
        <tbody>
          {contract.tiers.map((tier, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              <td>{formatRate(tier.rate)}</td>
              <td>{tier.minActiveMembers}</td>
              <td>{fmt.amount(tier.minPeriodBet)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Asks before ending a contract; `name` is the account on its other side. */
export function TerminateContractDialog({
  contract,
  name,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  contract: Contract;
  name: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const contractName = useContractName();
  return (
    <ConfirmDialog
      title={t('agent.contract.terminate_title')}
      confirmLabel={t('agent.contract.terminate')}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="contract-terminate-dialog"
    >
      <p>{t('agent.contract.terminate_body', { kind: contractName(contract), name })}</p>
    </ConfirmDialog>
  );
}
