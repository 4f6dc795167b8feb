import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { i18n } from '../i18n/i18n';
import { failureText } from './failure-text';

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
