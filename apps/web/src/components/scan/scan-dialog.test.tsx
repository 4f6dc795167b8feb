import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { HttpError } from '../../lib/http/http-error';
import { SCAN_LOOKUP_TIMEOUT_MS } from './lookup-failure';
import ScanDialog from './scan-dialog';
import type { TScanRefusal } from './scan-refusal';

/** The scanner without a camera (happy-dom has none): it says so, and the typed EUI is checked and looked up. */
describe('ScanDialog', () => {
  afterEach(cleanup);

  it('without a camera: says so; a typed EUI is checked as typed and looked up, a refusal shown', async () => {
    const onEui = vi.fn(async (eui: string) => ({ text: `Node ${eui} niet gevonden.` }));
    renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} />);
    expect(await screen.findByText('Geen camera beschikbaar. Typ de EUI van het label.')).toBeTruthy();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Of typ de EUI' });
    await user.type(field, '70B3 D5E7 5E00 00G');
    expect(screen.getByText('Een EUI bestaat uit de cijfers 0-9 en de letters A-F')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '70B3 D5E7 5E00 001');
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    expect(screen.getByText('Een EUI heeft 16 tekens')).toBeTruthy();
    expect(onEui).not.toHaveBeenCalled();
    await user.type(field, '1');
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    await waitFor(() => expect(onEui).toHaveBeenCalledWith('70B3D5E75E000011'));
    expect(await screen.findByText('Node 70B3D5E75E000011 niet gevonden.')).toBeTruthy();
    // Without the offer, no link to register.
    expect(screen.queryByRole('link', { name: 'Registreren' })).toBeNull();
  });

  it('a refusal that offers registration: a Registreren link to the register screen that closes the scanner', async () => {
    const onClose = vi.fn();
    const onEui = vi.fn(async (eui: string) => ({ text: `Node ${eui} niet gevonden. Is het een nieuwe node, dan kunt u hem registreren.`, registerTo: `/nodes/new?eui=${eui}` }));
    const { router } = renderAt(<ScanDialog onClose={onClose} onEui={onEui} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Of typ de EUI' }), '70B3D5E75E000011');
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    expect((await screen.findByTestId('scan-message')).textContent).toBe('Node 70B3D5E75E000011 niet gevonden. Is het een nieuwe node, dan kunt u hem registreren.');
    await user.click(screen.getByRole('link', { name: 'Registreren' }));
    expect(onClose).toHaveBeenCalled();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/nodes/new?eui=70B3D5E75E000011');
  });

  it('a TR005 code typed or pasted opens its DevEUI', async () => {
    const onEui = vi.fn(async () => null);
    renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Of typ de EUI' }));
    await user.paste('LW:D0:1122334455667788:70B3D5E75E000001:AABB1122');
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    await waitFor(() => expect(onEui).toHaveBeenCalledWith('70B3D5E75E000001'));
  });

  it('a lookup that fails says why (no connection) instead of "wordt gezocht…" for good', async () => {
    const onEui = vi.fn(async (): Promise<TScanRefusal | null> => {
      throw new HttpError(0, 'GET', '/api/v1/devices/70B3D5E75E000011', null);
    });
    renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Of typ de EUI' }), '70B3D5E75E000011');
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    expect((await screen.findByTestId('scan-message')).textContent).toBe('Node 70B3D5E75E000011 kon niet worden gezocht. Geen verbinding. Probeer het opnieuw.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Openen' }).disabled).toBe(false);
  });

  it('a lookup without an answer ends after the time-out with a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onEui = vi.fn(() => new Promise<TScanRefusal | null>(() => undefined));
      renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByRole('textbox', { name: 'Of typ de EUI' }), '70B3D5E75E000011');
      await user.click(screen.getByRole('button', { name: 'Openen' }));
      expect(screen.getByTestId('scan-message').textContent).toBe('Node 70B3D5E75E000011 wordt gezocht…');
      await vi.advanceTimersByTimeAsync(SCAN_LOOKUP_TIMEOUT_MS);
      await waitFor(() => expect(screen.getByTestId('scan-message').textContent).toBe('Node 70B3D5E75E000011 kon niet worden gezocht. Geen antwoord binnen 10 seconden. Probeer het opnieuw.'));
    } finally {
      vi.useRealTimers();
    }
  });
});
