/** Counts above this show as "99+": the badge stays small and the exact figure is elsewhere. */
const maxShown = 99;

/**
 * A small red count on a menu item or tab (SPEC §2: mission, message and reward items). Nothing
 * at all at 0 or while the count is unknown. `label` says what the count is, in words, for
 * screen readers ("3 unread messages"); the figure itself is only for the eye.
 */
export function CountBadge({
  count,
  label,
  testId,
}: {
  count: number | undefined;
  label: string;
  testId?: string;
}) {
  if (count === undefined || count <= 0) return null;
  return (
    <span
      className="count-badge"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-count={count}
    >
      {count > maxShown ? `${maxShown}+` : count}
    </span>
  );
}
