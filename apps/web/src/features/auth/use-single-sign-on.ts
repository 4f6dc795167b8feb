import { useEffect, useState } from 'react';

/**
 * Single sign-on on /login (docs/sso.md): the enabled providers' buttons, and the way back from a
 * provider: `#sso=<one-time code>` is exchanged for a session (POST /auth/sso, from this browser:
 * its cookie), `#ssoError=<key>` shows the refusal. Plain fetch, no library: the page's 200 kB budget.
 * The refusals' texts load only when there is one to show.
 */
export function useSingleSignOn(signedIn: (token: string) => Promise<void>, fail: (key: string) => void): { id: number; name: string }[] {
  const [providers, setProviders] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = fragment.get('sso');
    const refused = fragment.get('ssoError');
    const showRefusal = (key: string) => void import('../../lib/i18n/texts/sso').then(() => fail(/^errors\.sso[A-Za-z]+$/.test(key) ? key : 'errors.ssoRefused'));
    if (code || refused) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (refused) showRefusal(refused);
    if (code) {
      void fetch('/api/v1/auth/sso', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })
        .then(async (answer) => {
          const body = (await answer.json()) as { token?: string; key?: string };
          if (answer.ok && body.token) await signedIn(body.token);
          else showRefusal(body.key ?? 'errors.ssoExpired');
        })
        .catch(() => fail('errors.unavailable'));
    }
    fetch('/api/v1/auth/sso/providers')
      .then(async (answer) => {
        const list: unknown = answer.ok ? await answer.json() : [];
        if (Array.isArray(list)) setProviders(list as { id: number; name: string }[]);
      })
      .catch(() => undefined);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return providers;
}
