import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { TextField } from '../../../components/text-field';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useConfirmWithdrawal, type ConfirmWithdrawalBody } from '../api/confirm-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { useImageAttachments } from '../../../lib/upload-images';
import { errorText, fieldIssue } from '../lib/errors';
import { toMinor, wireAmount } from '../lib/money';
import type { Withdrawal } from '../lib/types';
import { ImagePicker } from '../../../components/image-picker';
import { ConfirmationChip, ResolutionChip, WithdrawalStatusChip } from './status-chip';
import { useMoney } from '../../../hooks/use-money';

export function WithdrawalList() {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();

  let body;
  if (withdrawals.isPending) body = <PageLoader />;
  else if (withdrawals.isError) body = <FormAlert message={errorText(t, withdrawals.error)} />;
  else if (withdrawals.data.length === 0) {
    body = <p className="muted">{t('cashier.no_withdrawals')}</p>;
  } else {
    body = (
      <ul className="record-list" data-testid="withdrawal-list">
        {withdrawals.data.slice(0, 20).map((item) => (
          <WithdrawalRow key={item.id} withdrawal={item} />
        ))}
      </ul>
    );
  }
  return (
    <Section block="cashier-section" title={t('cashier.my_withdrawals')}>
      {body}
    </Section>
  );
}

function isDisputed(withdrawal: Withdrawal): boolean {
  return withdrawal.confirmation === 'partial' || withdrawal.confirmation === 'not_received';
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const disputed = isDisputed(withdrawal);
  const outstanding = (toMinor(withdrawal.outstanding) ?? 0n) > 0n;
  return (
    <li className="record" data-testid={`withdrawal-${withdrawal.id}`}>
      <div className="record-main">
        <span className="record-amount">{fmt.money(withdrawal.amount)}</span>
        <span className="record-chips">
          <WithdrawalStatusChip status={withdrawal.status} />
          {withdrawal.confirmation && withdrawal.confirmation !== 'awaiting' ? (
            <ConfirmationChip state={withdrawal.confirmation} />
          ) : null}
          {disputed ? <ResolutionChip resolution={withdrawal.resolution} /> : null}
        </span>
      </div>
      <div className="record-meta">
        <time dateTime={withdrawal.createdAt}>{formatTime(withdrawal.createdAt)}</time>
        {withdrawal.confirmation === 'partial' && withdrawal.receivedAmount ? (
          <span>
            {t('cashier.received_amount_shown', {
              amount: fmt.money(withdrawal.receivedAmount),
            })}
          </span>
        ) : null}
      </div>
      {disputed && withdrawal.resolution === null && outstanding ? (
        <p className="cashier-note" data-testid="withdrawal-outstanding">
          {t('cashier.outstanding_review', { amount: fmt.money(withdrawal.outstanding) })}
        </p>
      ) : null}
      {withdrawal.resolution ? (
        <p className="cashier-note">{t(`cashier.resolution_note.${withdrawal.resolution}`)}</p>
      ) : null}
      {withdrawal.proofIds.length > 0 ? (
        <div className="record-meta">
          {t('cashier.proof_count', { n: withdrawal.proofIds.length })}
        </div>
      ) : null}
      {withdrawal.confirmation === 'awaiting' ? <ConfirmReceipt withdrawal={withdrawal} /> : null}
    </li>
  );
}

type ReportMode = 'partial' | 'not_received';

/**
 * SPEC §4: the player says whether the money arrived, before the deadline. Not received needs
 * 1–3 proof images (a statement screenshot); partly received may carry them.
 */
function ConfirmReceipt({ withdrawal }: { withdrawal: Withdrawal }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const confirm = useConfirmWithdrawal();
  const attachments = useImageAttachments();
  const [mode, setMode] = useState<ReportMode | null>(null);
  const [received, setReceived] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [proofs, setProofs] = useState<File[]>([]);
  const [proofError, setProofError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const busy = confirm.isPending || attachments.isPending;

  const send = (body: ConfirmWithdrawalBody) => {
    if (confirm.isPending) return;
    setFormError(null);
    confirm.mutate(
      { id: withdrawal.id, body },
      {
        onError: (error) => {
          if (fieldIssue(error, 'receivedAmount')) {
            setAmountError(t('cashier.partial_amount_invalid'));
          } else if (fieldIssue(error, 'proofIds')) {
            setProofError(t('cashier.proof_required'));
          } else {
            setFormError(errorText(t, error));
          }
        },
      },
    );
  };

  /** Uploads the proof images first; null when that failed (the picker says why). */
  const proofIds = async (): Promise<string[] | null> => {
    try {
      return await attachments.idsFor(proofs);
    } catch (error) {
      setProofError(errorText(t, error));
      return null;
    }
  };

  const submitReport = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || mode === null) return;
    setFormError(null);
    if (mode === 'not_received') {
      if (proofs.length === 0) {
        setProofError(t('cashier.proof_required'));
        return;
      }
      setProofError(null);
      const ids = await proofIds();
      if (ids) send({ result: 'not_received', proofIds: ids });
      return;
    }
    const value = toMinor(received);
    const total = toMinor(withdrawal.amount);
    if (value === null || value === 0n || (total !== null && value >= total)) {
      setAmountError(t('cashier.partial_amount_invalid'));
      return;
    }
    setAmountError(null);
    setProofError(null);
    const ids = await proofIds();
    if (!ids) return;
    send({
      result: 'partial',
      receivedAmount: wireAmount(received),
      ...(ids.length > 0 ? { proofIds: ids } : {}),
    });
  };

  const toggle = (next: ReportMode) => {
    setMode((open) => (open === next ? null : next));
    setProofError(null);
    setFormError(null);
  };

  return (
    <div className="confirm-receipt" role="group" aria-label={t('cashier.confirm_receipt')}>
      <p className="cashier-note">
        {t('cashier.confirm_prompt')}
        {withdrawal.confirmDeadline ? (
          <>
            {' '}
            {t('cashier.confirm_deadline')}{' '}
            <time dateTime={withdrawal.confirmDeadline}>
              {formatTime(withdrawal.confirmDeadline)}
            </time>
          </>
        ) : null}
      </p>
      <div className="confirm-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => send({ result: 'received' })}
        >
          {t('cashier.received')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={mode === 'partial'}
          disabled={busy}
          onClick={() => toggle('partial')}
        >
          {t('cashier.partly_received')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={mode === 'not_received'}
          disabled={busy}
          onClick={() => toggle('not_received')}
        >
          {t('cashier.not_received')}
        </button>
      </div>
      {mode !== null ? (
        <form
          className="cashier-form"
          noValidate
          aria-label={t(mode === 'partial' ? 'cashier.partly_received' : 'cashier.not_received')}
          onSubmit={(event) => void submitReport(event)}
        >
          {mode === 'partial' ? (
            <TextField
              label={t('cashier.received_amount')}
              name="receivedAmount"
              inputMode="decimal"
              autoComplete="off"
              required
              value={received}
              onChange={(event) => setReceived(event.target.value)}
              error={amountError}
              hint={t('cashier.received_amount_hint', { amount: fmt.money(withdrawal.amount) })}
            />
          ) : (
            <p className="cashier-note">{t('cashier.not_received_prompt')}</p>
          )}
          <ImagePicker
            label={t('cashier.proof_images')}
            files={proofs}
            onChange={(files) => {
              setProofs(files);
              setProofError(null);
            }}
            required={mode === 'not_received'}
            error={proofError}
            disabled={busy}
          />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {t(mode === 'partial' ? 'cashier.confirm_partial' : 'cashier.report_not_received')}
          </button>
        </form>
      ) : null}
      <FormAlert message={formError} />
    </div>
  );
}
