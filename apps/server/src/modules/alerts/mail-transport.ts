import nodemailer from 'nodemailer';

/** One e-mail as the transport hands it to the mail server. */
export interface TOutgoingMail {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface TMailTransport {
  /** Resolves when the mail server accepted the e-mail; rejects with the server's answer otherwise. */
  send(mail: TOutgoingMail): Promise<void>;
  close(): void;
}

/** How long a mail server may take: a hanging server holds one e-mail up this long, not forever. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * SMTP through nodemailer (docs/alerts.md, "Transport"): `smtp://` upgrades with STARTTLS when the
 * server offers it, `smtps://` is TLS from the start; user and password come from the address.
 */
export function smtpTransport(smtpUrl: string, from: string): TMailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        // RFC 3834: an automatic message; auto-responders do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close() {
      transporter.close();
    },
  };
}
