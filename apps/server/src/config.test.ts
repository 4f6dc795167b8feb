import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, parseDurationSeconds, SHOWN_VARIABLES } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', DEMO: false, LOG_LEVEL: 'info', TOKEN_TTL: 43200 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).toMatchObject({ API_STATEMENT_TIMEOUT: 10, HTTP_REQUEST_TIMEOUT: 120, DATABASE_HANG_TIMEOUT: 1 });
  });

  it.each([
    [{ API_STATEMENT_TIMEOUT: '1' }, { API_STATEMENT_TIMEOUT: 1 }],
    [{ API_STATEMENT_TIMEOUT: '1h' }, { API_STATEMENT_TIMEOUT: 3600 }],
    [{ DATABASE_HANG_TIMEOUT: '5s' }, { DATABASE_HANG_TIMEOUT: 5 }],
    [{ HTTP_REQUEST_TIMEOUT: '10s' }, { HTTP_REQUEST_TIMEOUT: 10 }],
    [{ HTTP_REQUEST_TIMEOUT: '5m' }, { HTTP_REQUEST_TIMEOUT: 300 }],
    [{ TRUST_PROXY: '' }, { TRUST_PROXY: false }],
    [{ TRUST_PROXY: 'false' }, { TRUST_PROXY: false }],
    [{ TRUST_PROXY: '0' }, { TRUST_PROXY: false }],
    [{ TRUST_PROXY: '1' }, { TRUST_PROXY: 1 }],
    [{ TRUST_PROXY: '2' }, { TRUST_PROXY: 2 }],
    [{ TRUST_PROXY: '127.0.0.1' }, { TRUST_PROXY: ['127.0.0.1'] }],
    [{ TRUST_PROXY: '10.0.0.0/8, ::1, fd00::/8' }, { TRUST_PROXY: ['10.0.0.0/8', '::1', 'fd00::/8'] }],
    [{ TRUST_PROXY: 'loopback,uniquelocal' }, { TRUST_PROXY: ['loopback', 'uniquelocal'] }],
    [{}, { SIMULATOR: true }],
    [{ SIMULATOR: '' }, { SIMULATOR: true }],
    [{ SIMULATOR: 'off' }, { SIMULATOR: false }],
    [{ SIMULATOR: 'OFF' }, { SIMULATOR: false }],
    [{ SIMULATOR: '0' }, { SIMULATOR: false }],
  ])('accepts %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.nl', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.nl' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.nl', ADMIN_PASSWORD: 'Wachtwoord' }, 'ADMIN_PASSWORD'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ SIMULATOR: 'later' }, 'SIMULATOR'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TOKEN_TTL: '5' }, 'TOKEN_TTL'],
    [{ TRUST_PROXY: 'true' }, "any client's own X-Forwarded-For"],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'nginx' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,' }, 'TRUST_PROXY'],
    [{ TOKEN_TTL: 'forever' }, 'TOKEN_TTL'],
    [{ API_STATEMENT_TIMEOUT: '0' }, 'API_STATEMENT_TIMEOUT'],
    [{ API_STATEMENT_TIMEOUT: '61m' }, 'API_STATEMENT_TIMEOUT'],
    [{ API_STATEMENT_TIMEOUT: '500ms' }, 'API_STATEMENT_TIMEOUT'],
    [{ DATABASE_HANG_TIMEOUT: '2m' }, 'DATABASE_HANG_TIMEOUT'],
    [{ HTTP_REQUEST_TIMEOUT: '9' }, 'HTTP_REQUEST_TIMEOUT'],
    [{ HTTP_REQUEST_TIMEOUT: '2h' }, 'HTTP_REQUEST_TIMEOUT'],
    [{ SMTP_URL: 'mail.example.nl', MAIL_FROM: 'a@b.nl', PUBLIC_URL: 'https://p.nl' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.nl', MAIL_FROM: 'a@b.nl', PUBLIC_URL: 'https://p.nl' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.nl', PUBLIC_URL: 'https://p.nl' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://mail.example.nl', MAIL_FROM: 'a@b.nl' }, 'PUBLIC_URL'],
    [{ MAIL_FROM: 'Portal' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'Portal <portal@>' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@b.nl, c@d.nl' }, 'MAIL_FROM'],
    [{ PUBLIC_URL: 'portal.example.nl' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://portal.example.nl' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://portal.example.nl/?x=1' }, 'PUBLIC_URL'],
  ])('%j is refused naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it.each([
    [{ ADMIN_EMAIL: 'a@b.nl', ADMIN_PASSWORD: 'short' }, 'short'],
    [{ ADMIN_EMAIL: 'a@b.nl', ADMIN_PASSWORD: 'password123' }, 'password123'],
    [{ DEMO_PASSWORD: 'tiny' }, 'tiny'],
    [{ DATABASE_URL: 'mysql://root:hunter2@db/x' }, 'hunter2'],
    [{ SMTP_URL: 'http://mailer:s3cret-pw@mail.example.nl' }, 's3cret-pw'],
  ])('a refused secret is not printed back: %j', (env, secret) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
  });

  it('names every variable it may print back, and no secret among them', () => {
    for (const name of SHOWN_VARIABLES) expect(CONFIG_VARIABLES).toContain(name);
    for (const name of CONFIG_VARIABLES) {
      if (/PASSWORD|SECRET|TOKEN(?!_TTL)|KEY|DATABASE_URL|CREDENTIAL/.test(name)) expect(SHOWN_VARIABLES.has(name), name).toBe(false);
    }
  });

  it.each([
    [{ DATABASE_URL: 'postgres:/user:hunter2@db/x' }, 'hunter2'],
    [{ DEMO_PASSWORD: 'hunter2' }, 'hunter2'],
    [{ ADMIN_EMAIL: 'a@b.nl', ADMIN_PASSWORD: '        ' }, '"        "'],
  ])('every secret-like setting is named without its value: %j', (env, secret) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`\\b${Object.keys(env).at(-1)}\\b`));
    expect(message).not.toContain(secret);
    expect(message).not.toContain('got');
  });

  it('prints back a refused value that is no secret', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('(got "loud")');
  });

  it.each([
    ['3600', 3600],
    ['90s', 90],
    ['30m', 1800],
    ['12h', 43200],
    ['7d', 604800],
    ['1w', null],
  ])('duration %s -> %s', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });

  it.each([
    [{ MAIL_FROM: 'portal@example.nl' }, { MAIL_FROM: 'portal@example.nl' }],
    [{ MAIL_FROM: 'Aquasmart Portal <portal@example.nl>' }, { MAIL_FROM: 'Aquasmart Portal <portal@example.nl>' }],
    [{ MAIL_FROM: '"Aquasmart, Portal" <portal@example.nl>' }, { MAIL_FROM: '"Aquasmart, Portal" <portal@example.nl>' }],
    [{ PUBLIC_URL: 'https://portal.example.nl/' }, { PUBLIC_URL: 'https://portal.example.nl' }],
    [{ PUBLIC_URL: 'http://10.0.0.5:3000/portal' }, { PUBLIC_URL: 'http://10.0.0.5:3000/portal' }],
    [
      { SMTP_URL: 'smtps://user:pass@mail.example.nl:465', MAIL_FROM: 'p@example.nl', PUBLIC_URL: 'https://p.nl' },
      { SMTP_URL: 'smtps://user:pass@mail.example.nl:465' },
    ],
    [{ SMTP_URL: '' }, { SMTP_URL: undefined }],
  ])('e-mail settings %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it('reads DEMO and DATABASE_URL', () => {
    expect(loadConfig({ DEMO: 'true', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).toMatchObject({
      DEMO: true,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });
});
