import { useTranslation } from 'react-i18next';
import type { OpsWithdrawalRow } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { formatDecimal } from '../../lib/format';
import { flagTone, isDisputed } from './flags';
import { UploadThumb } from './upload-image';

export type WithdrawalAction = 'approve' | 'pay' | 'reject' | 'paid' | 'returned';

/** One withdrawal in full: member, payout account, risk flags explained, and its decisions. */
export function WithdrawalDetail({
  row,
  onClose,
  onAction,
}: {
  row: OpsWithdrawalRow | null;
  onClose: () => void;
  onAction: (row: OpsWithdrawalRow, action: WithdrawalAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={row ? t('cashier.withdrawalTitle', { member: row.username ?? row.accountId }) : ''}
      side
    >
      {row && (
        <div data-testid="withdrawal-detail">
          <dl className="details">
            <dt>{t('cashier.amount')}</dt>
            <dd>
              <strong>
                {formatDecimal(row.amount)} {row.currency}
              </strong>
            </dd>
            <dt>{t('cashier.member')}</dt>
            <dd>
              {row.username ?? '—'} <code>{row.accountId}</code>
            </dd>
            <dt>{t('cashier.merchant')}</dt>
            <dd>{row.merchantCode}</dd>
            <dt>{t('cashier.requested')}</dt>
            <dd>
              <DateTime iso={row.createdAt} />
            </dd>
            <dt>{t('cashier.status')}</dt>
            <dd>
              {t(`cashier.withdrawalStatus.${row.status}`)}
              {row.confirmation && ` · ${t(`cashier.confirmation.${row.confirmation}`)}`}
              {row.resolution && ` · ${t(`cashier.resolution.${row.resolution}`)}`}
            </dd>
            {row.receivedAmount && (
              <>
                <dt>{t('cashier.receivedAmount')}</dt>
                <dd>
                  {formatDecimal(row.receivedAmount)} {row.currency}
                </dd>
              </>
            )}
            <dt>{t('cashier.payoutAccount')}</dt>
            <dd data-testid="payout-account">
              {t(`cashier.payoutKind.${row.payoutAccount.kind}`)} · {row.payoutAccount.provider}
              <br />
              {row.payoutAccount.accountName} · <code>{row.payoutAccount.accountNumber}</code>
              <br />
              <span className="muted">
                {t('cashier.payoutAdded')} <DateTime iso={row.payoutAccount.createdAt} />
              </span>
            </dd>
            {row.paymentRef && (
              <>
                <dt>{t('cashier.paymentRef')}</dt>
                <dd>
                  <code>{row.paymentRef}</code>
                </dd>
              </>
            )}
            {row.decidedAt && (
              <>
                <dt>{t('cashier.decided')}</dt>
                <dd>
                  <DateTime iso={row.decidedAt} /> {row.decidedBy && `· ${row.decidedBy}`}
                </dd>
              </>
            )}
            {row.decisionNote && (
              <>
                <dt>{t('cashier.note')}</dt>
                <dd>{row.decisionNote}</dd>
              </>
            )}
          </dl>
          <h3>{t('cashier.flags')}</h3>
          {row.flags.length === 0 ? (
            <p className="muted">{t('cashier.noFlags')}</p>
          ) : (
            <ul className="link-list" data-testid="withdrawal-flags">
              {row.flags.map((flag) => (
                <li key={flag}>
                  <Badge tone={flagTone[flag]}>{t(`cashier.flag.${flag}`)}</Badge>{' '}
                  <span className="muted">{t(`cashier.flagHelp.${flag}`)}</span>
                </li>
              ))}
            </ul>
          )}
          {row.proofIds.length > 0 && (
            <>
              <h3>{t('cashier.proofs')}</h3>
              <span style={{ display: 'inline-flex', gap: 4 }}>
                {row.proofIds.map((id, i) => (
                  <UploadThumb key={id} id={id} label={t('cashier.proofOf', { n: i + 1 })} />
                ))}
              </span>
            </>
          )}
          <Can action="cashier.withdrawals.approve">
            {row.status === 'pending' && (
              <div className="dialog-actions">
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => onAction(row, 'reject')}
                >
                  {t('cashier.reject')}
                </button>
                <button type="button" className="btn" onClick={() => onAction(row, 'approve')}>
                  {t('cashier.approve')}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => onAction(row, 'pay')}
                >
                  {t('cashier.payWithRef')}
                </button>
              </div>
            )}
            {isDisputed(row) && (
              <div className="dialog-actions">
                <button type="button" className="btn" onClick={() => onAction(row, 'returned')}>
                  {t('cashier.resolveReturned')}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => onAction(row, 'paid')}
                >
                  {t('cashier.resolvePaid')}
                </button>
              </div>
            )}
          </Can>
        </div>
      )}
    </Dialog>
  );
}
