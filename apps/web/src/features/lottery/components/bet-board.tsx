import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryBetType } from '@taya/contracts';
import {
  randomBelow,
  randomNumber,
  randomPositions,
  randomSet2,
  threePositionSets,
  twoDigitNumbers,
  type BetTypeUi,
} from '../lib/bet-types';
import { useBetLabels } from './use-bet-labels';

/** What the board hands to the slip: one entry per bet. */
export interface BoardPick {
  selection: string[];
  positions: number[];
}

const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Distinct n-digit numbers typed with spaces or commas between; null if any is malformed. */
export function parseNumbers(text: string, length: number): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return [];
  const pattern = new RegExp(`^\\d{${length}}$`);
  if (!parts.every((part) => pattern.test(part))) return null;
  return [...new Set(parts)];
}

/** Four equal digits have one order only: iBox refuses them. */
function boxable(number: string): boolean {
  return new Set(number).size > 1;
}

/**
 * The bet board of one bet type: its picker (options, digits, a 00–99 grid, typed numbers or a
 * xiên set), its positions, a quick pick, and "add to slip".
 */
export function BetBoard({
  betType,
  ui,
  disabled,
  onAdd,
}: {
  betType: LotteryBetType;
  ui: BetTypeUi;
  disabled: boolean;
  onAdd: (picks: BoardPick[]) => void;
}) {
  const { t } = useTranslation();
  const { pickName } = useBetLabels();
  const [picks, setPicks] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [positions, setPositions] = useState<number[]>(() =>
    ui.positions.kind === 'one' ? [1] : ui.positions.kind === 'three' ? [1, 2, 3] : [],
  );
  const selection = ui.selection;
  const isBox = betType.code.startsWith('IBOX');

  const typedNumbers = selection.kind === 'number' ? parseNumbers(typed, selection.digits) : [];
  const chosen = selection.kind === 'number' ? (typedNumbers ?? []) : picks;
  const positionsReady =
    ui.positions.kind === 'none' ||
    (ui.positions.kind === 'choose'
      ? positions.length === ui.positions.count
      : positions.length > 0);

  let problem: string | null = null;
  if (selection.kind === 'number' && typedNumbers === null) {
    problem = t('lottery.board.bad_number', { digits: selection.digits });
  } else if (isBox && chosen.some((n) => !boxable(n))) {
    problem = t('lottery.board.ibox_same_digits');
  } else if (ui.positions.kind === 'choose' && !positionsReady) {
    problem = t('lottery.board.choose_positions', { n: ui.positions.count });
  }

  const bets: BoardPick[] =
    selection.kind === 'set2'
      ? picks.length === selection.size
        ? [{ selection: [...picks].sort(), positions: [] }]
        : []
      : chosen.map((pick) => ({ selection: [pick], positions: [...positions] }));
  const ready = bets.length > 0 && problem === null && positionsReady;

  const toggle = (value: string) => {
    setPicks((current) => {
      if (current.includes(value)) return current.filter((v) => v !== value);
      if (selection.kind === 'set2' && current.length >= selection.size) return current;
      return [...current, value];
    });
  };

  const quickPick = () => {
    if (ui.positions.kind !== 'none') setPositions(randomPositions(ui.positions));
    switch (selection.kind) {
      case 'options':
        setPicks([selection.options[randomBelow(selection.options.length)]!]);
        return;
      case 'digit':
        setPicks([String(randomBelow(10))]);
        return;
      case 'grid2':
        setPicks([randomNumber(2)]);
        return;
      case 'set2':
        setPicks(randomSet2(selection.size));
        return;
      case 'number': {
        let n = randomNumber(selection.digits);
        while (isBox && !boxable(n)) n = randomNumber(selection.digits);
        setTyped(n);
        return;
      }
    }
  };

  const clear = () => {
    setPicks([]);
    setTyped('');
  };

  const pickButton = (value: string, label: string, extraClass = '') => (
    <button
      key={value}
      type="button"
      className={`lottery-pick ${extraClass}`}
      aria-pressed={picks.includes(value)}
      onClick={() => toggle(value)}
    >
      {label}
    </button>
  );

  return (
    <div className="lottery-board" data-testid={`board-${betType.code}`}>
      {ui.positions.kind !== 'none' ? (
        <fieldset className="lottery-positions">
          <legend>{t('lottery.board.positions')}</legend>
          {ui.positions.kind === 'three'
            ? threePositionSets.map((set, i) => {
                const key = (['front', 'middle', 'back'] as const)[i]!;
                return (
                  <button
                    key={key}
                    type="button"
                    className="lottery-pick is-wide"
                    aria-pressed={positions.join() === set.join()}
                    onClick={() => setPositions([...set])}
                  >
                    {t(`lottery.three.${key}`)}
                  </button>
                );
              })
            : ([1, 2, 3, 4, 5] as const).map((p) => (
                <button
                  key={p}
                  type="button"
                  className="lottery-pick is-wide"
                  aria-pressed={positions.includes(p)}
                  onClick={() =>
                    setPositions((current) =>
                      ui.positions.kind === 'one'
                        ? [p]
                        : current.includes(p)
                          ? current.filter((x) => x !== p)
                          : [...current, p].sort((a, b) => a - b),
                    )
                  }
                >
                  {t(`lottery.position_names.p${p}`)}
                </button>
              ))}
        </fieldset>
      ) : null}

      <fieldset className="lottery-selection">
        <legend>
          {selection.kind === 'set2'
            ? t('lottery.board.pick_set', { size: selection.size })
            : selection.kind === 'number'
              ? t('lottery.board.type_numbers', { digits: selection.digits })
              : t('lottery.board.pick')}
        </legend>
        {selection.kind === 'options' ? (
          <div className="lottery-options">
            {selection.options.map((o) => pickButton(o, pickName(o), 'is-option'))}
          </div>
        ) : null}
        {selection.kind === 'digit' ? (
          <div className="lottery-digits">{digits.map((d) => pickButton(d, d, 'is-ball'))}</div>
        ) : null}
        {selection.kind === 'grid2' || selection.kind === 'set2' ? (
          <div className="lottery-grid">{twoDigitNumbers.map((n) => pickButton(n, n))}</div>
        ) : null}
        {selection.kind === 'number' ? (
          <div className="field-control">
            <input
              className="field-input lottery-number-input"
              inputMode="numeric"
              autoComplete="off"
              aria-label={t('lottery.board.type_numbers', { digits: selection.digits })}
              placeholder={'0'.repeat(selection.digits)}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        ) : null}
      </fieldset>

      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="lottery-board-actions">
        <button type="button" className="button button-secondary button-small" onClick={quickPick}>
          {t('lottery.board.quick_pick')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={clear}>
          {t('lottery.board.clear')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!ready || disabled}
          onClick={() => {
            onAdd(bets);
            clear();
          }}
        >
          {t('lottery.board.add', { bets: bets.length })}
        </button>
      </div>
    </div>
  );
}
