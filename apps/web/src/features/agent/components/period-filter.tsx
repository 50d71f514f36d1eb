import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field';
import {
  addDays,
  dayStart,
  isPeriodPreset,
  periodPresets,
  periodRange,
  zonedToday,
  type PeriodPreset,
} from '../lib/periods';
import type { Period } from '../lib/types';

/** The server answers at most this many days at once. */
export const maxPeriodDays = 93;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

type Choice = PeriodPreset | 'custom';

/**
 * A period: today, the last 7 or 30 days, or two dates, all in whole days of the merchant's time
 * zone. Reports a period only when it is whole (a custom range must run forwards and stay within
 * the server's limit); the dates' problem shows under them meanwhile.
 */
export function PeriodFilter({
  initial,
  timeZone,
  onPeriod,
}: {
  initial: PeriodPreset;
  timeZone: string;
  onPeriod: (period: Period) => void;
}) {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState<Choice>(initial);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const applyDays = (first: string, last: string) => {
    if (!dayPattern.test(first) || !dayPattern.test(last)) {
      setProblem(t('agent.period.dates_required'));
      return;
    }
    const start = dayStart(first, timeZone);
    const end = dayStart(addDays(last, 1), timeZone);
    const days = Math.round((Date.parse(addDays(last, 1)) - Date.parse(first)) / 86_400_000);
    if (end <= start) {
      setProblem(t('agent.period.range_backwards'));
      return;
    }
    if (days > maxPeriodDays) {
      setProblem(t('agent.period.range_too_long', { days: maxPeriodDays }));
      return;
    }
    setProblem(null);
    onPeriod({ from: start.toISOString(), to: end.toISOString() });
  };

  return (
    <div className="period-filter">
      <SelectField
        label={t('agent.period.label')}
        value={choice}
        data-testid="period-select"
        onChange={(event) => {
          const next = event.target.value;
          if (isPeriodPreset(next)) {
            setChoice(next);
            setProblem(null);
            onPeriod(periodRange(next, timeZone));
          } else if (next === 'custom') {
            setChoice('custom');
            const today = zonedToday(timeZone);
            const first = from || addDays(today, -6);
            const last = to || today;
            setFrom(first);
            setTo(last);
            applyDays(first, last);
          }
        }}
      >
        {periodPresets.map((preset) => (
          <option key={preset} value={preset}>
            {t(`agent.period.${preset}`)}
          </option>
        ))}
        <option value="custom">{t('agent.period.custom')}</option>
      </SelectField>
      {choice === 'custom' ? (
        <>
          <div className="field">
            <label htmlFor={fromId} className="field-label">
              {t('agent.period.from')}
            </label>
            <div className="field-control">
              <input
                id={fromId}
                type="date"
                className="field-input"
                value={from}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => {
                  setFrom(event.target.value);
                  applyDays(event.target.value, to);
                }}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor={toId} className="field-label">
              {t('agent.period.to')}
            </label>
            <div className="field-control">
              <input
                id={toId}
                type="date"
                className="field-input"
                value={to}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => {
                  setTo(event.target.value);
                  applyDays(from, event.target.value);
                }}
              />
            </div>
          </div>
          {problem ? (
            <p id={errorId} className="field-error period-error">
              {problem}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
