import { useId, useState, type FormEvent } from 'react';

/** A username box that applies on Enter or on leaving it, not on every key. */
export function UsernameFilter({
  label,
  onSearch,
}: {
  label: string;
  onSearch: (username: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="field" role="search" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          type="search"
          className="field-input"
          value={text}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => onSearch(text.trim())}
        />
      </div>
    </form>
  );
}
