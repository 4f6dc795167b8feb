import { useMatches } from 'react-router';

/**
 * What every route of the route table carries in its `handle`: its id, its path pattern and
 * the message key of its title. Screens read it to name themselves; the shell reads it for
 * titles, breadcrumbs and guards.
 */
export interface TRouteHandle {
  routeId: string;
  pattern: string;
  title: string;
}

export function isRouteHandle(value: unknown): value is TRouteHandle {
  return typeof value === 'object' && value !== null && 'routeId' in value && 'pattern' in value && 'title' in value;
}

/** The deepest matched route that belongs to the route table, with its params. */
export function useCurrentRoute(): { handle: TRouteHandle; params: Record<string, string | undefined> } | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (isRouteHandle(match.handle)) return { handle: match.handle, params: match.params };
  }
  return null;
}

/** Replaces `:name` placeholders by the route's values (only names that have a value). */
export function fillParams(text: string, params: Record<string, string | undefined>, encode = false): string {
  return text.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return encode ? encodeURIComponent(value) : value;
  });
}
