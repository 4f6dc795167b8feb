import type { z } from 'zod';

/** "deviceInfo.devEui: must be 16 hexadecimal characters; fCnt: ..." - the reason a 400 gives. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}
