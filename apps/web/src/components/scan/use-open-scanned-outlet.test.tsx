import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../lib/i18n/texts/field';
import { jsonResponse, renderRoutes } from '../../test/render';
import { useOpenScannedOutlet } from './use-open-scanned-outlet';

function Probe() {
  const openOutlet = useOpenScannedOutlet();
  const [said, setSaid] = useState('');
  return (
    <button type="button" onClick={() => void openOutlet(42).then((refusal) => setSaid(refusal?.text ?? 'opened'))}>
      {said || 'scan'}
    </button>
  );
}

/** The outlet a label names is looked up (GET /outlets/{id}) before its page opens; a 404 is "not found" and the page stays. */
describe('useOpenScannedOutlet', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it.each([
    [200, '/outlets/42', "the outlet's page"],
    [404, '/', 'Tappunt 42 niet gevonden.'],
    [403, '/', 'Tappunt 42 niet gevonden.'],
  ])('GET /outlets/42 answers %s: at %s, %s', async (status, path, said) => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async () => jsonResponse(status, status === 200 ? { id: 42 } : { statusCode: status, error: 'x', message: 'x' }));
    const { router } = renderRoutes([
      { path: '/', element: <Probe /> },
      { path: '/outlets/:id', element: <p>the outlet's page</p> },
    ]);
    await userEvent.setup().click(screen.getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    if (status === 200) expect(await screen.findByText("the outlet's page")).toBeTruthy();
    else await waitFor(() => expect(screen.getByRole('button').textContent).toBe(said));
    expect(String(fetch.mock.calls[0][0])).toMatch(/\/api\/v1\/outlets\/42$/);
  });
});
