import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { basicAuth, useTestContext } from '../test/test-app';
import { countOf } from '../test/intake-fixtures';
import { LOCK_FILE } from '../db/data-dir-lock';
import { resetPassword, ResetPasswordError } from './reset-password';

const ctx = useTestContext();
const ADMIN = { email: 'Beheer@Example.com', password: 'Old-password-2026' };

async function signInStatus(email: string, password: string): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: basicAuth(email, password) } });
  return response.statusCode;
}

describe('resetting a lost password', () => {
  it('sets a new generated password, the old one stops working, every session ends, the lock-out is lifted, two-factor is off', async () => {
    const id = await ctx.createUser({ ...ADMIN, administrator: true });
    const token = await ctx.signIn(ADMIN.email, ADMIN.password);
    // Two-factor on: the owner lost the phone and the recovery codes too.
    await ctx.database.db.execute(sql`INSERT INTO user_two_factor (user_id, secret, enabled_at, last_step) VALUES (${id}, 'JBSWY3DPEHPK3PXP', now(), 1)`);
    await ctx.database.db.execute(sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES (${id}, 'scrypt$x')`);
    // Wrong guesses counted against the account.
    for (let attempt = 0; attempt < 3; attempt++) expect(await signInStatus(ADMIN.email, 'wrong-guess-1234')).toBe(401);
    expect(await countOf(ctx.database.db, 'login_attempts', sql`subject LIKE 'email:beheer@example.com' OR subject LIKE 'pair:beheer@example.com|%'`)).toBeGreaterThan(0);

    const result = await resetPassword(ctx.database.db, '  beheer@EXAMPLE.com ');
    expect(result.email).toBe(ADMIN.email);
    expect(result.password).toMatch(/^[\w-]{16}$/);

    expect(await countOf(ctx.database.db, 'tokens', sql`user_id = ${id}`)).toBe(0);
    expect(await countOf(ctx.database.db, 'user_two_factor', sql`user_id = ${id}`)).toBe(0);
    expect(await countOf(ctx.database.db, 'two_factor_recovery_codes', sql`user_id = ${id}`)).toBe(0);
    expect(await countOf(ctx.database.db, 'login_attempts', sql`subject LIKE 'email:beheer@example.com' OR subject LIKE 'pair:beheer@example.com|%'`)).toBe(0);
    const current = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: { 'x-access-token': token } });
    expect(current.statusCode).toBe(401);
    expect(await signInStatus(ADMIN.email, ADMIN.password)).toBe(401);
    expect(await signInStatus(ADMIN.email, result.password)).toBe(200);
  });

  it('an unknown address changes nothing and says so', async () => {
    await ctx.createUser({ ...ADMIN, administrator: true });
    await expect(resetPassword(ctx.database.db, 'nobody@example.com')).rejects.toThrow(ResetPasswordError);
    await expect(resetPassword(ctx.database.db, 'nobody@example.com')).rejects.toThrow('no account with the e-mail address nobody@example.com');
    expect(await signInStatus(ADMIN.email, ADMIN.password)).toBe(200);
  });

  it('the command needs an address', () => {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, 'reset-password-cli.ts')], { encoding: 'utf8', env: { ...process.env, DATA_DIR: '/proc/nope' } });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('Usage: npm run admin:reset-password -- <e-mail address of the account>');
  });

  it('refuses while a server has the embedded database open, and changes nothing', () => {
    // Used to print a new password and exit 0, while the running server kept (and wrote back) its own copy.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-reset-'));
    try {
      // As a running server leaves it (db/data-dir-lock.ts): this test's process plays the server.
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);
      const cli = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, 'reset-password-cli.ts'), 'admin@example.com'], {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      expect(cli.status).toBe(1);
      expect(cli.stdout).not.toContain('New password');
      expect(cli.stderr).toContain(`the embedded database in ${dataDir} is in use by process ${process.pid}`);
      expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
