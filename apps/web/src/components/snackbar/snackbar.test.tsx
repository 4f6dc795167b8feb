import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { snackbar, useSnackbar } from './snackbar-context';
import { SnackbarProvider } from './snackbar-provider';

function Buttons() {
  const api = useSnackbar();
  return (
    <>
      <button onClick={() => api.success('snackbar.userDelete')}>ok</button>
      <button onClick={() => api.error('snackbar.userDeleteError')}>fail</button>
      <button onClick={() => api.success('Plain text')}>plain</button>
    </>
  );
}

// The visible snackbar is a lazy chunk; load it once so the first test does not race its import.
beforeAll(async () => {
  await import('./snackbar-view');
});

describe('the snackbar service', () => {
  it('shows translated success messages in green', async () => {
    const user = userEvent.setup();
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'ok' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Gebruiker verwijderd');
    expect(alert.className).toContain('MuiAlert-colorSuccess');
    expect(alert.className).toContain('MuiAlert-filled');
  });

  it('shows errors in red', async () => {
    const user = userEvent.setup();
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'fail' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fout bij verwijderen gebruiker');
    expect(alert.className).toContain('MuiAlert-colorError');
  });

  it('shows plain text as is and works outside components', async () => {
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    act(() => snackbar.error('validation.range?min=1&max=5'));
    expect((await screen.findByRole('alert')).textContent).toContain('Waarde moet tussen de 1 en 5 zijn');
  });
  it('a new message replaces the one on screen at once, without waiting for its time-out', async () => {
    const user = userEvent.setup();
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Fout bij verwijderen gebruiker');
    await user.click(screen.getByRole('button', { name: 'plain' }));
    await user.click(screen.getByRole('button', { name: 'ok' }));
    // The error (8 s) is gone well before its time, also on a loaded machine; the newest shows, the
    // one in between is skipped.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Gebruiker verwijderd'), { timeout: 4000 });
    expect(screen.queryByText('Plain text')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('two messages in one tick show the newest', async () => {
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    act(() => {
      snackbar.error('snackbar.userDeleteError');
      snackbar.success('snackbar.userDelete');
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Gebruiker verwijderd'));
  });

  it('a message after the user closed the one before shows, whenever its exit ends', async () => {
    const user = userEvent.setup();
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    for (let round = 0; round < 3; round += 1) {
      await user.click(screen.getByRole('button', { name: 'fail' }));
      await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Close' }));
      await user.click(screen.getByRole('button', { name: 'ok' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Gebruiker verwijderd'));
    }
  });
});
