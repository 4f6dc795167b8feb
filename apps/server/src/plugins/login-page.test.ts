import { describe, expect, it } from 'vitest';
import { loginLanguage, loginMarkup, loginPageHtml } from './login-page';

describe('loginLanguage: the picked language, else the browser\'s first the portal has, else Dutch', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    ['nothing known', undefined, undefined, 'nl'],
    ['picked English in this browser', 'aquasmart.language=en', 'nl-NL,nl;q=0.9', 'en'],
    ['the cookie among others', 'a=1; aquasmart.language=de; b=2', undefined, 'de'],
    ['a cookie with a language the portal lacks', 'aquasmart.language=es', 'en-GB', 'en'],
    ['an English browser', undefined, 'en-GB,en;q=0.9', 'en'],
    ['a Spanish browser that also reads German', undefined, 'es-ES,es;q=0.9,de;q=0.8', 'de'],
    ['weights before order', undefined, 'en;q=0.5,fr;q=0.8', 'fr'],
    ['q=0 refuses', undefined, 'en;q=0,nl;q=0.1', 'nl'],
    ['a browser of none of them', undefined, 'ja-JP', 'nl'],
  ])('%s', (_what, cookie, accept, expected) => {
    expect(loginLanguage(cookie, accept)).toBe(expected);
  });
});

describe('loginPageHtml: the sign-in card in the root of index.html', () => {
  const index = '<!doctype html><html lang="nl"><head></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

  it.each([
    ['nl', 'Inloggen', 'E-mailadres', 'Log in om verder te gaan'],
    ['en', 'Log in', 'E-mail address', 'Log in to continue'],
    ['fr', 'Log in', 'E-mail address', 'Log in to continue'],
  ] as const)('%s: the texts of the app, the page in the language of its text', (language, title, email, subtitle) => {
    const html = loginPageHtml(index, language);
    expect(html).toContain(`<html lang="${language === 'nl' ? 'nl' : 'en'}"`);
    expect(html).toContain(`<h1 class="lp-title">${title}</h1>`);
    expect(html).toContain(email);
    expect(html).toContain(subtitle);
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('draws the fields, never inputs that could take what is typed before the script runs', () => {
    expect(loginMarkup('nl')).not.toMatch(/<input|<form|<button/);
  });
});
