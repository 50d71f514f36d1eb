export type TileState = 'hidden' | 'gem' | 'boom' | 'mine' | 'gem-dim';

/** One tile of the mines board: a button while hidden, then a gem or a mine. */
export function MinesTile(props: {
  tile: number;
  state: TileState;
  disabled: boolean;
  onOpen: (tile: number) => void;
}) {
  const { tile, state } = props;
  const hidden = state === 'hidden';
  return (
    <button
      type="button"
      className={`mines-tile is-${state}`}
      disabled={!hidden || props.disabled}
      onClick={() => props.onOpen(tile)}
      aria-label={String(tile + 1)}
      data-testid="mines-tile"
      data-tile={tile}
      data-state={state}
    >
      {state === 'gem' || state === 'gem-dim' ? <GemArt /> : null}
      {state === 'boom' || state === 'mine' ? <MineArt /> : null}
    </button>
  );
}

function GemArt() {
  return (
    <svg className="mines-art" viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="mines-gem" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a7f3d0" />
          <stop offset="0.5" stopColor="#34d399" />
          <stop offset="1" stopColor="#047857" />
        </linearGradient>
      </defs>
      <path
        d="M14 22 24 10h16l10 12-18 32z"
        fill="url(#mines-gem)"
        stroke="#065f46"
        strokeWidth="2"
      />
      <path
        d="M14 22h36M24 10l8 12 8-12M32 22v32M24 22l8 32 8-32"
        fill="none"
        stroke="#ecfdf5"
        strokeOpacity="0.55"
        strokeWidth="1.5"
      />
      <path d="M22 14l4 6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function MineArt() {
  return (
    <svg className="mines-art" viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <radialGradient id="mines-bomb" cx="0.38" cy="0.38" r="0.7">
          <stop offset="0" stopColor="#6b7280" />
          <stop offset="1" stopColor="#111827" />
        </radialGradient>
      </defs>
      <g stroke="#111827" strokeWidth="4" strokeLinecap="round">
        <path d="M32 8v8M32 48v8M8 32h8M48 32h8M15 15l6 6M43 43l6 6M15 49l6-6M43 21l6-6" />
      </g>
      <circle cx="32" cy="32" r="16" fill="url(#mines-bomb)" />
      <circle cx="26" cy="26" r="4" fill="#f9fafb" fillOpacity="0.7" />
      <circle cx="32" cy="32" r="5" fill="#ef4444" />
    </svg>
  );
}
