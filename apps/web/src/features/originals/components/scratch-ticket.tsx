import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCRATCH_TABLES, multiplierText, scratchMultiplier, type ScratchCard } from '@taya/games';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { ScratchScene, ScratchSymbol, scratchTheme } from './scratch-art';

/** How much of the foil must be gone before the rest falls away by itself. */
export const autoRevealShare = 0.7;
/** The coin's radius in CSS pixels. */
const brush = 20;

export type TicketState = 'idle' | 'pending' | 'scratch' | 'done';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  colour: string;
  size: number;
}

/** The share of the cover already scratched away, from every 8th pixel's alpha. */
function clearedShare(canvas: HTMLCanvasElement): number {
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0) return 0;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let clear = 0;
  let all = 0;
  for (let i = 3; i < data.length; i += 32) {
    all++;
    if (data[i]! < 40) clear++;
  }
  return all === 0 ? 0 : clear / all;
}

/** Moves and draws the foil flakes and confetti, frame by frame, until none is left. */
function stepParticles(
  canvas: HTMLCanvasElement | null,
  list: { current: Particle[] },
  frame: { current: number },
) {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) {
    frame.current = 0;
    return;
  }
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(rect.width * dpr)) {
    canvas.width = Math.round(rect.width * dpr);
    canvas.height = Math.round(rect.height * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, rect.width, rect.height);
  list.current = list.current.filter((p) => p.life > 0);
  for (const p of list.current) {
    p.x += p.vx;
    p.y += p.vy;
    p.vy += 0.25;
    p.life -= 1;
    ctx.globalAlpha = Math.min(1, p.life / 20);
    ctx.fillStyle = p.colour;
    ctx.fillRect(p.x, p.y, p.size, p.size * 0.6);
  }
  ctx.globalAlpha = 1;
  frame.current =
    list.current.length > 0 ? requestAnimationFrame(() => stepParticles(canvas, list, frame)) : 0;
}

function paintCover(canvas: HTMLCanvasElement, tint: string, text: string) {
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(rect.width * dpr));
  canvas.height = Math.max(1, Math.round(rect.height * dpr));
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const w = rect.width;
  const h = rect.height;
  ctx.globalCompositeOperation = 'source-over';
  const foil = ctx.createLinearGradient(0, 0, w, h);
  foil.addColorStop(0, '#d9dde3');
  foil.addColorStop(0.35, '#f4f6f8');
  foil.addColorStop(0.5, tint);
  foil.addColorStop(0.65, '#eef0f3');
  foil.addColorStop(1, '#b9bfc8');
  ctx.fillStyle = foil;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = 1;
  for (let x = -h; x < w; x += 9) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x + h, h);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(60,64,72,0.75)';
  ctx.font = `800 ${Math.max(16, Math.round(w / 12))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, w / 2, h / 2, w - 24);
  ctx.font = `${Math.max(14, Math.round(w / 16))}px system-ui, sans-serif`;
  ctx.fillText('✦  ✦  ✦', w / 2, h / 2 + Math.max(24, w / 9));
}

/**
 * A scratch card: its banner, the nine symbols and the foil over them. The foil is a canvas the
 * player scratches with a coin (finger or mouse, pointer events); at 70 % scratched, or on
 * "Reveal all", the rest falls away, the winning symbols light up, then `onRevealed` runs.
 */
export function ScratchTicket({
  card,
  grid,
  cells,
  state,
  roundId,
  resultText,
  onRevealed,
}: {
  card: ScratchCard;
  /** The symbols under the foil; null before a card is bought. */
  grid: readonly string[] | null;
  cells: readonly number[];
  state: TicketState;
  roundId: string | null;
  /** "You won …" / "No win this time", shown once revealed. */
  resultText: string | null;
  onRevealed: () => void;
}) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const cover = useRef<HTMLCanvasElement>(null);
  const fx = useRef<HTMLCanvasElement>(null);
  const coin = useRef<HTMLDivElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const moves = useRef(0);
  const particles = useRef<Particle[]>([]);
  const frame = useRef(0);
  const [cleared, setCleared] = useState(false);
  const [clearedFor, setClearedFor] = useState<string | null>(null);
  const revealedFor = useRef<string | null>(null);
  const theme = scratchTheme[card];
  const table = SCRATCH_TABLES[card];
  const top = multiplierText(scratchMultiplier(card, table[0]!.symbol), 0);
  const isCleared = cleared && clearedFor === roundId;
  const scratching = state === 'scratch' && !isCleared;

  // A fresh foil for every new card (and when the card is changed).
  useEffect(() => {
    const canvas = cover.current;
    if (!canvas || state === 'done') return;
    paintCover(canvas, theme.foil, t('originals.scratch.scratch_here'));
    moves.current = 0;
  }, [roundId, card, state, theme.foil, t]);

  const burst = useCallback(
    (x: number, y: number, count: number, colours: string[], speed: number) => {
      if (reduced) return;
      for (let i = 0; i < count; i++) {
        const a = Math.random() * Math.PI * 2;
        const v = Math.random() * speed;
        particles.current.push({
          x,
          y,
          vx: Math.cos(a) * v,
          vy: Math.sin(a) * v - speed / 2,
          life: 30 + Math.random() * 30,
          colour: colours[i % colours.length]!,
          size: 2 + Math.random() * 4,
        });
      }
      if (frame.current === 0)
        frame.current = requestAnimationFrame(() => stepParticles(fx.current, particles, frame));
    },
    [reduced],
  );

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const reveal = useCallback(() => {
    if (roundId === null || revealedFor.current === roundId) return;
    revealedFor.current = roundId;
    setCleared(true);
    setClearedFor(roundId);
    window.setTimeout(onRevealed, reduced ? 0 : 450);
  }, [roundId, onRevealed, reduced]);

  // A bought card comes into view to be scratched (on a phone the Buy button is below it).
  const ticket = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state === 'scratch')
      ticket.current?.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, [state, roundId, reduced]);

  // The celebration when the card is revealed as a win.
  useEffect(() => {
    if (state !== 'done' || cells.length === 0 || !fx.current) return;
    const rect = fx.current.getBoundingClientRect();
    burst(rect.width / 2, rect.height / 2, 90, ['#ffd23f', '#ff5d8f', '#2fb24c', '#3fa9f5'], 9);
  }, [state, cells.length, roundId, burst]);

  const scratchAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = cover.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const rect = canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = brush * 2;
    ctx.beginPath();
    const from = last.current ?? { x, y };
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(x, y);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, y, brush, 0, Math.PI * 2);
    ctx.fill();
    last.current = { x, y };
    burst(x, y, 3, ['#c9ced6', theme.foil, '#eef0f3'], 3);
    moves.current++;
    if (moves.current % 6 === 0 && clearedShare(canvas) >= autoRevealShare) reveal();
  };

  const moveCoin = (event: PointerEvent<HTMLCanvasElement>) => {
    const el = coin.current;
    const canvas = cover.current;
    if (!el || !canvas) return;
    const rect = canvas.getBoundingClientRect();
    el.style.transform = `translate(${event.clientX - rect.left - brush}px, ${event.clientY - rect.top - brush}px)`;
    el.style.opacity = '1';
  };

  const done = state === 'done';
  return (
    <div
      ref={ticket}
      className={`sc-ticket sc-${card}${done && cells.length > 0 ? ' is-win' : ''}`}
      style={{ background: theme.paper, color: theme.ink }}
      data-testid="sc-ticket"
      data-card={card}
      data-state={isCleared && !done ? 'revealing' : state}
    >
      <div className="sc-banner">
        <ScratchScene card={card} />
        <div className="sc-banner-text">
          <strong>{t(`originals.scratch.cards.${card}`)}</strong>
          <span>{t('originals.scratch.tagline', { top })}</span>
        </div>
      </div>
      <div className="sc-play">
        <ol className="sc-grid" aria-label={t('originals.scratch.symbols_label')}>
          {Array.from({ length: 9 }, (_, i) => {
            const symbol = grid?.[i] ?? table[i % table.length]!.symbol;
            const win = done && cells.includes(i);
            return (
              <li
                key={i}
                className={`sc-cell${win ? ' is-win' : ''}`}
                data-testid="sc-cell"
                data-symbol={grid ? symbol : undefined}
                aria-hidden={!done}
              >
                {grid ? <ScratchSymbol symbol={symbol} /> : null}
                {done ? (
                  <span className="visually-hidden">
                    {t(`originals.scratch.symbols.${symbol}`, { defaultValue: symbol })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
        <canvas
          ref={cover}
          className={`sc-cover${isCleared || done ? ' is-gone' : ''}${scratching ? ' is-live' : ''}`}
          aria-label={t('originals.scratch.canvas_label')}
          role="img"
          data-testid="sc-canvas"
          onPointerDown={(e) => {
            if (!scratching) return;
            e.currentTarget.setPointerCapture?.(e.pointerId);
            last.current = null;
            moveCoin(e);
            scratchAt(e);
          }}
          onPointerMove={(e) => {
            if (!scratching) return;
            moveCoin(e);
            if (e.buttons !== 0 || e.pointerType === 'touch') scratchAt(e);
          }}
          onPointerUp={() => {
            last.current = null;
            const canvas = cover.current;
            if (scratching && canvas && clearedShare(canvas) >= autoRevealShare) reveal();
          }}
          onPointerLeave={() => {
            last.current = null;
            if (coin.current) coin.current.style.opacity = '0';
          }}
        />
        {scratching ? <div ref={coin} className="sc-coin" aria-hidden="true" /> : null}
        {state === 'idle' || state === 'pending' ? (
          <p className="sc-hint" data-testid="sc-hint">
            {state === 'pending' ? t('originals.scratch.buying') : t('originals.scratch.buy_first')}
          </p>
        ) : null}
        <canvas ref={fx} className="sc-fx" aria-hidden="true" />
      </div>
      <div className="sc-foot">
        {scratching ? (
          <button
            type="button"
            className="button button-secondary sc-reveal"
            onClick={reveal}
            data-testid="sc-reveal-all"
          >
            {t('originals.scratch.reveal_all')}
          </button>
        ) : null}
        {done && resultText ? (
          <p
            className={`sc-result${cells.length > 0 ? ' is-win' : ''}`}
            data-testid="sc-result"
            aria-live="polite"
          >
            {resultText}
          </p>
        ) : null}
      </div>
    </div>
  );
}
