import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { i18n } from '../../lib/i18n/i18n';
import { HttpError } from '../../lib/http/http-error';
import { failureSentence } from './failure-notice';
import { QueryStatus, type TQueryState } from './query-status';

const IDLE: TQueryState = { isPending: false, isFetching: false, isError: false };

describe('QueryStatus', () => {
  it.each<[string, TQueryState, 'pending' | 'fetching' | undefined, boolean]>([
    ['first load', { ...IDLE, isPending: true, isFetching: true }, undefined, true],
    ['a refresh of a screen', { ...IDLE, isFetching: true }, undefined, false],
    ['a refresh of a list that shows it', { ...IDLE, isFetching: true }, 'fetching', true],
    ['loaded', IDLE, 'fetching', false],
  ])('%s: bar %s', (_case, query, busyWhile, bar) => {
    renderAt(<QueryStatus query={query} errorText="Kon niet laden" busyWhile={busyWhile} />, '/');
    expect(screen.queryByRole('progressbar', { name: 'Bezig met laden' }) !== null).toBe(bar);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the bar when told busy, with its own label, whatever the query says', () => {
    renderAt(<QueryStatus query={IDLE} errorText="Kon niet laden" busy loadingLabel="Grafiek laden" />, '/');
    expect(screen.getByRole('progressbar', { name: 'Grafiek laden' })).toBeTruthy();
  });

  it('shows the error sentence in an error alert when the query failed', () => {
    renderAt(<QueryStatus query={{ ...IDLE, isError: true }} errorText="Kon niet laden" />, '/');
    expect(screen.getByRole('alert').textContent).toBe('Kon niet laden');
    expect(screen.getByRole('alert').className).toContain('MuiAlert-colorError');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a failed refresh keeps the screen\'s data and says since when: amber, "Geen verbinding — bijgewerkt om HH:MM"', () => {
    const loadedAt = new Date();
    loadedAt.setHours(14, 5, 0, 0);
    renderAt(<QueryStatus query={{ ...IDLE, isError: true, error: new HttpError(0, 'GET', '/api/v1/dashboard', null), dataUpdatedAt: loadedAt.getTime() }} errorText="Kon niet laden" />, '/');
    expect(screen.getByRole('alert').textContent).toBe('Geen verbinding — bijgewerkt om 14:05');
    expect(screen.getByRole('alert').className).toContain('MuiAlert-colorWarning');
  });

  const offline = new HttpError(0, 'GET', '/api/v1/devices', null);
  it.each<[string, 'nl' | 'en', unknown, string | null, string]>([
    ['no connection, no data', 'nl', offline, null, 'Geen verbinding'],
    ['fetch itself failed', 'nl', new TypeError('Failed to fetch'), null, 'Geen verbinding'],
    ['a time-out', 'nl', new DOMException('late', 'TimeoutError'), null, 'Geen verbinding'],
    ['an HTTP error, no data: the screen\'s sentence', 'nl', new HttpError(500, 'GET', '/x', null), null, 'Kon niet laden'],
    ['no connection, data from 14:05', 'nl', offline, '14:05', 'Geen verbinding — bijgewerkt om 14:05'],
    ['an HTTP error, data from yesterday', 'nl', new HttpError(503, 'GET', '/x', null), '27-11-2026 09:00', 'Kon niet laden — bijgewerkt om 27-11-2026 09:00'],
    ['English', 'en', offline, '14:05', 'No connection — updated at 14:05'],
  ])('failureSentence: %s', (_case, language, error, updatedAt, sentence) => {
    expect(failureSentence(i18n.getFixedT(language), error, 'Kon niet laden', updatedAt)).toBe(sentence);
  });
});
