import { useId } from 'react';

/**
 * Taya Fortune's symbols, drawn here (no images to download). Each has its own colour and shape
 * so they read apart on a small phone and for colour-blind players: card ranks are bold letters
 * in six hues, the high symbols are shapes, Wild and Scatter are badges.
 */
const ranks: Record<string, { glyph: string; light: string; dark: string }> = {
  NINE: { glyph: '9', light: '#5eead4', dark: '#0f766e' },
  TEN: { glyph: '10', light: '#7dd3fc', dark: '#0369a1' },
  JACK: { glyph: 'J', light: '#86efac', dark: '#15803d' },
  QUEEN: { glyph: 'Q', light: '#d8b4fe', dark: '#7e22ce' },
  KING: { glyph: 'K', light: '#fda4af', dark: '#be123c' },
  ACE: { glyph: 'A', light: '#fdba74', dark: '#c2410c' },
};

function Rank({
  id,
  glyph,
  light,
  dark,
}: {
  id: string;
  glyph: string;
  light: string;
  dark: string;
}) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r="40" fill={dark} opacity="0.16" />
      <text
        x="50"
        y="52"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="900"
        fontSize={glyph.length > 1 ? 50 : 64}
        fill={`url(#${id})`}
        stroke={dark}
        strokeWidth="3"
        paintOrder="stroke"
        letterSpacing={glyph.length > 1 ? -3 : 0}
      >
        {glyph}
      </text>
    </>
  );
}

function Pearl({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.38" cy="0.34" r="0.7">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.45" stopColor="#f5e1f7" />
          <stop offset="1" stopColor="#b68dc4" />
        </radialGradient>
      </defs>
      <path
        d="M14 74 Q50 96 86 74 L80 84 Q50 100 20 84 Z"
        fill="#e9a8c9"
        stroke="#9d4f7c"
        strokeWidth="2"
      />
      <circle cx="50" cy="48" r="30" fill={`url(#${id})`} stroke="#8b5a9c" strokeWidth="2.5" />
      <ellipse
        cx="40"
        cy="37"
        rx="9"
        ry="6"
        fill="#fff"
        opacity="0.85"
        transform="rotate(-30 40 37)"
      />
    </>
  );
}

function Coin({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.4" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.55" stopColor="#f5b82e" />
          <stop offset="1" stopColor="#a35a00" />
        </radialGradient>
      </defs>
      <circle cx="50" cy="50" r="38" fill={`url(#${id})`} stroke="#7a4100" strokeWidth="3" />
      <circle cx="50" cy="50" r="29" fill="none" stroke="#7a4100" strokeWidth="2" opacity="0.6" />
      <rect
        x="40"
        y="40"
        width="20"
        height="20"
        rx="2"
        fill="#5a2f00"
        stroke="#fde68a"
        strokeWidth="2"
      />
      <g fill="#7a4100" opacity="0.75">
        <circle cx="50" cy="27" r="3" />
        <circle cx="50" cy="73" r="3" />
        <circle cx="27" cy="50" r="3" />
        <circle cx="73" cy="50" r="3" />
      </g>
    </>
  );
}

function Dragon({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.5" cy="0.4" r="0.7">
          <stop offset="0" stopColor="#f87171" />
          <stop offset="1" stopColor="#7f1d1d" />
        </radialGradient>
      </defs>
      <circle cx="50" cy="50" r="42" fill={`url(#${id})`} stroke="#fbbf24" strokeWidth="3" />
      {/* A coiling body with a crest of spines, rising to a horned head. */}
      <path
        d="M22 74 C30 52 48 82 56 60 S70 34 74 30"
        fill="none"
        stroke="#fbbf24"
        strokeWidth="9"
        strokeLinecap="round"
      />
      <path
        d="M30 60l-3-9 8 4M45 68l1-10 6 7M58 52l4-9 3 9"
        fill="#fde68a"
        stroke="#fde68a"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="75" cy="28" r="10" fill="#fbbf24" />
      <path d="M70 19l-4-9M80 19l3-9" stroke="#fde68a" strokeWidth="3" strokeLinecap="round" />
      <circle cx="78" cy="26" r="2.6" fill="#7f1d1d" />
      <path
        d="M84 31q6 1 8 5"
        stroke="#fde68a"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </>
  );
}

function Wild({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff7c2" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <rect
        x="8"
        y="22"
        width="84"
        height="56"
        rx="12"
        fill="#3b0764"
        stroke="#facc15"
        strokeWidth="3"
      />
      <text
        x="50"
        y="51"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="system-ui, sans-serif"
        fontWeight="900"
        fontSize="28"
        letterSpacing="1"
        fill={`url(#${id})`}
        stroke="#78350f"
        strokeWidth="1.5"
        paintOrder="stroke"
      >
        WILD
      </text>
      <path
        d="M18 14l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM82 78l2 5 5 2-5 2-2 5-2-5-5-2 5-2z"
        fill="#fde047"
      />
    </>
  );
}

function Scatter({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.5" cy="0.45" r="0.65">
          <stop offset="0" stopColor="#fbcfe8" />
          <stop offset="0.5" stopColor="#ec4899" />
          <stop offset="1" stopColor="#831843" />
        </radialGradient>
      </defs>
      <path
        d="M50 6l9 25 26-8-15 22 22 15-27 3 4 27-19-19-19 19 4-27-27-3 22-15-15-22 26 8z"
        fill={`url(#${id})`}
        stroke="#500724"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="50" r="13" fill="#fff" opacity="0.9" />
      <path d="M50 41l2.6 5.6 6 .6-4.5 4 1.3 6-5.4-3.1-5.4 3.1 1.3-6-4.5-4 6-.6z" fill="#db2777" />
    </>
  );
}

/** One symbol as an SVG; `label` is its name for assistive tech (null when decorative). */
export function SlotSymbol({ symbol, label }: { symbol: string; label: string | null }) {
  const id = `sym-${useId().replaceAll(':', '')}`;
  const rank = ranks[symbol];
  let art;
  if (rank) art = <Rank id={id} {...rank} />;
  else if (symbol === 'PEARL') art = <Pearl id={id} />;
  else if (symbol === 'COIN') art = <Coin id={id} />;
  else if (symbol === 'DRAGON') art = <Dragon id={id} />;
  else if (symbol === 'WILD') art = <Wild id={id} />;
  else if (symbol === 'SCATTER') art = <Scatter id={id} />;
  else {
    art = (
      <text
        x="50"
        y="50"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="22"
        fill="currentColor"
      >
        {symbol.slice(0, 4)}
      </text>
    );
  }
  return (
    <svg
      className="slot-symbol"
      viewBox="0 0 100 100"
      data-symbol={symbol}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {art}
    </svg>
  );
}
