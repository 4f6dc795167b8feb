import { NO_ACCOUNT_HINT, startPortal } from './bootstrap/start-portal';
import { describeStartupError } from './bootstrap/startup-error';
import path from 'node:path';
import { ConfigError, loadConfig, type TConfig } from './config';
import { secretLines, SECRETS_FILE_NAME } from './lib/secret-output';

/** Notices of device changes for `npm start`'s demo fleet (scripts/start.mjs imports this module). */
export { deviceEvents } from './modules/devices/device-events';

/** Starts the portal: configuration, database and migrations, first administrator, demo data, HTTP. */
async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const startedAt = Date.now();
  const { app, database, admin, demo, noAccount } = await startPortal(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      const stopStartedAt = Date.now();
      await app.close();
      const httpClosedAt = Date.now();
      app.log.info({ ms: httpClosedAt - stopStartedAt }, 'requests and background work finished; closing the database');
      await database.close();
      app.log.info({ ms: Date.now() - httpClosedAt }, 'stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a signal sent to the whole process group reaches this process twice (directly,
  // and passed on by npm), and a second one must not cut the clean shutdown short.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = [
    '',
    `  Aquasmart Portal is running at http://${shownHost}:${port}  (${database.kind}, ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  ];
  // Generated passwords: on the terminal only when one is attached, else into a file of the operator's (lib/secret-output.ts).
  const secrets: string[] = [];
  if (admin?.generatedPassword) secrets.push(`  Sign in as ${admin.email} with password ${admin.generatedPassword}  (shown once; change it)`);
  else if (admin) lines.push(`  First administrator created: ${admin.email}`);
  if (noAccount) lines.push(...NO_ACCOUNT_HINT);
  if (demo?.users.length) {
    if (config.DEMO_PASSWORD) lines.push(`  Demo users (password from DEMO_PASSWORD): ${demo.users.join(', ')}`);
    else secrets.push(`  Demo users (password ${demo.password}): ${demo.users.join(', ')}`);
  }
  lines.push(...secretLines(secrets, { file: path.resolve(config.DATA_DIR, SECRETS_FILE_NAME) }));
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(`Failed to start: ${describeStartupError(error)}`);
  process.exit(1);
});
