import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** An e-mail the test mail server accepted (answered 250), parsed. */
export interface TReceivedMail {
  /** The From address and display name. */
  from: { address: string; name: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  autoSubmitted: string | undefined;
}

export interface TTestSmtpServer {
  port: number;
  url: string;
  /** Accepted e-mails, in arrival order. */
  received: TReceivedMail[];
  /** When each accepted e-mail's "250" was answered (performance.now() of this process), in the same order. */
  acceptedAt: number[];
  /** E-mails whose DATA arrived while `hold` was on: answered only when released, or never if the client goes away. */
  held: number;
  /** Answer the held e-mails (250) and accept the next ones at once. */
  release(): void;
  waitFor(count: number, timeoutMs?: number): Promise<TReceivedMail[]>;
  waitForHeld(count: number, timeoutMs?: number): Promise<void>;
  /** Until this many client connections have ended (a killed client's end is seen a moment later). */
  waitForClosed(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface TSmtpOptions {
  /** Listen on this port (a restart of a stopped server); 0 or none: a free one. */
  port?: number;
  /** Recipients answered 550 at RCPT TO. */
  refuse?: (address: string) => boolean;
  /** Keep the client waiting after its DATA until release(). */
  hold?: boolean;
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the e-mail alert tests: no TLS,
 * no authentication. The portal's nodemailer transport talks SMTP to it as to any mail server.
 */
export async function startTestSmtpServer(options: TSmtpOptions = {}): Promise<TTestSmtpServer> {
  const received: TReceivedMail[] = [];
  const acceptedAt: number[] = [];
  let holding = options.hold === true;
  const waiting: (() => void)[] = [];
  /** Sessions whose client went away: a held e-mail of theirs was never accepted. */
  const closed = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = new Error(`Recipient address rejected: ${address.address}`) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          if (closed.has(session.id)) return;
          void simpleParser(Buffer.concat(chunks)).then((parsed) => {
            received.push({
              from: { address: parsed.from?.value[0]?.address ?? '', name: parsed.from?.value[0]?.name ?? '' },
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              autoSubmitted: parsed.headers.get('auto-submitted') as string | undefined,
            });
            acceptedAt.push(performance.now());
            callback();
          }, callback);
        };
        if (holding) {
          state.held += 1;
          waiting.push(accept);
        } else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const state: TTestSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    acceptedAt,
    held: 0,
    release() {
      holding = false;
      for (const accept of waiting.splice(0)) accept();
    },
    async waitFor(count, timeoutMs = 15_000) {
      await waitUntil(() => received.length >= count, timeoutMs, `${count} e-mails (got ${received.length})`);
      return received;
    },
    async waitForHeld(count, timeoutMs = 15_000) {
      await waitUntil(() => state.held >= count, timeoutMs, `${count} held e-mails`);
    },
    async waitForClosed(count, timeoutMs = 15_000) {
      await waitUntil(() => closed.size >= count, timeoutMs, `${count} closed connections`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return state;
}
