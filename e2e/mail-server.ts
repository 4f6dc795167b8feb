import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { portal } from './portal';

/** An e-mail the test's mail server accepted: the envelope's recipients, the raw message and its plain text. */
export interface TReceived {
  to: string[];
  raw: string;
  text: string;
}

/**
 * A real mail server (smtp-server) on the e2e portal's SMTP_URL port, for the tests of e-mails
 * (alerts, the forgotten password). Elsewhere no server listens there and e-mails wait for one.
 * Close it with `stopMailServer`.
 */
export async function startMailServer(received: TReceived[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then(
          (parsed) => {
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: raw.toString(), text: parsed.text ?? '' });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(portal().smtpPort, '127.0.0.1', () => resolve());
  });
  return server;
}

export function stopMailServer(server: SMTPServer): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
