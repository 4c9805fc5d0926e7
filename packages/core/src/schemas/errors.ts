/** Turning zod issues into the API's `errors: [{path, msg}]` (decisions §2). */
import type { z } from 'zod';
import type { FieldError } from '../api';

/** Maps zod issues to `{path, msg}` field errors; the path is the dotted field name ('' for the whole body). */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), msg: issue.message }));
}

/** The first message per field, e.g. to set react-hook-form errors from a server response. */
export function firstErrorPerField(errors: readonly FieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const error of errors) byField[error.path] ??= error.msg;
  return byField;
}
