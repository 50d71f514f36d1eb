import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsLotteryIssueRow } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { formatCount } from '../../lib/format';
import { awaitsResult, cancellable, shownStatus, statusTone } from './issue-status';
import { gameOf } from './result-shape';
import { ResultView } from './result-view';

/**
 * One issue in a side panel: its times, bets and result; the result entered and awaiting a
 * second operator (who entered it, why), with Confirm for anyone else; Enter result once betting
 * has closed; Cancel issue (refunds every bet) until it is drawn.
 */
export function IssueDetail({
  issue,
  onClose,
  onEnter,
  onConfirm,
  onCancel,
}: {
  issue: OpsLotteryIssueRow | null;
  onClose: () => void;
  onEnter: () => void;
  onConfirm: (entryId: string, reason: string) => Promise<unknown>;
  onCancel: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const status = issue ? shownStatus(issue) : 'open';
  const pending = issue?.pendingEntry ?? null;
  const mine = pending !== null && pending.enteredBy === operator?.id;

  return (
    <Dialog
      open={issue !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('lottery.detailTitle', { game: issue?.gameCode ?? '', issue: issue?.issueId ?? '' })}
      side
    >
      {issue && (
        <div data-testid="issue-detail">
          <dl className="details">
            <dt>{t('lottery.status')}</dt>
            <dd>
              <span data-testid="issue-status">
                <Badge tone={statusTone[status]}>{t(`lottery.statuses.${status}`)}</Badge>
              </span>
            </dd>
            <dt>{t('lottery.game')}</dt>
            <dd>
              <code>{issue.gameCode}</code>{' '}
              <span className="muted">{gameOf(issue.gameCode)?.name}</span>
            </dd>
            <dt>{t('lottery.closes')}</dt>
            <dd>
              <DateTime iso={issue.closesAt} />
            </dd>
            <dt>{t('lottery.drawAt')}</dt>
            <dd>
              <DateTime iso={issue.drawAt} />
            </dd>
            <dt>{t('lottery.bets')}</dt>
            <dd>
              {t('lottery.betsSettled', {
                count: issue.betCount,
                bets: formatCount(issue.betCount),
                settled: formatCount(issue.settledCount),
              })}
            </dd>
            {issue.drawnAt && (
              <>
                <dt>{t('lottery.drawnAt')}</dt>
                <dd>
                  <DateTime iso={issue.drawnAt} />{' '}
                  {issue.resultSource && (
                    <span className="muted">{t(`lottery.sources.${issue.resultSource}`)}</span>
                  )}
                </dd>
              </>
            )}
            {issue.settledAt && (
              <>
                <dt>{t('lottery.settledAt')}</dt>
                <dd>
                  <DateTime iso={issue.settledAt} />
                </dd>
              </>
            )}
            {issue.cancelledBy && (
              <>
                <dt>{t('lottery.cancelledBy')}</dt>
                <dd>
                  <code>{issue.cancelledBy}</code>
                </dd>
              </>
            )}
          </dl>

          {issue.result && issue.result.kind !== 'cancelled' && (
            <>
              <h3>{t('lottery.result')}</h3>
              <ResultView gameCode={issue.gameCode} result={issue.result} testId="issue-result" />
            </>
          )}

          {pending && (
            <section className="card" data-testid="pending-entry" aria-labelledby="pending-title">
              <h3 id="pending-title">{t('lottery.pending.title')}</h3>
              <p>
                {t('lottery.pending.enteredBy', {
                  who: pending.enteredByUsername ?? pending.enteredBy,
                })}{' '}
                <DateTime iso={pending.createdAt} />
              </p>
              {pending.reason && (
                <p className="muted">{t('lottery.pending.reason', { reason: pending.reason })}</p>
              )}
              <ResultView
                gameCode={issue.gameCode}
                result={pending.result}
                testId="pending-result"
              />
              <Can action="lottery.results.write">
                {mine && (
                  <p className="notice" id="same-operator" data-testid="same-operator">
                    {t('lottery.pending.yours')}
                  </p>
                )}
                <div className="dialog-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={mine}
                    aria-describedby={mine ? 'same-operator' : undefined}
                    onClick={() => setConfirming(true)}
                  >
                    {t('lottery.pending.confirm')}
                  </button>
                </div>
              </Can>
            </section>
          )}

          <div className="dialog-actions">
            {awaitsResult(issue) && (
              <Can action="lottery.results.write">
                <button type="button" className="btn" onClick={onEnter}>
                  {pending ? t('lottery.enter.again') : t('lottery.enter.open')}
                </button>
              </Can>
            )}
            {cancellable(issue) && (
              <Can action="lottery.issues.cancel">
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setCancelling(true)}
                >
                  {t('lottery.cancel.open')}
                </button>
              </Can>
            )}
          </div>

          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('lottery.pending.confirmTitle')}
            description={t('lottery.pending.confirmText', {
              count: issue.betCount,
              issue: issue.issueId,
            })}
            confirmLabel={t('lottery.pending.confirm')}
            reason={{ minLength: 3 }}
            onConfirm={(reason) => onConfirm(pending!.id, reason)}
          />
          <ConfirmDialog
            open={cancelling}
            onOpenChange={setCancelling}
            title={t('lottery.cancel.title')}
            description={t('lottery.cancel.text', { count: issue.betCount, issue: issue.issueId })}
            confirmLabel={t('lottery.cancel.confirm')}
            tone="danger"
            reason={{ minLength: 3 }}
            onConfirm={onCancel}
          />
        </div>
      )}
    </Dialog>
  );
}
