import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { i18n } from '../lib/i18n/i18n';
import { ROUTES, ROUTES_BY_ID } from './route-table';

describe('the route table', () => {
  /** Every address of docs/screens.md ("Routes") and docs/nodes-screens.md resolves to exactly one declared route. */
  const addresses: [string, string][] = [
    ['/login', 'login'],
    ['/404', 'notFound'],
    ['/unauthorized', 'unauthorized'],
    ['/customers', 'customers'],
    ['/customers/new', 'customerNew'],
    ['/customers/Gemeente%20Utrecht', 'customerDetail'],
    ['/customers/Gemeente%20Utrecht/edit', 'customerEdit'],
    ['/customers/Gemeente%20Utrecht/dashboard/annualCalibrations', 'customerDashboard.annualCalibrations'],
    ['/customers/Gemeente%20Utrecht/dashboard/incorrectSettings', 'customerDashboard.incorrectSettings'],
    ['/customers/Gemeente%20Utrecht/dashboard/weeklyFlushes', 'customerDashboard.weeklyFlushes'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/IncorrectSettings', 'dashboard.incorrectSettings'],
    ['/dashboard/overflowDetections', 'dashboard.overflowDetections'],
    ['/dashboard/nodes', 'dashboard.nodes'],
    ['/locations', 'locations'],
    ['/locations/new', 'locationNew'],
    ['/locations/Klant/Stadhuis', 'locationDetail'],
    ['/locations/Klant/Stadhuis/edit', 'locationEdit'],
    ['/gateways', 'gateways'],
    ['/gateways/new', 'gatewayNew'],
    ['/gateways/Klant/Stadhuis/GW-1', 'gatewayDetail'],
    ['/gateways/Klant/Stadhuis/GW-1/edit', 'gatewayEdit'],
    ['/nodes', 'nodes'],
    ['/nodes/new', 'nodeNew'],
    ['/nodes/Klant/Stadhuis/0004A30B001C2D3E', 'nodeDetail'],
    ['/nodes/Klant/Stadhuis/0004A30B001C2D3E/edit', 'nodeEdit'],
    ['/nodes/Klant/Stadhuis/0004A30B001C2D3E/settings', 'nodeSettings'],
    ['/products', 'products'],
    ['/products/new', 'productNew'],
    ['/products/Kraan%20X/edit', 'productEdit'],
    ['/users', 'users'],
    ['/users/current', 'userCurrent'],
    ['/users/new', 'userNew'],
    ['/users/jan%40example.com', 'userDetail'],
    ['/users/jan%40example.com/edit', 'userEdit'],
    ['/networkServers', 'networkServers'],
    ['/networkServers/new', 'networkServerNew'],
    ['/networkServers/ChirpStack%20Utrecht/edit', 'networkServerEdit'],
    ['/provisioning', 'provisioning'],
    ['/alerts/outbox', 'mailOutbox'],
    ['/alarms', 'alarms'],
    ['/alarms/12', 'alarmDetail'],
  ];

  /** The best match as React Router ranks it: static segments beat params. */
  function resolve(pathname: string): string | undefined {
    const matches = ROUTES.filter((route) => matchPath(route.path, pathname));
    const score = (path: string) => path.split('/').reduce((sum, segment) => sum + (segment.startsWith(':') ? 1 : 10), 0);
    return matches.sort((a, b) => score(b.path) - score(a.path))[0]?.id;
  }

  it.each(addresses)('%s is the route %s', (pathname, id) => {
    expect(resolve(pathname)).toBe(id);
  });

  it('declares twelve dashboard lists in both scopes', () => {
    expect(ROUTES.filter((route) => route.id.startsWith('dashboard.'))).toHaveLength(12);
    expect(ROUTES.filter((route) => route.id.startsWith('customerDashboard.'))).toHaveLength(12);
  });

  it('has unique ids and paths, titles for every route, and crumbs that exist', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) {
      expect(route.title).toMatch(/^routes\./);
      for (const crumb of route.crumbs ?? []) {
        expect(ROUTES_BY_ID.has(typeof crumb === 'string' ? crumb : crumb.route)).toBe(true);
      }
    }
  });

  it('keeps /login and the forgotten-password pages as the only public routes', () => {
    expect(ROUTES.filter((route) => route.public).map((route) => route.path)).toEqual(['/login', '/forgot-password', '/reset-password']);
  });
});

describe('route titles', () => {
  it.each(ROUTES.map((route) => [route.id, route.title]))('%s has a Dutch and an English title', (_id, title) => {
    expect(i18n.exists(title, { lng: 'nl', fallbackLng: false })).toBe(true);
    expect(i18n.exists(title, { lng: 'en', fallbackLng: false })).toBe(true);
  });
});
