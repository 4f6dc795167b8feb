import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { i18n } from '../i18n/i18n';
import { failureText, serverReason } from './failure-text';

const t = i18n.getFixedT('nl');
const exists = (key: string) => i18n.exists(key, { lng: 'nl' });
const refused = (key: string, params?: Record<string, number>) =>
  new HttpError(409, 'DELETE', '/api/v1/customers/x', { statusCode: 409, error: 'Conflict', message: 'in use', key, params });

describe('failure texts of saves and deletes', () => {
  it.each([
    [
      refused('errors.customerInUse', { locations: 2, gateways: 1, nodes: 0, users: 3 }),
      'snackbar.customerDeleteError',
      'Fout bij verwijderen klant: Klant heeft nog 2 locatie(s), 1 gateway(s), 0 node(s) en 3 gebruiker(s)',
    ],
    [refused('errors.locationInUse', { gateways: 0, nodes: 4 }), 'snackbar.locationDeleteError', 'Fout bij verwijderen locatie: Locatie heeft nog 0 gateway(s) en 4 node(s)'],
    [refused('errors.customerNameTaken'), 'snackbar.customerCreateError', 'Fout bij aanmaken klant: Er bestaat al een klant met deze naam'],
    [refused('errors.somethingUnknown'), 'snackbar.gatewayEditError', 'Fout bij wijzigen gateway'],
    [new Error('network'), 'snackbar.gatewayDeleteError', 'Fout bij verwijderen gateway'],
  ])('%#: %s', (error, key, expected) => {
    expect(failureText(t, error, key, exists)).toBe(expected);
  });
});

const conflict = (body: object) => new HttpError(409, 'DELETE', '/api/v1/products/x', { statusCode: 409, error: 'Conflict', message: 'x', ...body });

describe('serverReason: the server answer as a sentence (appended to productDeleteError)', () => {
  it.each<[string, unknown, string]>([
    ['a key without params', conflict({ key: 'errors.productNameTaken' }), 'Er bestaat al een product met deze naam'],
    ['a key whose params are missing: the generic text of the status', conflict({ key: 'errors.productInUse' }), 'Bestaat al of is nog in gebruik'],
    ['no key: the text of the status', conflict({}), 'Bestaat al of is nog in gebruik'],
    ['an unknown key', conflict({ key: 'errors.somethingNew' }), 'Bestaat al of is nog in gebruik'],
    ['the server unreachable', new HttpError(0, 'DELETE', '/x', null), 'De server is tijdelijk niet beschikbaar'],
    ['not an HTTP error', new Error('boom'), 'Er ging iets mis op de server'],
  ])('%s', (_case, error, expected) => {
    expect(serverReason(i18n.t, error)).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ['params missing: the text of its own', conflict({ key: 'errors.productInUse' }), 'Product is nog in gebruik bij gateways of nodes'],
    ['params present: the counts', conflict({ key: 'errors.productInUse', params: { gateways: 2, nodes: 1 } }), 'Product is nog in gebruik bij 2 gateway(s) en 1 node(s)'],
    ['another key keeps the generic text', conflict({ key: 'errors.inUseElse' }), 'Bestaat al of is nog in gebruik'],
  ])('with a fallback for productInUse, %s', (_case, error, expected) => {
    expect(serverReason(i18n.t, error, { 'errors.productInUse': 'products.inUse' })).toBe(expected);
  });
});
