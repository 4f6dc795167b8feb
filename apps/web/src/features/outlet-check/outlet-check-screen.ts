import type { ComponentType } from 'react';

/**
 * The route's loader (route-table.ts): the page and its texts in one step behind this small module,
 * so that the entry chunk, which /login loads, names one file for the route instead of the page's
 * twenty chunks (the login page's 200 kB budget).
 */
export async function loadOutletCheckScreen(): Promise<ComponentType> {
  const [page] = await Promise.all([import('./outlet-check-page'), import('../../lib/i18n/texts/outlet-check')]);
  return page.OutletCheckPage;
}
