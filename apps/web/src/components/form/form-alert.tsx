import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';

export type FormOutcome = { variant: 'success' | 'danger'; messages: string[]; action?: { label: string; onClick: () => void } } | null;

/**
 * The result of a submit above the form: green for success, red with every message for errors
 * (spec 8: one danger alert). It takes the focus when it appears, so keyboard and screen reader
 * users land on what happened.
 */
export function FormAlert({ outcome, focusKey }: { outcome: FormOutcome; focusKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome, focusKey]);
  if (!outcome) return null;
  const [first, ...rest] = outcome.messages;
  return (
    <Alert ref={ref} variant={outcome.variant} tabIndex={-1} role={outcome.variant === 'danger' ? 'alert' : 'status'} className="form-alert">
      {rest.length === 0 ? (
        <p className="mb-0">{first}</p>
      ) : (
        <ul className="mb-0 ps-3">
          {outcome.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {outcome.action && (
        <button type="button" className="btn btn-outline-dark btn-sm mt-2" onClick={outcome.action.onClick}>
          {outcome.action.label}
        </button>
      )}
    </Alert>
  );
}
