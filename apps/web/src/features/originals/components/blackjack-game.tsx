import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  minorToDecimal,
  parseAmount,
  type BlackjackMove,
  type OriginalInfo,
  type OriginalStepRound,
} from '@taya/contracts';
import type { Card } from '@taya/games';
import { PlayingCard } from '../../../components/playing-card';
import { useMoney } from '../../../hooks/use-money';
import { typingOrDialog } from '../lib/use-hotkeys';
import { useStepRound } from '../lib/use-step-round';
import { GameShell, type BoardView } from './game-shell';

const endMs = 900;

interface HandView {
  cards: Card[];
  total: number;
  soft: boolean;
  units: number;
  split: boolean;
  done: boolean;
}

interface HandResult {
  outcome: 'blackjack' | 'win' | 'push' | 'lose' | 'bust';
  multiplier: string;
}

/** A blackjack round's `outcome` as the server answers it (`steps-blackjack.ts`). */
export interface BlackjackOutcome {
  phase: 'insurance' | 'play' | 'done';
  dealer: Card[];
  dealerTotal: number;
  hands: HandView[];
  active: number;
  insurance: 'not-offered' | 'pending' | 'taken' | 'declined';
  actions: BlackjackMove[];
  moves: BlackjackMove[];
  result?: {
    dealer: { cards: Card[]; total: number; soft: boolean; blackjack: boolean };
    insurance: 'not-offered' | 'declined' | 'won' | 'lost';
    hands: HandResult[];
  };
}

function outcomeOf(round: { outcome: Record<string, unknown> } | null): BlackjackOutcome | null {
  return round && Array.isArray(round.outcome.hands)
    ? (round.outcome as unknown as BlackjackOutcome)
    : null;
}

/** A decimal amount of the answer in minor units, with its scale (its decimals). */
function minor(text: string): { value: bigint; scale: number } | null {
  const scale = text.split('.')[1]?.length ?? 0;
  const value = parseAmount(text, scale);
  return value === null ? null : { value, scale };
}

const keys: Record<string, BlackjackMove> = { h: 'hit', s: 'stand', d: 'double', p: 'split' };
const playMoves: BlackjackMove[] = ['hit', 'stand', 'double', 'split'];

/** A hand's total as players say it: "soft 17", "21", "Blackjack". */
function totalText(t: TFunction, h: { total: number; soft: boolean }) {
  return h.soft && h.total < 21 ? t('originals.blackjack.soft', { total: h.total }) : `${h.total}`;
}

/** The dealer's cards and the player's hands: the table a round is played on, and replayed on. */
export function BlackjackTable({
  outcome,
  open,
}: {
  outcome: BlackjackOutcome | null;
  open: boolean;
}) {
  const { t } = useTranslation();
  const dealer: (Card | null)[] = outcome
    ? open
      ? [...outcome.dealer, null]
      : (outcome.result?.dealer.cards ?? outcome.dealer)
    : [null, null];
  const hands = outcome?.hands ?? [];
  const dealerTotal =
    outcome?.result?.dealer ?? (outcome ? { total: outcome.dealerTotal, soft: false } : null);
  return (
    <div className="bj-felt">
      <div className="bj-row bj-dealer" data-testid="bj-dealer">
        <span className="bj-label">
          {t('originals.blackjack.dealer')}
          {dealerTotal ? (
            <span className="bj-total" data-testid="bj-dealer-total">
              {outcome?.result?.dealer.blackjack
                ? t('originals.blackjack.outcomes.blackjack')
                : totalText(t, dealerTotal)}
            </span>
          ) : null}
        </span>
        <span className="bj-cards">
          {dealer.map((card, i) => (
            <span key={`${i}-${card ?? 'back'}`} className="bj-card" style={{ '--i': i } as never}>
              <PlayingCard card={card} />
            </span>
          ))}
        </span>
      </div>
      <p className="bj-arc">{t('originals.blackjack.rules_arc')}</p>
      <div className="bj-row bj-hands" data-testid="bj-hands">
        {(hands.length > 0 ? hands : [null]).map((h, n) => {
          const result = outcome?.result?.hands[n];
          const active = open && outcome?.phase === 'play' && outcome.active === n;
          return (
            <div
              key={n}
              className={`bj-hand${active ? ' is-active' : ''}${result ? ` is-${result.outcome}` : ''}`}
              data-testid="bj-hand"
            >
              <span className="bj-label">
                {hands.length > 1
                  ? t('originals.blackjack.hand', { n: n + 1 })
                  : t('originals.blackjack.your_hand')}
                {h ? (
                  <span className="bj-total" data-testid="bj-hand-total">
                    {totalText(t, h)}
                  </span>
                ) : null}
                {h && h.units > 1 ? <span className="bj-chip">×2</span> : null}
              </span>
              <span className="bj-cards">
                {(h?.cards ?? [null, null]).map((card, i) => (
                  <span
                    key={`${i}-${card ?? 'back'}`}
                    className="bj-card"
                    style={{ '--i': i } as never}
                  >
                    <PlayingCard card={card} />
                  </span>
                ))}
              </span>
              {result ? (
                <span className="bj-outcome" data-testid="bj-outcome">
                  {t(`originals.blackjack.outcomes.${result.outcome}`)}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      {outcome?.result &&
      outcome.result.insurance !== 'not-offered' &&
      outcome.result.insurance !== 'declined' ? (
        <p className="bj-insurance" data-testid="bj-insurance">
          {outcome.result.insurance === 'won'
            ? t('originals.blackjack.insurance_won')
            : t('originals.blackjack.insurance_lost')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Blackjack (6 decks, S17, 3:2): Deal gives two cards each; the player hits, stands, doubles or
 * splits each hand in turn (H, S, D, P), answers insurance under an ace, and the dealer then
 * plays. A double, a split or insurance puts up more stake from the balance.
 */
export function BlackjackGame(props: { info: OriginalInfo; title: string; demoFirst: boolean }) {
  const { info } = props;
  const { t } = useTranslation();
  const fmt = useMoney();
  const steps = useStepRound('blackjack', endMs);
  const round = steps.round;
  const open = round?.status === 'open';
  const outcome = outcomeOf(round);
  const allowed = open ? (outcome?.actions ?? []) : [];

  const send = (move: BlackjackMove) => {
    if (!allowed.includes(move) || steps.pending) return;
    void steps.act({ type: 'play', move });
  };
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (typingOrDialog(event.target)) return;
      const move = keys[event.key.toLowerCase()];
      if (move) sendRef.current(move);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const board = (view: BoardView) => {
    const shownRound =
      round?.roundId === view.round?.roundId ? round : (view.round as OriginalStepRound | null);
    const shown = outcomeOf(shownRound);
    const isOpen = shownRound?.status === 'open';
    const over = shownRound !== null && !isOpen && shown !== null;
    const paid = over && (minor(shownRound.payout)?.value ?? 0n) > 0n;
    const stake = shownRound ? minor(shownRound.amount) : null;
    // Insurance costs half the first stake, rounded down to the minor unit.
    const insuranceCost = stake ? minorToDecimal(stake.value / 2n, stake.scale) : '';
    return (
      <div
        className={`bj-board${over ? (paid ? ' is-win' : ' is-loss') : ''}`}
        data-testid="bj-board"
      >
        <BlackjackTable outcome={shown} open={isOpen} />
        <p className="bj-message" data-testid="bj-message" aria-live="polite">
          {over
            ? paid
              ? t('originals.blackjack.won', { payout: fmt.amount(shownRound.payout) })
              : t('originals.blackjack.no_win')
            : isOpen && shown?.phase === 'insurance'
              ? t('originals.blackjack.insurance_ask', { amount: fmt.amount(insuranceCost) })
              : isOpen && shown
                ? t('originals.blackjack.your_move', { n: shown.active + 1 })
                : t('originals.blackjack.idle')}
        </p>
        {shownRound && isOpen ? (
          <p className="bj-staked">
            {t('originals.blackjack.staked', { amount: fmt.amount(shownRound.amount) })}
          </p>
        ) : null}
        {open ? (
          <div className="bj-actions" role="group" aria-label={t('originals.blackjack.your_hand')}>
            {(outcome?.phase === 'insurance'
              ? (['insurance', 'no-insurance'] as const)
              : playMoves
            ).map((move) => (
              <button
                key={move}
                type="button"
                className={`button bj-move bj-move-${move}`}
                disabled={!allowed.includes(move) || steps.pending}
                onClick={() => {
                  view.play('card');
                  send(move);
                }}
                data-testid={`bj-${move}`}
              >
                {t(`originals.blackjack.moves.${move}`)}
              </button>
            ))}
          </div>
        ) : null}
        {steps.problem ? (
          <p className="og-problem" role="alert" data-testid="bj-problem">
            {steps.problem}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <GameShell
      game="blackjack"
      title={props.title}
      info={info}
      demoFirst={props.demoFirst}
      params={{}}
      autoBet={false}
      revealMs={0}
      betLabel={t('originals.blackjack.deal')}
      board={board}
      steps={{
        follow: steps.follow,
        resume: steps.resume,
        action: null,
        hotkeys: [{ key: 'H S D P', label: t('originals.blackjack.hotkeys') }],
      }}
      controls={() => null}
      rules={
        <>
          <p>{t('originals.blackjack.rules_1')}</p>
          <p>{t('originals.blackjack.rules_2')}</p>
          <p>{t('originals.blackjack.rules_rtp', { rtp: info.rtp })}</p>
        </>
      }
    />
  );
}
