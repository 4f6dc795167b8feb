import { describe, expect, it } from 'vitest';
import { nodePageUrl } from '@aquasmart/domain';
import { composeAlertMail, composeTestMail, escapeHtml, fill, formatMailTime, mailTexts } from './alert-mail';

const recipient = { firstName: 'Piet', lastName: 'de Vries', email: 'piet@example.com', language: 'nl' };
const details = { node: 'Kraan 1', customer: 'Klant', location: 'Kelder', before: 21.4, after: 21.9, minimumDeviation: 2 };

describe('the alert e-mail', () => {
  it.each([
    // Winter time (CET, UTC+1) and summer time (CEST, UTC+2), around both changes of 2026.
    ['2026-01-15T15:30:00Z', 'nl', '15-01-2026 16:30'],
    ['2026-03-29T00:59:00Z', 'nl', '29-03-2026 01:59'],
    ['2026-03-29T01:00:00Z', 'nl', '29-03-2026 03:00'],
    ['2026-10-25T00:30:00Z', 'nl', '25-10-2026 02:30'],
    ['2026-10-25T01:30:00Z', 'nl', '25-10-2026 02:30'],
    ['2026-12-31T23:30:00Z', 'en', '1 Jan 2027 00:30'],
  ])('%s is %s in Amsterdam (%s)', (iso, language, expected) => {
    expect(formatMailTime(new Date(iso), mailTexts(language))).toBe(expected);
  });

  it.each([
    ['Klant', 'Kelder', 'AA01', 'https://p.nl/nodes/Klant/Kelder/AA01'],
    ['Gemeente Utrecht', 'Stadhuis / Kelder #2', 'AA01', 'https://p.nl/nodes/Gemeente%20Utrecht/Stadhuis%20%2F%20Kelder%20%232/AA01'],
    ['100% & zo', 'a?b', 'AA01', 'https://p.nl/nodes/100%25%20%26%20zo/a%3Fb/AA01'],
  ])('the node page of %s / %s / %s', (customer, location, eui, url) => {
    expect(nodePageUrl('https://p.nl/', customer, location, eui)).toBe(url);
  });

  it('escapes names in the HTML part and keeps them as they are in the text part', () => {
    const mail = composeAlertMail(recipient, [{ kind: 'flush', eui: 'AA01', details: { ...details, node: '<script>x</script>' }, raisedAt: new Date('2026-01-15T15:30:00Z') }], 'https://p.nl');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.text).toContain('SPOELALARM: <script>x</script>');
    expect(mail.subject).toBe('Spoelalarm: <script>x</script> (Klant, Kelder)');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });

  it('keeps names a user wrote over several lines on one line of the plain text (names stored before the rule)', () => {
    const forged = { ...details, node: 'Kraan 1\r\n\r\nLET OP: bel 0900-1234', customer: 'Klant\nX', location: 'Kelder\u2028Y' };
    const mail = composeAlertMail({ ...recipient, firstName: 'Piet\nZ' }, [{ kind: 'flush', eui: 'AA01', details: forged, raisedAt: new Date('2026-01-15T15:30:00Z') }], 'https://p.nl');
    const lines = mail.text.split('\n');
    expect(lines.some((line) => line.startsWith('LET OP'))).toBe(false);
    expect(mail.text).toContain('SPOELALARM: Kraan 1 LET OP: bel 0900-1234');
    expect(lines.some((line) => /^(X|Y|Z)\b/.test(line))).toBe(false);
    expect(mail.text).not.toMatch(/[\r\u2028]/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('names the readings in plain words, with the difference and the minimum', () => {
    const mail = composeAlertMail(recipient, [{ kind: 'flush', eui: 'AA01', details, raisedAt: new Date('2026-01-15T15:30:00Z') }], 'https://p.nl');
    expect(mail.text).toContain('Beste Piet de Vries,');
    expect(mail.text).toContain('van 21,4 °C naar 21,9 °C, 0,5 °C verschil');
    expect(mail.text).toContain('minimaal 2 °C verschil');
    expect(mail.text).toContain('Uitzetten kan op https://p.nl/users/current');
  });

  it('lists several alerts oldest first under one counted subject', () => {
    const mail = composeAlertMail(
      { ...recipient, language: 'en' },
      [
        { kind: 'overflowResolved', eui: 'AA02', details: { ...details, node: 'B', resistance: 1500000 }, raisedAt: new Date('2026-01-15T16:00:00Z') },
        { kind: 'overflowStarted', eui: 'AA02', details: { ...details, node: 'B', resistance: 212.5 }, raisedAt: new Date('2026-01-15T15:00:00Z') },
      ],
      'https://p.nl',
    );
    expect(mail.subject).toBe('2 alerts from the Aquasmart portal');
    expect(mail.text.indexOf('WATER DETECTED: B')).toBeLessThan(mail.text.indexOf('WATER GONE: B'));
    expect(mail.text).toContain('resistance 212.5 Ω');
    expect(mail.text).toContain('resistance 1,500,000 Ω');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('{{a}} en {{b}}', { a: 1 })).toBe('1 en {{b}}');
  });

  it('the test e-mail names who sent it', () => {
    const mail = composeTestMail({ ...recipient, language: 'en' }, 'admin@example.com', new Date('2026-07-01T10:00:00Z'));
    expect(mail.subject).toBe('Test e-mail from the Aquasmart portal');
    expect(mail.text).toContain('sent by admin@example.com on 1 Jul 2026 12:00');
  });
});
