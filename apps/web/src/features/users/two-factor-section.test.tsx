import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../lib/i18n/texts/two-factor';
import { jsonResponse, renderRoutes } from '../../test/render';
import { TwoFactorSection } from './two-factor-section';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('two-factor sign-in on the account page (docs/users.md, "Two-factor sign-in")', () => {
  it('sets up with the secret shown as QR code and text, a wrong code refused beside the field, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${index + 20}`);
    let enabled = false;
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/users/current/twoFactor' && method === 'GET') return jsonResponse(200, { enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 });
      if (url === '/api/v1/users/current/twoFactor') return jsonResponse(200, { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Aquasmart%20Portal:jan%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
      if (url === '/api/v1/users/current/twoFactor/confirm' && (body as { code: string }).code === '000000') {
        return jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.twoFactorCodeInvalid', fields: { code: 'errors.twoFactorCodeInvalid' } });
      }
      enabled = true;
      return jsonResponse(200, { recoveryCodes: codes });
    });
    renderRoutes([{ path: '/users/current', element: <TwoFactorSection /> }], '/users/current');
    await user.click(await screen.findByRole('button', { name: 'Instellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inloggen in twee stappen instellen' });
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeTruthy();
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await within(dialog).findByText('Deze code klopt niet of is al gebruikt.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    const list = await screen.findByRole('list', { name: 'Uw herstelcodes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Ik heb de codes bewaard' }));
    expect(await screen.findByText('Herstelcodes over: 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uitzetten' })).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith('/confirm')).map((call) => call.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });
});
