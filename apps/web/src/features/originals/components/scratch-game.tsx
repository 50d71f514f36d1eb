import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo, OriginalRound } from '@taya/contracts';
import {
  SCRATCH_CARDS,
  SCRATCH_TABLES,
  multiplierText,
  percentText,
  scratch,
  scratchChances,
  scratchMultiplier,
  type ScratchCard,
} from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { GameShell, type BoardView } from './game-shell';
import { ScratchScene, ScratchSymbol } from './scratch-art';
import { ScratchTicket, type TicketState } from './scratch-ticket';

const isCard = (value: string | null): value is ScratchCard =>
  (SCRATCH_CARDS as readonly string[]).includes(value ?? '');

/** The three cards to choose from (`/house/scratch` without `?card=`). */
function ScratchLobby({ onPick, rtpBps }: { onPick: (card: ScratchCard) => void; rtpBps: number }) {
  const { t } = useTranslation();
  return (
    <div className="sc-lobby" data-testid="sc-lobby">
      <h2>{t('originals.scratch.pick')}</h2>
      <ul>
        {SCRATCH_CARDS.map((card) => {
          const top = multiplierText(scratchMultiplier(card, SCRATCH_TABLES[card][0]!.symbol), 0);
          const lose = scratchChances(card, rtpBps).at(-1)!.chance;
          const win = { num: lose.den - lose.num, den: lose.den };
          return (
            <li key={card}>
              <button
                type="button"
                className={`sc-lobby-card sc-${card}`}
                onClick={() => onPick(card)}
                data-testid={`sc-pick-${card}`}
              >
                <ScratchScene card={card} />
                <strong>{t(`originals.scratch.cards.${card}`)}</strong>
                <span>{t('originals.scratch.tagline', { top })}</span>
                <small>{t('originals.scratch.win_chance', { chance: percentText(win, 2) })}</small>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Every card's prize table with the exact chance of each prize and the card's exact return. */
function ScratchRules({ rtpBps }: { rtpBps: number }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('originals.scratch.rules_1')}</p>
      <p>{t('originals.scratch.rules_2')}</p>
      {SCRATCH_CARDS.map((card) => {
        const chances = scratchChances(card, rtpBps);
        const lose = chances.at(-1)!.chance;
        return (
          <section key={card} className="sc-rules-card" data-testid={`sc-table-${card}`}>
            <h3>{t(`originals.scratch.cards.${card}`)}</h3>
            <table className="sc-table">
              <thead>
                <tr>
                  <th scope="col">{t('originals.scratch.table_symbol')}</th>
                  <th scope="col">{t('originals.scratch.table_prize')}</th>
                  <th scope="col">{t('originals.scratch.table_chance')}</th>
                </tr>
              </thead>
              <tbody>
                {chances.slice(0, -1).map((c) => (
                  <tr key={c.prize}>
                    <td>
                      <ScratchSymbol symbol={c.prize!} size={28} />{' '}
                      {t(`originals.scratch.symbols.${c.prize!}`, { defaultValue: c.prize! })} ×3
                    </td>
                    <td>{multiplierText(c.multiplier, 2)}×</td>
                    <td>{percentText(c.chance, 4)} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              {t('originals.scratch.win_chance', {
                chance: percentText({ num: lose.den - lose.num, den: lose.den }, 4),
              })}{' '}
              <strong data-testid={`sc-rtp-${card}`}>
                {t('originals.scratch.card_rtp', {
                  rtp: percentText(scratch.rtp({ card }, rtpBps), 2),
                })}
              </strong>
            </p>
          </section>
        );
      })}
    </>
  );
}

/**
 * Scratch cards: pick a card, buy it (the server settles it at once), scratch it to see what it
 * won. The shell holds the win, the balances and the history back until the card is revealed.
 */
export function ScratchGame({
  info,
  title,
  demoFirst,
}: {
  info: OriginalInfo;
  title: string;
  demoFirst: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [query, setQuery] = useSearchParams();
  const queried = query.get('card');
  const card = isCard(queried) ? queried : null;
  const rtpBps = info.rtpBps;
  // The card being scratched, from the bet's answer, and what ends its reveal.
  const [active, setActive] = useState<{ round: OriginalRound; done: boolean } | null>(null);
  const release = useRef<(() => void) | null>(null);

  const revealGate = useCallback(
    (round: OriginalRound) =>
      new Promise<void>((resolve) => {
        release.current = resolve;
        setActive({ round, done: false });
      }),
    [],
  );
  const onRevealed = useCallback(() => {
    setActive((a) => (a ? { ...a, done: true } : a));
    release.current?.();
    release.current = null;
  }, []);
  // Leaving the page settles the card anyway (the server has).
  useEffect(() => () => release.current?.(), []);

  const pick = (next: ScratchCard | null) => {
    if (active && !active.done) return;
    setActive(null);
    const q = new URLSearchParams(query);
    if (next) q.set('card', next);
    else q.delete('card');
    setQuery(q, { replace: false });
  };

  const board = (view: BoardView) => {
    if (!card) return <ScratchLobby onPick={pick} rtpBps={rtpBps} />;
    // A new purchase hides the card scratched before it.
    const shown =
      active && active.round.outcome.card === card && !(view.revealing && active.done)
        ? active
        : null;
    const state: TicketState = shown
      ? shown.done
        ? 'done'
        : 'scratch'
      : view.revealing
        ? 'pending'
        : 'idle';
    const outcome = shown?.round.outcome;
    const cells = Array.isArray(outcome?.cells) ? (outcome.cells as number[]) : [];
    const resultText = shown
      ? shown.round.win
        ? t('originals.scratch.won', {
            amount: fmt.money(
              shown.round.payout,
              (shown.round as { currency?: string }).currency ?? info.currency,
            ),
          })
        : t('originals.scratch.no_win')
      : null;
    return (
      <ScratchTicket
        card={card}
        grid={Array.isArray(outcome?.grid) ? (outcome.grid as string[]) : null}
        cells={cells}
        state={state}
        roundId={shown?.round.roundId ?? null}
        resultText={resultText}
        onRevealed={onRevealed}
      />
    );
  };

  const controls = ({ disabled }: { disabled: boolean }) => (
    <div className="og-field">
      <span className="og-label">{t('originals.scratch.card')}</span>
      <div className="sc-picker" role="group" aria-label={t('originals.scratch.card')}>
        {SCRATCH_CARDS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={card === c}
            disabled={disabled}
            onClick={() => pick(c)}
            data-testid={`sc-choose-${c}`}
          >
            {t(`originals.scratch.cards.${c}`)}
          </button>
        ))}
      </div>
    </div>
  );

  return (
    <GameShell
      game="scratch"
      title={title}
      info={info}
      demoFirst={demoFirst}
      params={card ? { card } : null}
      board={board}
      controls={controls}
      revealMs={0}
      revealGate={revealGate}
      betLabel={t('originals.scratch.buy')}
      autoBet={false}
      rules={<ScratchRules rtpBps={rtpBps} />}
    />
  );
}
