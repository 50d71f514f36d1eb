import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-describedby' | 'aria-invalid' | 'prefix'
> {
  label: string;
  /** Shown under the input and linked to it; marks the input invalid. */
  error?: string | null;
  /** A standing hint under the input, also linked. */
  hint?: string | null;
  /** Text fixed before the input, e.g. the country dialing code. */
  prefix?: string;
  /** A control beside the input, e.g. the send-code button. */
  action?: ReactNode;
}

/**
 * A labelled input whose hint and error are tied to it with aria-describedby. Required fields get
 * a star from CSS (SPEC §5: fields marked * are required), so the label's text stays the name.
 */
export function TextField({
  label,
  error,
  hint,
  prefix,
  action,
  required,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const prefixId = `${id}-prefix`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field-label" data-required={required ? 'true' : undefined}>
        {label}
      </label>
      <div className="field-row">
        <div className={prefix ? 'field-control has-prefix' : 'field-control'}>
          {prefix ? (
            <span className="field-prefix" id={prefixId}>
              {prefix}
            </span>
          ) : null}
          <input
            {...input}
            id={id}
            className="field-input"
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        {action}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
