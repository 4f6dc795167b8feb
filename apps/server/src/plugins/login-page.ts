import { browserLanguage, catalogues, isLanguage, LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGES, PRODUCT_NAME, textLanguage, VERSION_STRING, type TLanguage } from '@aquasmart/domain';

/**
 * /login painted from HTML and CSS before the JavaScript arrives (issue 37, item 11; docs/operations.md,
 * "Login page budget"): the sign-in card as the web app draws it (features/auth/login-page.tsx, MUI's
 * sizes), in the visitor's language, inside `<div id="root">`. React replaces it on its first render
 * with the same card at the same place, so a phone on a slow network sees the page at once and the
 * largest paint is the HTML's. Its fields are drawings, not inputs: nothing typed before the script
 * runs could be lost. The language names and the version line below the card are there too (as
 * text: they choose nothing before the script runs), so they wrap as the app's do and nothing moves.
 */

/**
 * The language of a first paint: the one picked in this browser (the cookie), else the first of the
 * browser's languages the portal has (Accept-Language, by weight), else Dutch.
 */
export function loginLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): TLanguage {
  const picked = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(picked)) return picked;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return browserLanguage(ranked.map((entry) => entry.tag));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The login texts of a language; French and German show English, as in the app. */
function loginTexts(language: TLanguage): Record<'title' | 'subtitle' | 'email' | 'password' | 'submit' | 'forgotPassword', string> {
  const { login } = catalogues[textLanguage(language)].translation as unknown as { login: Record<string, string> };
  const { title, subtitle, email, password, submit, forgotPassword } = login;
  return { title, subtitle, email, password, submit, forgotPassword };
}

// MUI's measures of the card (theme.ts: radius 8, primary #0b6e99, page #f4f6f8; Card elevation 3,
// CardContent padding 24 / 32 px from 600 px with 24 px below, h5 and h6, body2, outlined fields of
// 56 px, a large contained button). A class prefix of its own: nothing of the app's styles meets it.
const STYLE = `
body{margin:0}
.lp{box-sizing:border-box;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:32px 16px;background:#f4f6f8;font-family:"Roboto","Helvetica","Arial",sans-serif;color:rgba(0,0,0,.87);-webkit-font-smoothing:antialiased}
.lp *{box-sizing:border-box}
.lp-card{width:100%;max-width:420px;background:#fff;border-radius:8px;overflow:hidden;box-shadow:0 3px 3px -2px rgba(0,0,0,.2),0 3px 4px 0 rgba(0,0,0,.14),0 1px 8px 0 rgba(0,0,0,.12)}
.lp-content{padding:24px}
@media (min-width:600px){.lp-content{padding:32px 32px 24px}}
.lp-brand{display:flex;align-items:center;gap:8px;margin-bottom:24px}
.lp-brand svg{width:36px;height:36px;flex-shrink:0;fill:#0b6e99}
.lp-name{font-size:1.5rem;line-height:1.334;font-weight:600;margin:0}
.lp-title{font-size:1.25rem;line-height:1.6;font-weight:500;margin:0}
.lp-sub{font-size:.875rem;line-height:1.43;letter-spacing:.01071em;color:rgba(0,0,0,.6);margin:0 0 16px}
.lp-form{display:flex;flex-direction:column;gap:16px}
.lp-field{height:56px;border:1px solid rgba(0,0,0,.23);border-radius:8px;padding:0 13px;display:flex;align-items:center;font-size:1rem;line-height:1.4375em;letter-spacing:.00938em;color:rgba(0,0,0,.6)}
.lp-button{height:42.25px;border-radius:8px;background:#0b6e99;color:#fff;display:flex;align-items:center;justify-content:center;font-size:.9375rem;font-weight:500;letter-spacing:.02857em;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.lp-forgot{align-self:center;padding:8px 0;color:#0b6e99;font-size:.875rem;line-height:1.43;letter-spacing:.01071em;text-decoration:underline;text-decoration-color:rgba(11,110,153,.4)}
.lp-links{display:flex;flex-wrap:wrap;justify-content:center;column-gap:16px;row-gap:8px;margin-top:24px;max-width:420px}
.lp-links span{color:#0b6e99;font-size:.875rem;line-height:1.43;letter-spacing:.01071em}
.lp-links [aria-current]{text-decoration:underline;text-decoration-color:rgba(11,110,153,.4)}
.lp-version{margin-top:16px;font-size:.75rem;line-height:1.66;letter-spacing:.03333em;color:rgba(0,0,0,.6)}
`.replace(/\n/g, '');

/** The water drop of the app's logo (MUI's WaterDrop icon). */
const DROP = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2c-5.33 4.55-8 8.48-8 11.8 0 4.98 3.8 8.2 8 8.2s8-3.22 8-8.2c0-3.32-2.67-7.25-8-11.8M7.83 14c.37 0 .67.26.74.62.41 2.22 2.28 2.98 3.64 2.87.43-.02.79.32.79.75 0 .4-.32.73-.72.75-2.13.13-4.62-1.09-5.19-4.12-.08-.45.28-.87.74-.87"/></svg>';

/** The sign-in card as HTML, for `<div id="root">`. */
export function loginMarkup(language: TLanguage): string {
  const text = loginTexts(language);
  const e = escapeHtml;
  return (
    `<style>${STYLE}</style>` +
    `<main class="lp" aria-busy="true"><div class="lp-card"><div class="lp-content">` +
    `<div class="lp-brand">${DROP}<div class="lp-name">${e(PRODUCT_NAME)}</div></div>` +
    `<h1 class="lp-title">${e(text.title)}</h1><p class="lp-sub">${e(text.subtitle)}</p>` +
    `<div class="lp-form"><div class="lp-field">${e(text.email)}&thinsp;*</div><div class="lp-field">${e(text.password)}&thinsp;*</div>` +
    `<div class="lp-button">${e(text.submit)}</div><div class="lp-forgot">${e(text.forgotPassword)}</div></div>` +
    `</div></div><div class="lp-links">${LANGUAGES.map((each) => `<span lang="${each}"${each === language ? ' aria-current="true"' : ''}>${e(LANGUAGE_NAMES[each])}</span>`).join('')}</div>` +
    `<div class="lp-version">${e(VERSION_STRING)}</div></main>`
  );
}

/** index.html with the sign-in card in its root and the language of its text (English for fr and de, as the app sets it). */
export function loginPageHtml(indexHtml: string, language: TLanguage): string {
  return indexHtml.replace('<div id="root"></div>', `<div id="root">${loginMarkup(language)}</div>`).replace(/<html lang="[a-z-]*"/, `<html lang="${textLanguage(language)}"`);
}
