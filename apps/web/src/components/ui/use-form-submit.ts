import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/form-errors';
import { useToast } from './toast';

/** Takes the server's per-field messages of a failed request; says whether it took any. */
type FieldErrorsTaker = (fields: Record<string, string>) => boolean;

/** Every per-field message into a form kept in plain state (`setErrors`). */
export const allFieldErrors =
  (setErrors: (errors: Record<string, string>) => void): FieldErrorsTaker =>
  (fields) => {
    if (Object.keys(fields).length === 0) return false;
    setErrors(fields);
    return true;
  };

/** The message of the one field the form shows (`name`) into `setError`. */
export const oneFieldError =
  (name: string, setError: (error: string) => void): FieldErrorsTaker =>
  (fields) => {
    const error = fields[name];
    if (error) setError(error);
    return Boolean(error);
  };

/**
 * A plain-state form's send: the answer's message (else `success`) as a toast, then `done`; a failure goes to the
 * form's fields when `takeFieldErrors` takes it, else to a toast (the server's message, else `failure`).
 */
export function useFormSubmit({
  success,
  failure,
  takeFieldErrors,
}: {
  success: string;
  failure: string;
  takeFieldErrors: FieldErrorsTaker;
}) {
  const { showToast } = useToast();
  return async (request: Promise<{ message?: string }>, done?: () => void) => {
    try {
      const res = await request;
      showToast(res.message ?? success, 'success');
      done?.();
    } catch (e) {
      if (!takeFieldErrors(fieldErrorsOf(e))) showToast(errorMessage(e, failure), 'error');
    }
  };
}

/** A plain-state form's messages per field (its own checks' and the server's, see allFieldErrors) and its send (useFormSubmit). */
export function useFieldErrorsSubmit(texts: { success: string; failure: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useFormSubmit({ ...texts, takeFieldErrors: allFieldErrors(setErrors) });
  return { errors, setErrors, send };
}
