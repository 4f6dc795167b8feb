// `npm run dev`: the server with reload on change (PORT, default 3000) and Vite's dev server for the
// web app (http://localhost:5173, proxying /api to the server's PORT: apps/web/vite.config.ts).
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

process.env.DEMO ??= 'true';
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: `${ROOT}/apps/web`, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.all(children.map((child) => new Promise((resolve) => child.on('exit', resolve))));
