import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { errorText } from '../../../lib/error-text';
import { useProcessContract } from '../api/process-contract';
import { lowerRateConflicts } from '../lib/parsers';
import { formatRate } from '../lib/rates';
import type { Contract } from '../lib/types';
import { ConfirmDialog } from './confirm-dialog';
import {
  ContractStatusChip,
  TerminateContractDialog,
  TierTable,
  useContractName,
} from './contract-parts';

/** A downline contract that agreeing to a lower offer would end, as the warning lists it. */
interface Conflict {
  contractId: string;
  name: string;
  maxRate: string;
}

type Dialog =
  | { type: 'accept'; contract: Contract; conflicts: Conflict[] }
  | { type: 'reject'; contract: Contract }
  | { type: 'terminate'; contract: Contract };

/**
 * "Contracts offered to me": what my upline (or the platform) pays me. A pending offer is
 * accepted or rejected; an active contract can be terminated. SPEC §4: agreeing to an offer lower
 * than contracts I granted below ends those, so that needs a warning naming them, and only then
 * is the acceptance confirmed.
 */
export function ContractsToMe({
  mine,
  granted,
  timeZone,
}: {
  mine: readonly Contract[];
  granted: readonly Contract[];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const process = useProcessContract();
  const contractName = useContractName();
  const formatTime = useDateTimeFormat(timeZone);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const downlineName = (id: string | null, fallback: string | null) =>
    granted.find((contract) => contract.downline.id === id)?.downline.username ??
    fallback ??
    id ??
    '—';

  const open = (next: Dialog) => {
    setDialogError(null);
    setDialog(next);
  };

  const finish = (text: string) => {
    setDialog(null);
    setMessage({ tone: 'success', text });
  };

  const accept = (contract: Contract, confirm: boolean) => {
    setMessage(null);
    process.mutate(
      {
        kind: contract.kind,
        body: { action: 'A', contractId: contract.id, ...(confirm ? { confirm: true } : {}) },
      },
      {
        onSuccess: () => finish(t('agent.mine.accepted', { kind: contractName(contract) })),
        onError: (error) => {
          const conflicts = lowerRateConflicts(error);
          // The offer became lower than a contract granted since the list loaded: warn now.
          if (conflicts !== null && !confirm) {
            open({
              type: 'accept',
              contract,
              conflicts: conflicts.map((item) => ({
                contractId: item.contractId,
                name: downlineName(item.downlineId, item.username),
                maxRate: item.maxRate,
              })),
            });
          } else if (confirm) setDialogError(errorText(t, error));
          else setMessage({ tone: 'error', text: errorText(t, error) });
        },
      },
    );
  };

  const answer = (contract: Contract, action: 'R' | 'C') => {
    process.mutate(
      { kind: contract.kind, body: { action, contractId: contract.id } },
      {
        onSuccess: () =>
          finish(
            action === 'R'
              ? t('agent.mine.rejected', { kind: contractName(contract) })
              : t('agent.contract.terminated', { kind: contractName(contract) }),
          ),
        onError: (error) => setDialogError(errorText(t, error)),
      },
    );
  };

  const onAccept = (contract: Contract) => {
    if (contract.downlineHigherRate.length > 0) {
      open({
        type: 'accept',
        contract,
        conflicts: contract.downlineHigherRate.map((item) => ({
          contractId: item.contractId,
          name: item.downline.username,
          maxRate: item.maxRate,
        })),
      });
    } else accept(contract, false);
  };

  return (
    <Section block="agent-section" title={t('agent.mine.title')} testId="contracts-mine">
      <p className="agent-note">{t('agent.mine.note')}</p>
      {message ? <FormAlert tone={message.tone} message={message.text} /> : null}
      {mine.length === 0 ? (
        <p className="muted" data-testid="contracts-mine-empty">
          {t('agent.mine.none')}
        </p>
      ) : (
        <ul className="record-list">
          {mine.map((contract) => (
            <li
              key={contract.id}
              className="record agent-contract"
              data-testid="contract-mine-row"
              data-kind={contract.kind}
              data-status={contract.status}
            >
              <div className="record-main">
                <span className="record-type">{contractName(contract)}</span>
                <ContractStatusChip status={contract.status} />
              </div>
              <div className="record-meta">
                <span>
                  {t('agent.mine.from', {
                    name: contract.upline?.username ?? t('agent.mine.platform'),
                  })}
                </span>
                <span>{t('agent.contract.max_rate', { rate: formatRate(contract.maxRate) })}</span>
              </div>
              <div className="record-meta">
                <time dateTime={contract.activeFrom ?? contract.requestedAt}>
                  {contract.status === 'active' && contract.activeFrom
                    ? t('agent.contract.active_since', { time: formatTime(contract.activeFrom) })
                    : t('agent.contract.offered_at', { time: formatTime(contract.requestedAt) })}
                </time>
              </div>
              <TierTable contract={contract} />
              {contract.status === 'pending' && contract.downlineHigherRate.length > 0 ? (
                <p className="cashier-warning" data-testid="contract-mine-conflict">
                  {t('agent.mine.lower_hint', { n: contract.downlineHigherRate.length })}
                </p>
              ) : null}
              <div className="agent-actions">
                {contract.status === 'pending' ? (
                  <>
                    <button
                      type="button"
                      className="button button-primary"
                      data-testid="contract-accept"
                      disabled={process.isPending}
                      onClick={() => onAccept(contract)}
                    >
                      {t('agent.mine.accept')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      data-testid="contract-reject"
                      onClick={() => open({ type: 'reject', contract })}
                    >
                      {t('agent.mine.reject')}
                    </button>
                  </>
                ) : null}
                {contract.status === 'active' ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    data-testid="contract-terminate"
                    onClick={() => open({ type: 'terminate', contract })}
                  >
                    {t('agent.contract.terminate')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}

      {dialog?.type === 'accept' ? (
        <ConfirmDialog
          title={t('agent.mine.lower_title')}
          confirmLabel={t('agent.mine.lower_confirm')}
          busy={process.isPending}
          error={dialogError}
          onConfirm={() => accept(dialog.contract, true)}
          onClose={() => setDialog(null)}
          testId="contract-lower-rate"
        >
          <p>
            {t('agent.mine.lower_body', {
              kind: contractName(dialog.contract),
              rate: formatRate(dialog.contract.maxRate),
            })}
          </p>
          <ul className="agent-conflicts">
            {dialog.conflicts.map((item) => (
              <li key={item.contractId} data-testid="contract-lower-rate-item">
                <span>{item.name}</span>
                <span>{formatRate(item.maxRate)}</span>
              </li>
            ))}
          </ul>
          <p className="cashier-warning">{t('agent.mine.lower_warning')}</p>
        </ConfirmDialog>
      ) : null}

      {dialog?.type === 'reject' ? (
        <ConfirmDialog
          title={t('agent.mine.reject_title')}
          confirmLabel={t('agent.mine.reject')}
          busy={process.isPending}
          error={dialogError}
          onConfirm={() => answer(dialog.contract, 'R')}
          onClose={() => setDialog(null)}
          testId="contract-reject-dialog"
        >
          <p>
            {t('agent.mine.reject_body', {
              kind: contractName(dialog.contract),
              name: dialog.contract.upline?.username ?? t('agent.mine.platform'),
            })}
          </p>
        </ConfirmDialog>
      ) : null}

      {dialog?.type === 'terminate' ? (
        <TerminateContractDialog
          contract={dialog.contract}
          name={dialog.contract.upline?.username ?? t('agent.mine.platform')}
          busy={process.isPending}
          error={dialogError}
          onConfirm={() => answer(dialog.contract, 'C')}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Section>
  );
}
