/** A form-level message, announced when it appears. `tone` "success" is a status, not an alert. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  return tone === 'success' ? (
    <p className="form-alert is-success" role="status">
      {message}
    </p>
  ) : (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}
