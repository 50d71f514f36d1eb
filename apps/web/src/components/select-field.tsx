import { useId, type SelectHTMLAttributes } from 'react';

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className'
> {
  label: string;
}

/** A labelled select, laid out like `TextField`; the options are its children. */
export function SelectField({ label, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label
        htmlFor={id}
        className="field-label"
        data-required={select.required ? 'true' : undefined}
      >
        {label}
      </label>
      <div className="field-control">
        <select {...select} id={id} className="field-input">
          {children}
        </select>
      </div>
    </div>
  );
}
