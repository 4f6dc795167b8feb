// `npm run typecheck`: `tsc --noEmit` for every TypeScript project of the workspace (TS_PROJECTS
// in lib.mjs), one after the other; exits 1 when any of them has errors and names them.
import { run, TS_PROJECTS } from './lib.mjs';

const failed = [];
for (const project of TS_PROJECTS) {
  console.log(`tsc -p ${project}`);
  if ((await run('npx', ['tsc', '-p', project, '--noEmit'])) !== 0) failed.push(project);
}
if (failed.length) console.log(`Type errors in: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
