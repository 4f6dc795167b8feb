import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_MAIL_SERVER, type TMailOutboxItem } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { MailOutboxPage } from './mail-outbox-page';

/** Honest mail state (docs/alerts.md): no mail server is said at once and in the reader's language. */

const ADMIN = testUser(['administrator'], { email: 'admin@example.com' });
const UNSENT: TMailOutboxItem = {
  id: '1',
  kind: 'test',
  recipient: 'admin@example.com',
  subject: 'Test-e-mail van het Aquasmart-portaal',
  state: 'unsent',
  attempts: 0,
  lastError: NO_MAIL_SERVER,
  createdAt: new Date().toISOString(),
  nextAttemptAt: null,
  sentAt: null,
  alerts: 0,
};

function stub(outbox: TMailOutboxItem[]) {
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/v1/users/current') return jsonResponse(200, ADMIN);
    if (url.startsWith('/api/v1/mailOutbox/test') && method === 'POST') return jsonResponse(201, UNSENT);
    if (url.startsWith('/api/v1/mailOutbox')) return jsonResponse(200, outbox);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the outbox without a mail server', () => {
  it('a test e-mail says at once that no mail server is configured, not that it was queued', async () => {
    stub([]);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes([{ path: '/alerts/outbox', element: <MailOutboxPage /> }], '/alerts/outbox');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Naar e-mailadres/ }).value).toBe('admin@example.com'));
    await user.click(screen.getByRole('button', { name: 'Test-e-mail versturen' }));
    expect(await screen.findByText('Test-e-mail niet verstuurd: er is geen mailserver ingesteld (SMTP_URL)')).toBeTruthy();
    expect(screen.queryByText('Test-e-mail klaargezet voor verzending')).toBeNull();
  });

  it('an unsent e-mail says why in Dutch, once', async () => {
    stub([UNSENT]);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes([{ path: '/alerts/outbox', element: <MailOutboxPage /> }], '/alerts/outbox');
    expect(await screen.findByText('Er is geen mailserver ingesteld (SMTP_URL)')).toBeTruthy();
    expect(screen.queryByText(/no mail server/i)).toBeNull();
    expect(screen.getAllByText(/geen mailserver/)).toHaveLength(1);
  });
});
