/**
 * The server state cached for the signed-in user. The query client is created with the shell
 * (lib/query-client.ts registers it here), so the login page and the response interceptor clear
 * it without loading TanStack Query, which stays off the login page (docs/operations.md, "Login
 * page budget"). Before the shell has loaded there is nothing to clear.
 */
let cache: { clear(): void } | null = null;

export function registerSessionCache(next: { clear(): void }): void {
  cache = next;
}

export function clearSessionCache(): void {
  cache?.clear();
}
