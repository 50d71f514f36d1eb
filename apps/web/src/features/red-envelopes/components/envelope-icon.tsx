/** A red envelope (hongbao): closed with its gold seal, or opened with the flap up. */
export function EnvelopeIcon({ opened = false }: { opened?: boolean }) {
  return (
    <svg
      className={opened ? 'envelope-icon is-opened' : 'envelope-icon'}
      viewBox="0 0 48 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2" y="6" width="44" height="56" rx="6" fill="#d62b2b" />
      <rect
        x="2"
        y="6"
        width="44"
        height="56"
        rx="6"
        fill="none"
        stroke="#8f1414"
        strokeWidth="2"
      />
      {opened ? (
        <path d="M4 10 L24 -2 L44 10 Z" fill="#b81f1f" stroke="#8f1414" strokeWidth="2" />
      ) : (
        <path d="M4 10 Q24 34 44 10" fill="#b81f1f" stroke="#8f1414" strokeWidth="2" />
      )}
      <circle
        cx="24"
        cy={opened ? 34 : 24}
        r="7"
        fill="#f2c14e"
        stroke="#a4761a"
        strokeWidth="1.5"
      />
      <circle cx="24" cy={opened ? 34 : 24} r="3" fill="none" stroke="#a4761a" strokeWidth="1.5" />
    </svg>
  );
}
