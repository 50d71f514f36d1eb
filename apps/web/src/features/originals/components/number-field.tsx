import { useId, useState, type ReactNode } from 'react';

/**
 * A figure the player may type into while the others follow: what is typed stays as typed while
 * the field has focus (each readable value is passed on at once), and shows the shared value
 * again once it loses it.
 */
export function NumberField({
  label,
  value,
  onValue,
  suffix,
  action,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  /** A typed text; returns whether it was understood. */
  onValue: (text: string) => boolean;
  suffix?: string;
  /** A button beside the input (dice's under/over switch). */
  action?: ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const [bad, setBad] = useState(false);
  return (
    <div className="og-field">
      <label className="og-label" htmlFor={id}>
        {label}
      </label>
      <div className="og-number">
        <input
          id={id}
          className="og-input"
          inputMode="decimal"
          autoComplete="off"
          value={typed ?? value}
          disabled={disabled}
          aria-invalid={bad}
          onFocus={() => setTyped(value)}
          onBlur={() => {
            setTyped(null);
            setBad(false);
          }}
          onChange={(e) => {
            setTyped(e.target.value);
            setBad(!onValue(e.target.value));
          }}
          data-testid={testId}
        />
        {suffix ? <span className="og-suffix">{suffix}</span> : null}
        {action}
      </div>
    </div>
  );
}
