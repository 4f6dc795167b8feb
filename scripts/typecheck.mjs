// `npm run typecheck`: `tsc --noEmit` for every TypeScript project of the workspace (TS_PROJECTS
// in lib.mjs), as many at a time as the machine has cores, incremental (build info in
// node_modules/.cache/tsc/); exits 1 when any of them has errors and names them.
import { runTasks, typeCheckTasks } from './lib.mjs';

const results = await runTasks(typeCheckTasks({ incremental: true }));
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length) console.log(`Type errors in: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
