// `npm start`: builds the web app when its build is missing or stale, then runs the server in
// this process (TypeScript through tsx). Demo data is on unless DEMO is set.
import { register } from 'tsx/esm/api';
import { buildWebIfStale, ROOT } from './lib.mjs';

process.env.DEMO ??= 'true';
process.chdir(ROOT);
const code = await buildWebIfStale();
if (code !== 0) {
  console.error('The web app did not build; see the output above.');
  process.exit(code);
}
register();
await import('../apps/server/src/server.ts');
