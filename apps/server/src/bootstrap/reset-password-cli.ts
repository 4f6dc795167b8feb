import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { secretLines, SECRETS_FILE_NAME } from '../lib/secret-output';
import { openDatabase } from '../db/client';
import { DataDirError } from '../db/data-dir';
import { resetPassword, ResetPasswordError } from './reset-password';
import { describeStartupError } from './startup-error';

/**
 * `npm run admin:reset-password -- <e-mail>`: a new password for an account whose password was
 * lost (README, "Lost the administrator's password"). Uses the server's configuration (DATABASE_URL
 * or DATA_DIR). On the embedded database it refuses while the server runs (db/data-dir-lock.ts).
 */
const USAGE = 'Usage: npm run admin:reset-password -- <e-mail address of the account>';
const HELP = `${USAGE}

Sets a new generated password for the account, printed once, signs it out everywhere, lifts a
sign-in lock-out and turns two-factor sign-in off. Uses the server's configuration: DATABASE_URL, or DATA_DIR for the embedded
database (stop the server first there: the command refuses while it has DATA_DIR open).
`;

async function main(): Promise<number> {
  const email = process.argv[2];
  if (email === '--help' || email === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  if (!email || email.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const result = await resetPassword(database.system, email);
    // On the terminal only when one is attached, else into a file of the operator's (lib/secret-output.ts).
    const shown = secretLines([`New password for ${result.email}: ${result.password}  (shown once; sign in and change it)`], { file: path.resolve(config.DATA_DIR, SECRETS_FILE_NAME) });
    console.log(shown.join('\n').trim());
    console.log('The account was signed out everywhere; two-factor sign-in is off until it is set up again.');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof ResetPasswordError || error instanceof DataDirError) console.error(error.message);
    // Never a failed statement's parameters: they would hold the new password's hash.
    else console.error(`Failed: ${describeStartupError(error)}`);
    process.exit(1);
  },
);
