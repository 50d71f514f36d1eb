import { useState } from 'react';
import { gameArt, type ArtPattern } from '../lib/game-art';

function Pattern({ kind }: { kind: ArtPattern }) {
  if (kind === 'rings') {
    return (
      <g fill="none" stroke="#fff" strokeWidth="2.5">
        <circle cx="86" cy="14" r="22" opacity="0.22" />
        <circle cx="86" cy="14" r="38" opacity="0.16" />
        <circle cx="86" cy="14" r="54" opacity="0.1" />
        <circle cx="10" cy="96" r="18" opacity="0.12" />
      </g>
    );
  }
  if (kind === 'rays') {
    return (
      <g stroke="#fff" strokeWidth="7" strokeLinecap="round">
        <path d="M-10 40L40 -10" opacity="0.12" />
        <path d="M-10 70L70 -10" opacity="0.09" />
        <path d="M20 110L110 20" opacity="0.12" />
        <path d="M55 110L110 55" opacity="0.08" />
      </g>
    );
  }
  return (
    <g fill="#fff">
      {Array.from({ length: 25 }, (_, i) => (
        <circle
          key={i}
          cx={10 + (i % 5) * 20}
          cy={10 + Math.floor(i / 5) * 20}
          r={2.2}
          opacity={0.08 + ((i * 7) % 5) * 0.03}
        />
      ))}
    </g>
  );
}

/** The generated tile: initials on a gradient from the name, with a light pattern. */
export function GeneratedArt({ name, size = 'game' }: { name: string; size?: 'game' | 'vendor' }) {
  const art = gameArt(name);
  return (
    <span
      className={`game-art is-generated is-${size}`}
      style={{ backgroundImage: `linear-gradient(145deg, ${art.from}, ${art.to})` }}
      aria-hidden="true"
    >
      <svg className="game-art-pattern" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice">
        <Pattern kind={art.pattern} />
      </svg>
      <span className="game-art-initials">{art.initials}</span>
    </span>
  );
}

/** A game's icon when it has one that loads; the generated tile otherwise. */
export function GameArt({ name, iconUrl }: { name: string; iconUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!iconUrl || failed) return <GeneratedArt name={name} />;
  return (
    <span className="game-art" aria-hidden="true">
      <img src={iconUrl} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
    </span>
  );
}
