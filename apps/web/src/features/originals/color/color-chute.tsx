import type { CSSProperties } from 'react';
import type { ColorGameColour, ColorLive, ColorRound } from '@taya/contracts';

/**
 * The perya chute: three dice tumble down a wooden ramp into the tray while the round rolls and
 * stay there, the colours that came up, while its result shows; during betting they wait at the
 * top. Drawn with CSS (`color.css`); the tumble lasts the server's rolling time, so the dice land
 * as the result is announced. Reduced motion: no tumble, the dice appear in the tray.
 */
export function ColorChute({
  phase,
  dice,
  rollMs,
  jackpot,
  names,
  jackpotText,
}: {
  phase: ColorLive['phase'];
  dice: ColorRound['dice'] | null;
  rollMs: number;
  jackpot: boolean;
  names: (colour: ColorGameColour) => string;
  jackpotText: string;
}) {
  const rolling = phase === 'rolling' && dice !== null;
  const duration = Math.max(1200, rollMs);
  const landed = dice !== null && !rolling;
  return (
    <div
      className={`cg-chute is-${phase}${jackpot && landed ? ' is-jackpot' : ''}`}
      data-testid="cg-chute"
      data-landed={landed ? 'yes' : 'no'}
      data-dice={landed ? dice.join(',') : ''}
      aria-label={landed ? dice.map(names).join(', ') : undefined}
      role="img"
    >
      <div className="cg-lights" aria-hidden="true">
        {Array.from({ length: 9 }, (_, i) => (
          <span key={i} style={{ animationDelay: `${i * 0.15}s` }} />
        ))}
      </div>
      <div className="cg-ramp" aria-hidden="true" />
      <div className="cg-tray" aria-hidden="true" />
      {[0, 1, 2].map((i) => {
        const colour = dice ? dice[i] : null;
        return (
          <span
            key={i}
            aria-hidden="true"
            className={`cg-die${colour ? ` cg-${colour}` : ' is-blank'}${rolling ? ' is-rolling' : ''}${landed ? ' is-landed' : ''}`}
            style={
              {
                '--i': i,
                '--roll': `${Math.max(600, duration - i * 220)}ms`,
                animationDelay: rolling ? `${i * 160}ms, 0ms` : undefined,
              } as CSSProperties
            }
          />
        );
      })}
      {jackpot && landed ? <strong className="cg-jackpot">{jackpotText}</strong> : null}
    </div>
  );
}
