import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { activeTabId, HashTabs, TAB_DELAY_MS } from './hash-tabs';

const tabs = [
  { id: 'locations', label: 'Locaties', render: () => <p>inhoud locaties</p> },
  { id: 'nodes', label: 'Nodes', render: () => <p>inhoud nodes</p> },
  { id: 'details', label: 'Gegevens', render: () => <p>inhoud gegevens</p> },
];

describe('place tabs', () => {
  it.each([
    ['#details', 'details'],
    ['#nodes', 'nodes'],
    ['', 'locations'],
    ['#onbekend', 'locations'],
  ])('hash %j opens tab %j', (hash, expected) => {
    expect(activeTabId(hash, tabs)).toBe(expected);
  });

  it('shows the tab of the hash only after the delay, and follows a tab click into the hash', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<HashTabs tabs={tabs} label="Onderdelen" />, '/customers/Acme#details');
    expect(screen.getByRole('tab', { name: 'Gegevens' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('inhoud gegevens')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, TAB_DELAY_MS + 50)));
    expect(screen.getByText('inhoud gegevens')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Nodes' }));
    expect(router.state.location.hash).toBe('#nodes');
    expect(router.state.location.pathname).toBe('/customers/Acme');
    expect(screen.queryByText('inhoud nodes')).toBeNull();
    expect(await screen.findByText('inhoud nodes')).toBeTruthy();
  });
});
