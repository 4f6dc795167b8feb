import { endpointIssues, isMaskedToken, normalizeEndpoint, type TEndpointInput, type TEndpointValue } from '@aquasmart/domain';
import type { TEndpoint as TStoredEndpoint } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

/** A stored endpoint with every key present (null when unused), platform rules applied. */
export function readEndpoint(stored: TStoredEndpoint | null | undefined): TEndpointValue {
  return normalizeEndpoint(stored ?? {});
}

/** What is written to the jsonb column: only the keys in use ({} means no platform). */
export function toStoredEndpoint(value: TEndpointValue): TStoredEndpoint {
  const stored: TStoredEndpoint = {};
  if (value.platform !== null) stored.platform = value.platform;
  if (value.url !== null) stored.url = value.url;
  if (value.token !== null) stored.token = value.token;
  if (value.ldOptions !== null) {
    stored.ldOptions = Object.fromEntries(Object.entries(value.ldOptions).filter(([, option]) => option !== null));
  }
  return stored;
}

/**
 * PATCH semantics: the keys sent replace the stored ones (null clears one), keys left out keep
 * their stored value; `endpoint: null` means no platform. The platform rules then apply.
 */
export function mergeEndpoint(stored: TStoredEndpoint | null | undefined, patch: TEndpointInput | null): TEndpointValue {
  if (patch === null) return normalizeEndpoint(null);
  const current = readEndpoint(stored);
  const merged: TEndpointInput = { ...current };
  for (const key of ['platform', 'url', 'token', 'ldOptions'] as const) {
    if (patch[key] !== undefined) (merged as Record<string, unknown>)[key] = patch[key];
  }
  // The browser only ever sees the token's mask: sent back unchanged, the stored token stays.
  if (isMaskedToken(patch.token)) merged.token = current.token;
  return normalizeEndpoint(merged);
}

export function sameEndpoint(a: TEndpointValue, b: TEndpointValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Refuses an endpoint that breaks the platform rules with 400 naming the fields. */
export function assertEndpoint(value: TEndpointValue, editing: boolean): void {
  const fields = endpointIssues(value, { editing });
  if (Object.keys(fields).length) throw ApiError.badRequest(`Invalid endpoint: ${Object.keys(fields).join(', ')}`, fields);
}
