/** What a step's picture points at on the phone. */
export type IllustrationFocus = 'browser' | 'share' | 'add-home' | 'menu' | 'install' | 'home-icon';

/**
 * A phone drawn in a few shapes, with the control a step talks about marked in the accent colour.
 * Purely illustrative: the step's text says the same thing, so the picture is hidden from
 * assistive tech.
 */
export function InstallIllustration({
  focus,
  platform,
}: {
  focus: IllustrationFocus;
  platform: 'ios' | 'android';
}) {
  const accent = 'var(--accent)';
  const line = 'var(--text-muted)';
  const mark = (active: boolean) => (active ? accent : line);
  return (
    <svg
      className="install-illustration"
      viewBox="0 0 120 200"
      width={120}
      height={200}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="6" y="4" width="108" height="192" rx="16" fill="var(--surface)" stroke={line} />
      <rect x="44" y="10" width="32" height="6" rx="3" fill={line} opacity="0.5" />
      {/* Address bar */}
      <rect
        x="14"
        y="24"
        width="92"
        height="16"
        rx="8"
        fill="var(--surface-2)"
        stroke={mark(focus === 'browser')}
        strokeWidth={focus === 'browser' ? 2.5 : 1}
      />
      <text x="60" y="35.5" textAnchor="middle" fontSize="8" fill={line}>
        taya
      </text>
      {/* Android menu: three dots at the top right */}
      {platform === 'android' && focus !== 'home-icon' ? (
        <g fill={mark(focus === 'menu')}>
          <circle cx="100" cy="50" r="2.2" />
          <circle cx="100" cy="57" r="2.2" />
          <circle cx="100" cy="64" r="2.2" />
        </g>
      ) : null}
      {/* Page content */}
      <rect x="14" y="48" width="60" height="8" rx="4" fill={line} opacity="0.35" />
      <rect x="14" y="62" width="92" height="40" rx="6" fill={line} opacity="0.18" />
      <rect x="14" y="108" width="44" height="30" rx="6" fill={line} opacity="0.18" />
      <rect x="62" y="108" width="44" height="30" rx="6" fill={line} opacity="0.18" />
      {/* A sheet or menu opened over the page */}
      {focus === 'add-home' || focus === 'install' ? (
        <g>
          <rect
            x={focus === 'install' ? 46 : 14}
            y={focus === 'install' ? 46 : 112}
            width={focus === 'install' ? 64 : 92}
            height={focus === 'install' ? 64 : 64}
            rx="8"
            fill="var(--bg-raised)"
            stroke={line}
          />
          <rect
            x={focus === 'install' ? 52 : 20}
            y={focus === 'install' ? 72 : 140}
            width={focus === 'install' ? 52 : 80}
            height="14"
            rx="5"
            fill="none"
            stroke={accent}
            strokeWidth="2.5"
          />
          <path
            d={focus === 'install' ? 'M56 79h4M58 77v4' : 'M25 147h6M28 144v6'}
            stroke={accent}
            strokeWidth="2"
          />
        </g>
      ) : null}
      {/* iOS toolbar with the Share button */}
      {platform === 'ios' && focus !== 'home-icon' ? (
        <g>
          <line x1="14" y1="180" x2="106" y2="180" stroke={line} opacity="0.4" />
          <path
            d="M60 184v-12M55 177l5-5 5 5M53 181h-2v9h18v-9h-2"
            fill="none"
            stroke={mark(focus === 'share')}
            strokeWidth={focus === 'share' ? 2.5 : 1.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      ) : null}
      {/* The home screen with the new icon */}
      {focus === 'home-icon' ? (
        <g>
          <rect x="6" y="44" width="108" height="120" fill="var(--surface)" />
          {[0, 1, 2].map((column) => (
            <rect
              key={column}
              x={18 + column * 32}
              y="60"
              width="22"
              height="22"
              rx="6"
              fill={line}
              opacity="0.3"
            />
          ))}
          <rect x="18" y="94" width="22" height="22" rx="6" fill={accent} />
          <path d="M24 100h10v3h-3.5v8h-3v-8H24z" fill="var(--accent-ink)" />
        </g>
      ) : null}
    </svg>
  );
}
