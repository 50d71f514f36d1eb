import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo, OriginalStepRound } from '@taya/contracts';
import { bestHold, cardRank, VIDEO_POKER_PAYTABLES, type Card } from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { typingOrDialog } from '../lib/use-hotkeys';
import { useStepRound } from '../lib/use-step-round';
import { GameShell, type BoardView } from './game-shell';
import { PlayingCard } from '../../../components/playing-card';

type PokerGame = 'jacks-or-better' | 'deuces-wild';
const positions = [0, 1, 2, 3, 4] as const;
const noHolds = [false, false, false, false, false];
const endMs = 700;

interface PokerOutcome {
  cards: Card[];
  holds?: boolean[];
  hand?: string;
}

function outcomeOf(round: OriginalStepRound | null): PokerOutcome | null {
  return round && Array.isArray(round.outcome.cards)
    ? (round.outcome as unknown as PokerOutcome)
    : null;
}

/**
 * Video poker (GAMES.md §8): Deal shows five cards, the player holds any of them (tap, or 1–5),
 * Draw replaces the rest; the pay table's row of the final hand lights up. The hint shows the
 * hold with the highest expected return, worked out here by the engine's exact enumeration.
 */
export function VideoPokerGame(props: {
  game: PokerGame;
  info: OriginalInfo;
  title: string;
  demoFirst: boolean;
}) {
  const { game, info } = props;
  const { t } = useTranslation();
  const fmt = useMoney();
  const steps = useStepRound(game, endMs);
  const [holds, setHolds] = useState<boolean[]>(noHolds);
  const [hint, setHint] = useState(false);
  const table = VIDEO_POKER_PAYTABLES[game];
  const round = steps.round;
  const open = round?.status === 'open';
  const outcome = outcomeOf(round);
  const dealtKey = open && outcome ? outcome.cards.join(',') : '';

  // A new deal starts with nothing held.
  const [heldFor, setHeldFor] = useState('');
  if (dealtKey !== heldFor) {
    setHeldFor(dealtKey);
    setHolds(noHolds);
  }

  const advice = useMemo(
    () => (hint && dealtKey ? bestHold(game, dealtKey.split(',').map(Number)) : null),
    [hint, dealtKey, game],
  );

  const toggle = (i: number) => {
    if (!open || steps.pending) return;
    setHolds((h) => h.map((v, j) => (j === i ? !v : v)));
  };
  const toggleRef = useRef(toggle);
  useEffect(() => {
    toggleRef.current = toggle;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (typingOrDialog(event.target)) return;
      const n = Number(event.key);
      if (Number.isInteger(n) && n >= 1 && n <= 5) toggleRef.current(n - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const board = (view: BoardView) => {
    const shownRound =
      round?.roundId === view.round?.roundId ? round : (view.round as OriginalStepRound | null);
    const shown = outcomeOf(shownRound);
    const drawn = shownRound?.status === 'settled' && shown?.hand !== undefined;
    const cards: (Card | null)[] = shown ? shown.cards : [null, null, null, null, null];
    const held = drawn ? (shown.holds ?? noHolds) : holds;
    const winRow = drawn ? table.rows.findIndex((r) => r.hand === shown.hand) : -1;
    const paid = drawn && shown.hand !== 'nothing';
    return (
      <div
        className={`vp-board${drawn ? (paid ? ' is-win' : ' is-loss') : ''}`}
        data-testid="vp-board"
      >
        <table className="vp-paytable" data-testid="vp-paytable">
          <tbody>
            {table.rows
              .filter((r) => r.pays > 0)
              .map((r, i) => (
                <tr key={r.hand} className={i === winRow ? 'is-lit' : undefined} data-hand={r.hand}>
                  <th scope="row">{t(`originals.poker.hands.${r.hand}`)}</th>
                  <td>{(r.pays * 5).toLocaleString()}</td>
                  <td className="vp-pay-x">{r.pays}×</td>
                </tr>
              ))}
          </tbody>
        </table>
        <div className="vp-cards" role="group" aria-label={t('originals.poker.hand')}>
          {positions.map((i) => {
            const card = cards[i] ?? null;
            const isHeld = held[i] === true;
            const suggested = advice?.best.holds[i] === true;
            return (
              <button
                key={`${i}-${card ?? 'back'}`}
                type="button"
                className={`vp-card${isHeld ? ' is-held' : ''}${suggested ? ' is-suggested' : ''}`}
                aria-pressed={isHeld}
                disabled={!open || drawn || steps.pending}
                onClick={() => {
                  toggle(i);
                  view.play('card');
                }}
                data-testid="vp-card"
              >
                <span className="vp-hold-mark">
                  {isHeld ? t('originals.poker.held') : '\u00a0'}
                </span>
                <PlayingCard
                  card={card}
                  wild={game === 'deuces-wild' && card !== null && cardRank(card) === 0}
                />
                <kbd className="vp-key">{i + 1}</kbd>
              </button>
            );
          })}
        </div>
        <p className="vp-result" data-testid="vp-result" aria-live="polite">
          {drawn && shownRound
            ? paid
              ? t('originals.poker.won', {
                  hand: t(`originals.poker.hands.${shown.hand ?? ''}`, {
                    defaultValue: shown.hand ?? '',
                  }),
                  payout: fmt.amount(shownRound.payout),
                })
              : t('originals.poker.no_win')
            : open
              ? t('originals.poker.hold_hint')
              : t('originals.poker.idle')}
        </p>
        {open ? (
          <label className="vp-hint-toggle">
            <input
              type="checkbox"
              checked={hint}
              onChange={(e) => setHint(e.target.checked)}
              data-testid="vp-hint"
            />
            {t('originals.poker.hint')}
            {advice ? (
              <span className="vp-hint-ev" data-testid="vp-hint-ev">
                {t('originals.poker.hint_ev', { ev: advice.best.ev.toFixed(4) })}
              </span>
            ) : null}
          </label>
        ) : null}
        {steps.problem ? (
          <p className="og-problem" role="alert" data-testid="vp-problem">
            {steps.problem}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <GameShell
      game={game}
      title={props.title}
      info={info}
      demoFirst={props.demoFirst}
      params={{}}
      autoBet={false}
      revealMs={0}
      betLabel={t('originals.poker.deal')}
      board={board}
      steps={{
        follow: steps.follow,
        resume: steps.resume,
        action: open
          ? {
              label: t('originals.poker.draw'),
              onClick: () => void steps.act({ type: 'draw', hold: holds }),
              disabled: steps.pending,
              testId: 'vp-draw',
            }
          : null,
        hotkeys: [{ key: '1 – 5', label: t('originals.poker.hotkey_hold') }],
      }}
      controls={() => null}
      rules={<PokerRules game={game} rtp={info.rtp} />}
    />
  );
}

function PokerRules({ game, rtp }: { game: PokerGame; rtp: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('originals.poker.rules_1')}</p>
      <p>{t(`originals.poker.rules_${game === 'deuces-wild' ? 'deuces' : 'jacks'}`)}</p>
      <p>{t('originals.poker.rules_rtp', { rtp })}</p>
    </>
  );
}
