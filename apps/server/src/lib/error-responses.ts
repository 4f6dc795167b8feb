import { z } from 'zod';

/** The JSON error body, declared on routes so the OpenAPI document shows it. */
export const ZErrorResponse = z
  .object({
    statusCode: z.number(),
    error: z.string(),
    message: z.string(),
    key: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .describe('Error');

/** Error responses for the given status codes, for a route's `schema.response`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;
}

/** The error body for one status whose answer the OpenAPI document explains (its keys, when it comes). */
export function errorResponse(description: string): typeof ZErrorResponse {
  return ZErrorResponse.describe(description);
}
