import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
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
});
