import { ZApiError } from '@aquasmart/domain';

/** The JSON error body (declared once, in the domain package), on routes so the OpenAPI document shows it. */
export const ZErrorResponse = ZApiError.describe('Error');

/** Error responses for the given status codes, for a route's `schema.response`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;
}

/** The error body for one status whose answer the OpenAPI document explains (its keys, when it comes). */
export function errorResponse(description: string): typeof ZErrorResponse {
  return ZErrorResponse.describe(description);
}
