/** Turning zod issues into the API's `errors: [{path, msg}]` (decisions §2). */
import { z } from 'zod';
import type { ApiFailure, FieldError } from '../api';

/** The envelope of every refusal and failure (decisions §2), as the API documents it for each error status. */
export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), msg: z.string() })).optional(),
}) satisfies z.ZodType<ApiFailure>;

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
