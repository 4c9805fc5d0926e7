import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's per-field messages on the form's fields; true when there were any. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const { path, msg } of error.errors) {
    if ((fields as readonly string[]).includes(path)) {
      setError(path as Path<T>, { message: msg });
      applied = true;
    }
  }
  return applied;
}

/** The server's per-field messages by field path (empty for any other failure), for forms kept in plain state. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? Object.fromEntries(error.errors.map((f) => [f.path, f.msg])) : {};
}
