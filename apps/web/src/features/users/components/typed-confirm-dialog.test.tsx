import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TestProviders } from '../../../test/render';
import { createQueryClient } from '../../../lib/query-client';
import { TypedConfirmDialog } from './typed-confirm-dialog';

const EMAIL = 'jan@example.com';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <TypedConfirmDialog
        open={open}
        requiredText={EMAIL}
        title="Gebruiker verwijderen"
        text="Typ het e-mailadres"
        inputLabel="E-mailadres ter bevestiging"
        confirmLabel="Verwijderen"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function renderDialog() {
  const onConfirm = vi.fn();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <Harness onConfirm={onConfirm} />
    </TestProviders>,
  );
  return { onConfirm, input: () => screen.getByRole('textbox', { name: 'E-mailadres ter bevestiging' }) };
}

describe('the typed confirm dialog', { timeout: 20_000 }, () => {
  it('enables confirm only when the typed text equals the e-mail', async () => {
    const user = userEvent.setup();
    const { onConfirm, input } = renderDialog();
    const confirm = screen.getByRole('button', { name: 'Verwijderen' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(input(), 'jan@example.co');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(input(), 'm');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.type(input(), 'x');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Enter confirms only a matching text', async () => {
    const user = userEvent.setup();
    const { onConfirm, input } = renderDialog();
    await user.type(input(), 'JAN@example.com{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(input());
    await user.type(input(), `${EMAIL}{Enter}`);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Esc closes, and a reopened dialog starts empty', async () => {
    const user = userEvent.setup();
    const { onConfirm, input } = renderDialog();
    await user.type(input(), EMAIL);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect((await screen.findByRole('dialog', { name: 'Gebruiker verwijderen' })).textContent).toContain('Typ het e-mailadres');
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('is at most 500 pixels wide', () => {
    renderDialog();
    const paper = screen.getByRole('dialog').closest('.MuiDialog-paper') ?? screen.getByRole('dialog');
    expect(getComputedStyle(paper).maxWidth).toBe('500px');
  });
});
