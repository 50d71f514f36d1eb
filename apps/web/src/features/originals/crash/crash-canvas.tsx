import { useEffect, useRef } from 'react';
import { multiplierAt, timeToReach } from '@taya/games';

export interface CurveView {
  phase: 'waiting' | 'betting' | 'running' | 'crashed';
  /** Local clock (ms) the flight started at, from the server's start time and clock offset. */
  startedAt: number | null;
  /** The crash point in hundredths once crashed. */
  crashed: number | null;
  bettingEndsAt: number | null;
  text: { betting: (seconds: string) => string; crashed: string; waiting: string };
}

const hundredths = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}×`;

/** A step of about a fifth of `span` from 1, 2 and 5 times a power of ten. */
function tickStep(span: number): number {
  const rough = span / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((k) => k * power).find((step) => step >= rough) ?? rough;
}

interface Axes {
  w: number;
  h: number;
  left: number;
  bottom: number;
  spanMs: number;
  top: number;
  x: (t: number) => number;
  y: (m: number) => number;
}

/** Faint lines at round multipliers and seconds, labelled along the left and bottom edges. */
function drawGrid(ctx: CanvasRenderingContext2D, a: Axes, styles: CSSStyleDeclaration): void {
  const grid = styles.getPropertyValue('--crash-grid').trim() || 'rgba(127, 127, 127, 0.18)';
  const label = styles.getPropertyValue('--crash-axis').trim() || 'rgba(127, 127, 127, 0.8)';
  ctx.save();
  ctx.lineWidth = 1;
  ctx.strokeStyle = grid;
  ctx.fillStyle = label;
  ctx.font = '500 11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  const mStep = tickStep(a.top - 1);
  for (let m = 1; m <= a.top + 1e-9; m += mStep) {
    const y = Math.round(a.y(m)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(a.left, y);
    ctx.lineTo(a.w - 12, y);
    ctx.stroke();
    ctx.fillText(`${m.toFixed(mStep < 1 ? 1 : 0)}×`, a.left - 6, y);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const tStep = tickStep(a.spanMs / 1000) * 1000;
  for (let t = tStep; t <= a.spanMs; t += tStep) {
    const x = Math.round(a.x(t)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, 16);
    ctx.lineTo(x, a.h - a.bottom);
    ctx.stroke();
    ctx.fillText(`${Math.round(t / 1000)}s`, x, a.h - a.bottom + 6);
  }
  ctx.restore();
}

/**
 * The flight on a canvas at the display's frame rate: the curve e^(0.00006·t) from the round's
 * start over a grid of multipliers and seconds, the multiplier in the middle, a red flash at the
 * crash. Only draws; the server decides.
 */
export function CrashCanvas({ view }: { view: CurveView }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef(view);
  useEffect(() => {
    current.current = view;
  }, [view]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let frame = 0;
    const draw = () => {
      const v = current.current;
      const ctx = el.getContext('2d');
      const dpr = window.devicePixelRatio || 1;
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (ctx && w > 0 && h > 0) {
        if (el.width !== Math.round(w * dpr)) el.width = Math.round(w * dpr);
        if (el.height !== Math.round(h * dpr)) el.height = Math.round(h * dpr);
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.clearRect(0, 0, w, h);
        const styles = getComputedStyle(el);
        const accent = styles.getPropertyValue('--crash-line').trim() || '#f5b400';
        const text = styles.getPropertyValue('--crash-text').trim() || '#fff';
        const now = Date.now();
        const elapsed =
          v.phase === 'crashed' && v.crashed !== null
            ? timeToReach(v.crashed)
            : v.startedAt === null
              ? 0
              : Math.max(0, now - v.startedAt);
        const shown =
          v.phase === 'crashed' && v.crashed !== null
            ? v.crashed
            : v.phase === 'running'
              ? multiplierAt(elapsed)
              : 100;
        // The axes grow with the flight: at least 10 s and 2×.
        const spanMs = Math.max(10_000, elapsed * 1.15);
        const top = Math.max(2, (shown / 100) * 1.15);
        const left = 44;
        const bottom = 24;
        const x = (t: number) => left + ((w - left - 12) * t) / spanMs;
        const y = (m: number) => h - bottom - ((h - bottom - 24) * (m - 1)) / (top - 1);
        drawGrid(ctx, { w, h, left, bottom, spanMs, top, x, y }, styles);
        if (v.phase === 'betting' || v.phase === 'waiting') {
          // The launch point, pulsing while the round waits to take off.
          const pulse = 5 + 2 * Math.sin(now / 200);
          ctx.beginPath();
          ctx.arc(x(0), y(1), pulse, 0, Math.PI * 2);
          ctx.fillStyle = accent;
          ctx.fill();
        }
        if (v.phase === 'running' || v.phase === 'crashed') {
          const end = elapsed;
          ctx.beginPath();
          ctx.moveTo(x(0), y(1));
          const steps = 80;
          for (let i = 1; i <= steps; i++) {
            const t = (end * i) / steps;
            ctx.lineTo(x(t), y(Math.exp(0.00006 * t)));
          }
          ctx.lineWidth = 4;
          ctx.lineCap = 'round';
          ctx.strokeStyle = v.phase === 'crashed' ? '#e5484d' : accent;
          ctx.stroke();
        }
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillStyle = v.phase === 'crashed' ? '#e5484d' : text;
        ctx.font = `700 ${Math.round(Math.min(w, h) / 5)}px system-ui, sans-serif`;
        if (v.phase === 'betting' && v.bettingEndsAt !== null) {
          const left = Math.max(0, (v.bettingEndsAt - now) / 1000);
          ctx.font = `600 ${Math.round(Math.min(w, h) / 9)}px system-ui, sans-serif`;
          ctx.fillText(v.text.betting(left.toFixed(1)), w / 2, h / 2);
        } else if (v.phase === 'waiting') {
          ctx.font = `600 ${Math.round(Math.min(w, h) / 9)}px system-ui, sans-serif`;
          ctx.fillText(v.text.waiting, w / 2, h / 2);
        } else {
          ctx.fillText(hundredths(shown), w / 2, h / 2);
          if (v.phase === 'crashed') {
            ctx.font = `600 ${Math.round(Math.min(w, h) / 12)}px system-ui, sans-serif`;
            ctx.fillText(v.text.crashed, w / 2, h / 2 + Math.min(w, h) / 6);
          }
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div
      className={`crash-stage is-${view.phase}`}
      data-testid="crash-stage"
      data-phase={view.phase}
    >
      <canvas ref={canvas} className="crash-canvas" aria-hidden="true" />
    </div>
  );
}
