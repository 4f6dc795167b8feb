import { startTestSmtpServer } from './smtp-fixture';

/**
 * The test mail server in a process of its own (mail-window.test.ts): it answers "250" while the
 * tested process may be busy, as a real mail server does, and reports each answer's wall-clock time
 * (performance.timeOrigin + now, ms) over IPC.
 */
const smtp = await startTestSmtpServer();
process.send?.({ url: smtp.url });
let reported = 0;
setInterval(() => {
  while (reported < smtp.acceptedAt.length) process.send?.({ accepted: performance.timeOrigin + smtp.acceptedAt[reported++] });
}, 2);
process.on('disconnect', () => void smtp.stop().then(() => process.exit(0)));
