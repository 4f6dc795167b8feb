// Preloaded (`node --import ./scripts/exit-with-parent.mjs`) into a process that must not outlive
// the one that started it: when its parent goes away (npm killed, a shell closed, the parent
// crashed), the process is re-parented and this sends it SIGTERM, so it stops through its own clean
// shutdown. A signal to the parent alone (`kill -TERM <npm pid>`, what systemd or a container
// runtime may send) therefore still stops everything under it.
import { clearInterval, setInterval } from 'node:timers';

const parent = process.ppid;
const timer = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }
}, 250);
timer.unref();
