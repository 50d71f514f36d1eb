import type { ReactNode } from 'react';
import type { ScratchCard } from '@taya/games';

/**
 * The scratch cards' drawings: one 64 × 64 illustration per symbol and a scene for each card's
 * banner. Plain SVG, drawn here so the card needs no download before it can be scratched.
 */

const symbols: Record<string, ReactNode> = {
  // Carabao card (Philippines).
  carabao: (
    <g>
      <path
        d="M6 22c6-10 18-12 22-6M58 22c-6-10-18-12-22-6"
        fill="none"
        stroke="#efe6d2"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <ellipse cx="32" cy="34" rx="16" ry="15" fill="#5b5663" />
      <ellipse cx="32" cy="44" rx="10" ry="8" fill="#847d8c" />
      <circle cx="28" cy="45" r="1.8" fill="#2c2830" />
      <circle cx="36" cy="45" r="1.8" fill="#2c2830" />
      <circle cx="25" cy="32" r="2.4" fill="#fff" />
      <circle cx="39" cy="32" r="2.4" fill="#fff" />
      <circle cx="25.5" cy="32.5" r="1.3" fill="#1d1a20" />
      <circle cx="38.5" cy="32.5" r="1.3" fill="#1d1a20" />
      <ellipse cx="15" cy="29" rx="5" ry="3" fill="#5b5663" transform="rotate(-20 15 29)" />
      <ellipse cx="49" cy="29" rx="5" ry="3" fill="#5b5663" transform="rotate(20 49 29)" />
    </g>
  ),
  jeepney: (
    <g>
      <rect x="6" y="20" width="52" height="26" rx="5" fill="#e23b3b" />
      <rect x="6" y="16" width="52" height="7" rx="3" fill="#f5c518" />
      <rect x="11" y="25" width="9" height="8" rx="1.5" fill="#bfe7ff" />
      <rect x="23" y="25" width="9" height="8" rx="1.5" fill="#bfe7ff" />
      <rect x="35" y="25" width="9" height="8" rx="1.5" fill="#bfe7ff" />
      <rect x="47" y="25" width="8" height="11" rx="1.5" fill="#bfe7ff" />
      <path d="M6 38h52" stroke="#2f6fdb" strokeWidth="3" />
      <path d="M52 16l4-6 2 6" fill="#d9dde3" />
      <circle cx="18" cy="47" r="6" fill="#222" />
      <circle cx="46" cy="47" r="6" fill="#222" />
      <circle cx="18" cy="47" r="2.5" fill="#cfd3d8" />
      <circle cx="46" cy="47" r="2.5" fill="#cfd3d8" />
    </g>
  ),
  mango: (
    <g>
      <path d="M20 14c16-6 34 6 32 24-2 16-20 22-32 14C8 44 6 20 20 14z" fill="#ffb627" />
      <path
        d="M24 18c10-2 20 4 22 12"
        fill="none"
        stroke="#ffd874"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M22 15c-2-5 0-9 4-11" fill="none" stroke="#6b4b1f" strokeWidth="2.5" />
      <path d="M26 8c8-4 16-2 18 4-8 3-14 1-18-4z" fill="#3fa34d" />
    </g>
  ),
  rooster: (
    <g>
      <path d="M40 28c8-10 16-8 18 2-4-2-8 0-10 4 6-2 10 2 8 8-4-4-10-2-12 2" fill="#1f8a70" />
      <ellipse cx="32" cy="38" rx="15" ry="12" fill="#c9502c" />
      <circle cx="20" cy="24" r="8" fill="#e0663a" />
      <path d="M15 17c0-5 3-6 4-3 1-4 4-4 4 0 2-3 5-2 4 2" fill="#e23b3b" />
      <path d="M12 24l-6 2 6 2z" fill="#f5c518" />
      <path d="M15 29c-1 4 1 6 3 5" fill="#e23b3b" />
      <circle cx="19" cy="23" r="1.6" fill="#1d1a20" />
      <path
        d="M28 50v8M36 50v8M26 58h5M34 58h5"
        stroke="#f5c518"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </g>
  ),
  parol: (
    <g>
      <path
        d="M32 6l7 15 16 2-12 11 3 16-14-8-14 8 3-16L9 23l16-2z"
        fill="#f5c518"
        stroke="#e23b3b"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="27" r="6" fill="#e23b3b" />
      <path
        d="M24 48l-4 12M32 42v18M40 48l4 12"
        stroke="#2f6fdb"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </g>
  ),
  coconut: (
    <g>
      <path
        d="M32 22c-4-10-14-14-22-10 8 0 14 4 18 10M32 22c4-10 14-14 22-10-8 0-14 4-18 10M32 22c0-8 4-14 10-16"
        fill="none"
        stroke="#3fa34d"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="32" cy="40" r="17" fill="#7a4a22" />
      <path
        d="M20 34c4-6 12-8 20-6"
        fill="none"
        stroke="#9c6433"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="27" cy="42" r="2.5" fill="#3b220e" />
      <circle cx="37" cy="42" r="2.5" fill="#3b220e" />
      <circle cx="32" cy="49" r="2.5" fill="#3b220e" />
    </g>
  ),
  // Pagoda card (Myanmar).
  pagoda: (
    <g>
      <path d="M32 3v9" stroke="#f7d774" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="32" cy="3.5" r="2" fill="#fff3b0" />
      <path d="M29 12h6l2 8h-10z" fill="#f0b429" />
      <path d="M32 18c-8 2-12 10-12 18h24c0-8-4-16-12-18z" fill="#f7c948" />
      <path
        d="M26 22c-3 4-4 9-4 13"
        stroke="#fff3b0"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="16" y="36" width="32" height="6" rx="1" fill="#e4a11b" />
      <rect x="12" y="42" width="40" height="6" rx="1" fill="#cf8a12" />
      <rect x="8" y="48" width="48" height="8" rx="1" fill="#b8740c" />
      <path d="M8 52h48" stroke="#f7c948" strokeWidth="1.5" />
    </g>
  ),
  chinthe: (
    <g>
      <circle cx="32" cy="32" r="24" fill="#e4a11b" />
      <path
        d="M32 8l4 6 7-3 1 7 7 1-3 7 6 4-6 4 3 7-7 1-1 7-7-3-4 6-4-6-7 3-1-7-7-1 3-7-6-4 6-4-3-7 7-1 1-7 7 3z"
        fill="#cf7a12"
      />
      <circle cx="32" cy="33" r="14" fill="#f7d774" />
      <circle cx="26" cy="30" r="3" fill="#fff" />
      <circle cx="38" cy="30" r="3" fill="#fff" />
      <circle cx="26" cy="30" r="1.6" fill="#7a1f1f" />
      <circle cx="38" cy="30" r="1.6" fill="#7a1f1f" />
      <path d="M28 37h8l-4 4z" fill="#7a1f1f" />
      <path
        d="M25 42c4 4 10 4 14 0"
        stroke="#7a1f1f"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  ),
  elephant: (
    <g>
      <ellipse cx="36" cy="34" rx="20" ry="14" fill="#eceff3" />
      <circle cx="18" cy="28" r="11" fill="#f6f7f9" />
      <path
        d="M10 32c-4 6-4 14 0 20 2 2 4 0 3-2-2-4-2-10 1-14"
        fill="#f6f7f9"
        stroke="#c9ced6"
        strokeWidth="1.5"
      />
      <ellipse cx="25" cy="28" rx="6" ry="8" fill="#dfe3e9" />
      <circle cx="15" cy="25" r="1.6" fill="#333" />
      <path d="M14 36c2 2 5 2 6 0" stroke="#fff8dc" strokeWidth="3" strokeLinecap="round" />
      <rect x="22" y="42" width="6" height="12" rx="2" fill="#dfe3e9" />
      <rect x="44" y="42" width="6" height="12" rx="2" fill="#dfe3e9" />
      <path d="M28 18h18l-3 6H31z" fill="#c0392b" />
      <path d="M30 18l7-6 7 6" fill="#f0b429" />
    </g>
  ),
  peacock: (
    <g>
      <path
        d="M32 40L8 20M32 40L14 10M32 40L24 6M32 40L32 4M32 40L40 6M32 40L50 10M32 40L56 20"
        stroke="#1f8a70"
        strokeWidth="2"
      />
      {[
        [8, 20],
        [14, 10],
        [24, 6],
        [32, 4],
        [40, 6],
        [50, 10],
        [56, 20],
      ].map(([x = 0, y = 0]) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y + 4} r="5" fill="#1f8a70" />
          <circle cx={x} cy={y + 4} r="2.6" fill="#2f6fdb" />
          <circle cx={x} cy={y + 4} r="1.1" fill="#f5c518" />
        </g>
      ))}
      <path d="M32 30c-6 0-8 8-6 16 2 6 10 6 12 0 2-8 0-16-6-16z" fill="#2456b5" />
      <circle cx="32" cy="28" r="4" fill="#2456b5" />
      <path d="M35 28l4 1-4 1z" fill="#f5c518" />
      <path d="M28 50v8M36 50v8" stroke="#7a5a2a" strokeWidth="2" />
    </g>
  ),
  lotus: (
    <g>
      <path d="M32 12c6 8 6 20 0 30-6-10-6-22 0-30z" fill="#f48fb1" />
      <path
        d="M32 42c-4-10-12-16-22-16 2 10 10 16 22 16zM32 42c4-10 12-16 22-16-2 10-10 16-22 16z"
        fill="#ec6f9d"
      />
      <path
        d="M32 42c-8-4-18-4-26 2 8 4 18 4 26-2zM32 42c8-4 18-4 26 2-8 4-18 4-26-2z"
        fill="#f8bbd0"
      />
      <path
        d="M12 52c12 4 28 4 40 0"
        stroke="#3fa34d"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  ),
  parasol: (
    <g>
      <path d="M6 30C8 14 20 6 32 6s24 8 26 24z" fill="#e4572e" />
      <path
        d="M32 6L14 30M32 6l-8 24M32 6v24M32 6l8 24M32 6l18 24"
        stroke="#f7c948"
        strokeWidth="1.5"
      />
      <path d="M6 30q4 4 8 0 4 4 9 0 4 4 9 0 5 4 9 0 4 4 9 0 4 4 8 0" fill="#f7c948" />
      <path
        d="M32 30v26c0 3-4 3-4 0"
        fill="none"
        stroke="#7a4a22"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </g>
  ),
  // Fiesta card (anywhere).
  star: (
    <g>
      <path
        d="M32 4l8 17 18 2-13 13 4 19-17-9-17 9 4-19L6 23l18-2z"
        fill="#ffd23f"
        stroke="#f08a00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M24 24l8-4" stroke="#fff6c2" strokeWidth="3" strokeLinecap="round" />
    </g>
  ),
  clover: (
    <g>
      <circle cx="22" cy="22" r="10" fill="#2fb24c" />
      <circle cx="42" cy="22" r="10" fill="#2fb24c" />
      <circle cx="22" cy="40" r="10" fill="#2fb24c" />
      <circle cx="42" cy="40" r="10" fill="#2fb24c" />
      <circle cx="32" cy="31" r="5" fill="#1f8a38" />
      <path
        d="M36 36c6 8 8 14 6 22"
        stroke="#1f8a38"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  ),
  cherry: (
    <g>
      <path
        d="M22 40C24 26 30 14 44 8M42 42C40 28 40 18 44 8"
        fill="none"
        stroke="#3f7d20"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M44 8c6-2 12 0 14 4-6 2-11 0-14-4z" fill="#3fa34d" />
      <circle cx="21" cy="46" r="11" fill="#d7263d" />
      <circle cx="43" cy="47" r="11" fill="#b5172b" />
      <circle cx="17" cy="42" r="3" fill="#ff8a9a" />
      <circle cx="39" cy="43" r="3" fill="#ff8a9a" />
    </g>
  ),
  bell: (
    <g>
      <path
        d="M32 8c-11 0-16 9-16 20v10l-6 8h44l-6-8V28c0-11-5-20-16-20z"
        fill="#ffc83d"
        stroke="#d18a00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="52" r="5" fill="#d18a00" />
      <path
        d="M24 18c-2 3-3 7-3 12"
        stroke="#fff1b8"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="32" cy="7" r="3" fill="#d18a00" />
    </g>
  ),
  horseshoe: (
    <g>
      <path
        d="M14 54V30a18 18 0 0 1 36 0v24h-10V30a8 8 0 0 0-16 0v24z"
        fill="#9aa4b1"
        stroke="#5d6773"
        strokeWidth="2"
      />
      {[
        [19, 48],
        [18, 36],
        [22, 24],
        [45, 48],
        [46, 36],
        [42, 24],
      ].map(([x = 0, y = 0]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="1.8" fill="#3d444d" />
      ))}
    </g>
  ),
  coin: (
    <g>
      <circle cx="32" cy="34" r="22" fill="#e0a100" />
      <circle cx="32" cy="32" r="22" fill="#ffcf3f" />
      <circle cx="32" cy="32" r="16" fill="none" stroke="#e0a100" strokeWidth="3" />
      <path
        d="M32 22v20M27 27c0-3 10-3 10 1s-10 4-10 8 10 4 10 1"
        fill="none"
        stroke="#b37a00"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </g>
  ),
};

/** One symbol's drawing, or a plain disc for a symbol this file does not know. */
export function ScratchSymbol({ symbol, size = 64 }: { symbol: string; size?: number }) {
  return (
    <svg
      className="sc-symbol"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      data-symbol={symbol}
    >
      {symbols[symbol] ?? <circle cx="32" cy="32" r="20" fill="#999" />}
    </svg>
  );
}

/** Each card's colours: the paper, the ink and the foil's tint. */
export const scratchTheme: Record<ScratchCard, { paper: string; ink: string; foil: string }> = {
  carabao: { paper: '#fff4d6', ink: '#1b5e20', foil: '#c9b37a' },
  pagoda: { paper: '#fff1d0', ink: '#7a1f1f', foil: '#d4a640' },
  fiesta: { paper: '#fff0f6', ink: '#5b2a86', foil: '#b9a7d6' },
};

const scenes: Record<ScratchCard, ReactNode> = {
  // Rice terraces at sunrise, a carabao and its farmer on the dyke, a bahay kubo.
  carabao: (
    <g>
      <defs>
        <linearGradient id="sc-sky-carabao" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd27a" />
          <stop offset="1" stopColor="#ffeeb8" />
        </linearGradient>
      </defs>
      <rect width="320" height="120" fill="url(#sc-sky-carabao)" />
      <circle cx="250" cy="44" r="22" fill="#ffb627" />
      <path d="M0 70q60-30 120-8t110-10 90 6v62H0z" fill="#7cb342" />
      <path d="M0 86q70-20 150-4t170-4v42H0z" fill="#558b2f" />
      <path d="M0 100q80-14 160 0t160-2v22H0z" fill="#33691e" />
      <path d="M0 78q70-18 150-3M0 94q80-14 160 0" stroke="#aed581" strokeWidth="1.5" fill="none" />
      <path d="M30 74l18-14 18 14z" fill="#a1662f" />
      <rect x="34" y="74" width="28" height="14" fill="#d7a35c" />
      <rect x="44" y="78" width="8" height="10" fill="#5d3a17" />
      <g transform="translate(150 70)">
        <ellipse cx="20" cy="10" rx="20" ry="9" fill="#4a4550" />
        <circle cx="-2" cy="6" r="6" fill="#4a4550" />
        <path
          d="M-8 2c-6-4-6-8-2-10M4 2c6-4 6-8 2-10"
          stroke="#efe6d2"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M6 18v8M14 18v8M28 18v8M36 18v8"
          stroke="#4a4550"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </g>
      <g transform="translate(206 62)">
        <circle cx="0" cy="0" r="4" fill="#8d5524" />
        <path d="M-9 -3h18l-9-7z" fill="#e0c068" />
        <path
          d="M0 4v14M0 8l-6 8M0 8l7 4M0 18l-4 10M0 18l4 10"
          stroke="#2f6fdb"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </g>
    </g>
  ),
  // A golden stupa at dusk over the plain, temples and palms on the horizon, birds in flight.
  pagoda: (
    <g>
      <defs>
        <linearGradient id="sc-sky-pagoda" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5b1e5e" />
          <stop offset="0.6" stopColor="#e4572e" />
          <stop offset="1" stopColor="#ffc857" />
        </linearGradient>
      </defs>
      <rect width="320" height="120" fill="url(#sc-sky-pagoda)" />
      <circle cx="70" cy="80" r="26" fill="#ffe08a" opacity="0.8" />
      <path d="M0 98h320v22H0z" fill="#3b1d2e" />
      {[30, 100, 250, 290].map((x) => (
        <path key={x} d={`M${x} 98l8-10 2-8 2 8 8 10z`} fill="#3b1d2e" />
      ))}
      <path
        d="M276 98v-26M276 72c-8-2-12 2-14 6M276 72c8-2 12 2 14 6M276 72c-4-6-10-6-12-4M276 72c4-6 10-6 12-4"
        stroke="#3b1d2e"
        strokeWidth="3"
        fill="none"
      />
      <g transform="translate(160 0)">
        <path d="M0 8v14" stroke="#fff3b0" strokeWidth="2" />
        <path d="M-4 22h8l3 10h-14z" fill="#f0b429" />
        <path d="M0 30c-14 4-22 20-22 40h44c0-20-8-36-22-40z" fill="#f7c948" />
        <path d="M-10 38c-5 8-7 18-7 28" stroke="#fff3b0" strokeWidth="3" fill="none" />
        <rect x="-28" y="70" width="56" height="9" fill="#e4a11b" />
        <rect x="-36" y="79" width="72" height="9" fill="#cf8a12" />
        <rect x="-46" y="88" width="92" height="10" fill="#b8740c" />
      </g>
      <path
        d="M220 30q5-5 10 0 5-5 10 0M240 44q4-4 8 0 4-4 8 0M90 26q4-4 8 0 4-4 8 0"
        stroke="#3b1d2e"
        strokeWidth="2"
        fill="none"
      />
    </g>
  ),
  // A town fiesta: bunting across the sky, string lights, confetti and a ferris wheel.
  fiesta: (
    <g>
      <defs>
        <linearGradient id="sc-sky-fiesta" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a1b5e" />
          <stop offset="1" stopColor="#6a3cbc" />
        </linearGradient>
      </defs>
      <rect width="320" height="120" fill="url(#sc-sky-fiesta)" />
      <g transform="translate(250 70)" stroke="#ffd23f" strokeWidth="2" fill="none">
        <circle r="36" />
        <circle r="5" fill="#ffd23f" />
        {[0, 45, 90, 135].map((a) => (
          <path key={a} d="M-36 0h72" transform={`rotate(${a})`} />
        ))}
        {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
          <rect
            key={a}
            x="-4"
            y="-40"
            width="8"
            height="7"
            fill="#ff5d8f"
            transform={`rotate(${a})`}
          />
        ))}
        <path d="M-10 50l10-50 10 50" />
      </g>
      <path d="M0 18q80 30 160 0t160 0" stroke="#fff" strokeWidth="1.2" fill="none" />
      {Array.from({ length: 16 }, (_, i) => {
        const x = 6 + i * 20;
        const y = 18 + 13 * Math.sin((i / 8) * Math.PI) * (i < 8 ? 1 : -1) * 0.9;
        const colours = ['#ff5d8f', '#ffd23f', '#2fb24c', '#3fa9f5'];
        return <path key={x} d={`M${x} ${y}h14l-7 14z`} fill={colours[i % 4]} />;
      })}
      <path d="M0 52q60 16 130 2" stroke="#ffe9a8" strokeWidth="1" fill="none" />
      {Array.from({ length: 8 }, (_, i) => (
        <circle
          key={i}
          cx={10 + i * 16}
          cy={54 + 6 * Math.sin((i / 7) * Math.PI)}
          r="3"
          fill="#fff3b0"
        />
      ))}
      {Array.from({ length: 24 }, (_, i) => (
        <rect
          key={i}
          x={(i * 53) % 200}
          y={64 + ((i * 37) % 50)}
          width="4"
          height="2.5"
          fill={['#ff5d8f', '#ffd23f', '#2fb24c', '#3fa9f5'][i % 4]}
          transform={`rotate(${(i * 47) % 180} ${(i * 53) % 200} ${64 + ((i * 37) % 50)})`}
        />
      ))}
      <path d="M0 110h320v10H0z" fill="#1d1240" />
    </g>
  ),
};

/** A card's banner scene (320 × 120). */
export function ScratchScene({ card }: { card: ScratchCard }) {
  return (
    <svg
      className="sc-scene"
      viewBox="0 0 320 120"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
    >
      {scenes[card]}
    </svg>
  );
}
