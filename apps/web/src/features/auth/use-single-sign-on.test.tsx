import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../test/render';
import { useSingleSignOn } from './use-single-sign-on';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/login');
});

/** /login's single sign-on (docs/sso.md): the providers' buttons and the way back from a provider. */
describe('useSingleSignOn', () => {
  it('lists the enabled providers', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(jsonResponse(200, [{ id: 1, name: 'Gemeente' }]));
    const { result } = renderHook(() => useSingleSignOn(vi.fn(), vi.fn()));
    await waitFor(() => expect(result.current).toEqual([{ id: 1, name: 'Gemeente' }]));
  });

  it('exchanges #sso=<code> for a session and clears the fragment', async () => {
    window.history.replaceState(null, '', '/login#sso=de-code');
    const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input) => (String(input).endsWith('/auth/sso') ? jsonResponse(200, { token: 'sessie' }) : jsonResponse(200, [])));
    const signedIn = vi.fn(async () => undefined);
    renderHook(() => useSingleSignOn(signedIn, vi.fn()));
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith('sessie'));
    expect(JSON.parse(String(fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/auth/sso'))?.[1]?.body))).toEqual({ code: 'de-code' });
    expect(window.location.hash).toBe('');
  });

  it.each([
    ['#ssoError=errors.ssoDomain', 'errors.ssoDomain'],
    ['#ssoError=errors.somethingElse', 'errors.ssoRefused'],
  ])('shows the refusal of %s as %s', async (hash, key) => {
    window.history.replaceState(null, '', `/login${hash}`);
    vi.spyOn(window, 'fetch').mockResolvedValue(jsonResponse(200, []));
    const fail = vi.fn();
    renderHook(() => useSingleSignOn(vi.fn(), fail));
    await waitFor(() => expect(fail).toHaveBeenCalledWith(key));
  });
});
