// `npm run check:copies -- [--copies N] [--uplinks N]`: starts N server copies (default 2) on one
// PostgreSQL and one MQTT broker and checks that they serve one fleet together: every uplink stored
// and processed once, every e-mail and downlink sent once, one dashboard summary (docs/operations.md,
// "Running several copies"). It is the test apps/server/src/several-copies.postgres.test.ts, run
// against TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the role must be allowed
// to create and drop a scratch database) and MQTT_URL (default mqtt://127.0.0.1:1883).
import { parseArgs } from 'node:util';
import { run, ROOT } from './lib.mjs';

const { values } = parseArgs({ options: { copies: { type: 'string', default: '2' }, uplinks: { type: 'string', default: '1000' } } });
const code = await run('npx', ['vitest', 'run', '--project', 'server', 'src/several-copies.postgres.test.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    COPIES: values.copies,
    COPIES_UPLINKS: values.uplinks,
  },
});
process.exit(code);
