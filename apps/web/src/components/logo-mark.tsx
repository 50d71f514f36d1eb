/**
 * Taya's mark, drawn rather than typed: a letter would be text that a voice-control user sees
 * but cannot say, since the logo link is named "Taya home".
 */
export function LogoMark() {
  return (
    <span className="logo-mark" aria-hidden="true">
      <svg viewBox="0 0 32 32" width="18" height="18" focusable="false">
        <path d="M7 8h18v4.5h-6.75V25h-4.5V12.5H7z" fill="currentColor" />
      </svg>
    </span>
  );
}
