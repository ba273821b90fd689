// A form's error line: announced to assistive tech (role="alert"), nothing when there is none.
export function FormError({ error, testId }: { error: string | null | undefined; testId?: string }) {
  if (!error) return null;
  return (
    <span className="error-text" role="alert" data-testid={testId}>
      {error}
    </span>
  );
}
