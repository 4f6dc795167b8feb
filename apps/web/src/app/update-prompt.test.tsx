import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test/render';
import { announceWaitingVersions, forgetAnnouncedVersion, UPDATE_READY_EVENT } from '../lib/pwa/service-worker';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  afterEach(() => {
    cleanup();
    // The second test announces a version; the first must start where none was (any order).
    forgetAnnouncedVersion();
  });

  it('shows nothing until a new version waits; then offers Vernieuwen, which lets the waiting worker take over', async () => {
    renderAt(<UpdatePrompt />);
    expect(screen.queryByText('Er is een nieuwe versie van het portaal.')).toBeNull();
    const postMessage = vi.fn();
    act(() => {
      window.dispatchEvent(new CustomEvent(UPDATE_READY_EVENT, { detail: { waiting: { postMessage } } }));
    });
    expect(await screen.findByText('Er is een nieuwe versie van het portaal.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Vernieuwen' }));
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('a version announced before the prompt mounted (the first screen still loading) is offered once it mounts', async () => {
    const postMessage = vi.fn();
    const registration = Object.assign(new EventTarget(), { installing: null, waiting: { postMessage } });
    announceWaitingVersions(registration as unknown as ServiceWorkerRegistration, { controller: {} as ServiceWorker });
    renderAt(<UpdatePrompt />);
    expect(await screen.findByText('Er is een nieuwe versie van het portaal.')).toBeTruthy();
  });
});
