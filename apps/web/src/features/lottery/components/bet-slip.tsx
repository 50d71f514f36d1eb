import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryGame } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { lineCost, lineProblem, slipGrandTotal, slipTotal, type SlipLine } from '../lib/slip';
import { useBetLabels } from './use-bet-labels';
import { useLotteryMoney } from './use-lottery-money';

export interface ChaseSetup {
  on: boolean;
  issues: number;
  stopOnWin: boolean;
}

export const maxChaseIssues = 50;

/**
 * The bet slip: each bet with its cost, the total for the issue, an optional chase over the next
 * issues, and the button that places it all.
 */
export function BetSlip({
  game,
  lines,
  chase,
  allowance,
  bettingOpen,
  busy,
  message,
  onChase,
  onRemove,
  onClear,
  onPlace,
}: {
  game: LotteryGame;
  lines: SlipLine[];
  chase: ChaseSetup;
  /** What the player may still stake on the open issue. */
  allowance: bigint | null;
  bettingOpen: boolean;
  busy: boolean;
  message: { tone: 'error' | 'success'; text: string } | null;
  onChase: (chase: ChaseSetup) => void;
  onRemove: (key: string) => void;
  onClear: () => void;
  onPlace: () => void;
}) {
  const { t } = useTranslation();
  const money = useLotteryMoney();
  const { betName } = useBetLabels();
  const titleId = useId();
  const [issuesText, setIssuesText] = useState(String(chase.issues));
  const typedIssues = Number(issuesText);
  const issuesValid =
    Number.isInteger(typedIssues) && typedIssues >= 2 && typedIssues <= maxChaseIssues;
  const issues = chase.on ? chase.issues : 1;
  const total = slipTotal(lines);
  const grand = slipGrandTotal(lines, issues);
  const problems = lines.map((line) =>
    lineProblem(
      line,
      game.betTypes.find((bt) => bt.code === line.type),
    ),
  );
  const overIssue = allowance !== null && total > allowance;
  const canPlace =
    bettingOpen &&
    !busy &&
    lines.length > 0 &&
    problems.every((p) => p === null) &&
    !overIssue &&
    (!chase.on || issuesValid);

  return (
    <section className="panel lottery-slip" aria-labelledby={titleId} data-testid="bet-slip">
      <div className="lottery-slip-head">
        <h2 id={titleId}>{t('lottery.slip.title')}</h2>
        {lines.length > 0 ? (
          <button type="button" className="link-button" onClick={onClear}>
            {t('lottery.slip.clear')}
          </button>
        ) : null}
      </div>
      {lines.length === 0 ? (
        <p className="muted">{t('lottery.slip.empty')}</p>
      ) : (
        <ul className="lottery-slip-lines">
          {lines.map((line, index) => {
            const problem = problems[index];
            return (
              <li key={line.key} className="lottery-slip-line" data-testid="slip-line">
                <span className="lottery-slip-bet">
                  {betName(line.type, line.selection, line.positions)}
                </span>
                <span className="lottery-slip-math muted">
                  {t('lottery.slip.line_math', {
                    stake: money.minor(line.unitStake),
                    units: line.units,
                  })}
                </span>
                <span className="lottery-slip-cost" data-testid="slip-line-cost">
                  {money.minor(lineCost(line))}
                </span>
                <button
                  type="button"
                  className="icon-button lottery-slip-remove"
                  aria-label={t('lottery.slip.remove')}
                  title={t('lottery.slip.remove')}
                  onClick={() => onRemove(line.key)}
                >
                  ×
                </button>
                {problem ? (
                  <span className="field-error lottery-slip-problem">
                    {problem.code === 'above_units'
                      ? t('lottery.errors.above_units', { max: problem.max })
                      : t(`lottery.errors.${problem.code}`, {
                          amount: money.minor(
                            problem.code === 'below_min' ? problem.min : problem.max,
                          ),
                        })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <fieldset className="lottery-chase">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={chase.on}
            onChange={(event) => onChase({ ...chase, on: event.target.checked })}
          />
          {t('lottery.chase.enable')}
        </label>
        {chase.on ? (
          <div className="lottery-chase-fields">
            <label className="field">
              <span className="field-label">{t('lottery.chase.issues')}</span>
              <div className="field-control">
                <input
                  className="field-input"
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={maxChaseIssues}
                  value={issuesText}
                  aria-invalid={!issuesValid}
                  onChange={(event) => {
                    setIssuesText(event.target.value);
                    const n = Number(event.target.value);
                    if (Number.isInteger(n) && n >= 2 && n <= maxChaseIssues) {
                      onChase({ ...chase, issues: n });
                    }
                  }}
                />
              </div>
            </label>
            {!issuesValid ? (
              <p className="field-error">
                {t('lottery.chase.issues_range', { max: maxChaseIssues })}
              </p>
            ) : null}
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chase.stopOnWin}
                onChange={(event) => onChase({ ...chase, stopOnWin: event.target.checked })}
              />
              {t('lottery.chase.stop_on_win')}
            </label>
          </div>
        ) : null}
      </fieldset>

      <dl className="lottery-slip-totals">
        <div>
          <dt>{t('lottery.slip.issue_total')}</dt>
          <dd data-testid="slip-total">{money.minor(total)}</dd>
        </div>
        {chase.on ? (
          <div>
            <dt>{t('lottery.chase.grand_total', { issues })}</dt>
            <dd data-testid="slip-grand-total">{money.minor(grand)}</dd>
          </div>
        ) : null}
      </dl>
      {overIssue && allowance !== null ? (
        <p className="field-error">
          {t('lottery.errors.issue_limit', { amount: money.minor(allowance) })}
        </p>
      ) : null}
      {!bettingOpen ? (
        <p className="lottery-slip-closed" role="status" data-testid="slip-closed">
          {t('lottery.slip.closed')}
        </p>
      ) : null}
      <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'error'} />
      <button
        type="button"
        className="button button-primary button-block"
        disabled={!canPlace}
        onClick={onPlace}
      >
        {busy ? t('lottery.slip.placing') : t('lottery.slip.place')}
      </button>
    </section>
  );
}
