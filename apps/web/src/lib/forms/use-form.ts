import { useCallback, useState, type ChangeEvent } from 'react';

type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * Form state for the account forms (log-in, registration, the security centre): values, which
 * fields the player has left (live validation starts there, or at the first submit), and errors
 * the server reported per field. A server error goes as soon as the player edits that field.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<K>>({});

  const setValue = useCallback((name: K, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerErrors((previous) => {
      if (!(name in previous)) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }, []);

  /** Props for an input bound to `name`. */
  const bind = (name: K) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    onBlur: () =>
      setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true })),
  });

  /** The error to show: the server's, else the client's once the field was left or submitted. */
  const shownError = (name: K, clientError: string | null | undefined): string | null =>
    serverErrors[name] ?? (touched[name] || submitted ? (clientError ?? null) : null);

  const touch = (name: K) => setTouched((previous) => ({ ...previous, [name]: true }));

  return {
    values,
    setValue,
    bind,
    shownError,
    touch,
    submitted,
    markSubmitted: () => setSubmitted(true),
    setServerErrors,
  };
}
