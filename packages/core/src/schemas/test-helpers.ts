/** Test-only helpers (not exported from the package). */
import type { z } from 'zod';

/** Every message the schema reports, grouped by dotted field path; {} when the input is valid. */
export function issuesByField(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}
