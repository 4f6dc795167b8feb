import type { z } from 'zod';

/** Maps zod issues to `{ "field.path": "message key" }`, the first issue per field winning. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
