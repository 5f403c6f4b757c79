import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/** A message composed by a feature (alarm notifications). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends e-mail through SMTP_URL: verification codes, and the notifications of alarms. Throws when
 * the transport fails (→ code 1 for codes; the error's own words for a notification).
 */
export interface CodeMailer {
  sendCode(to: string, code: string): Promise<void>;
  send(message: MailMessage): Promise<void>;
  /** `smtp` when mail really leaves (SMTP_URL), `log` for the development outbox. */
  readonly via: 'smtp' | 'log';
  close(): void;
}

export const CODE_MAIL_SUBJECT = 'Your Netloom verification code';

function body(code: string) {
  const text = `Your Netloom verification code is ${code}.\n\nIt is valid for 10 minutes. If you did not request it, ignore this e-mail.`;
  const html = `<p>Your Netloom verification code is</p><p style="font-size:24px;font-weight:700;letter-spacing:4px">${code}</p><p>It is valid for 10 minutes. If you did not request it, ignore this e-mail.</p>`;
  return { text, html };
}

export function smtpMailer(smtpUrl: string, from: string): CodeMailer {
  // nodemailer is imported with the first message, not at start-up; the transport is made once.
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    async sendCode(to, code) {
      await (await open()).sendMail({ from, to, subject: CODE_MAIL_SUBJECT, ...body(code) });
    },
    async send(m) {
      await (await open()).sendMail({ from, ...m });
    },
    via: 'smtp',
    close: () => {
      // A transport that never opened has nothing to close (and a failed one was told to its sender).
      void transport?.then(
        (t) => t.close(),
        () => {},
      );
    },
  };
}

/** Development outbox: without SMTP_URL every code is printed to the log instead of sent. */
export function logMailer(log: Logger): CodeMailer {
  return {
    async sendCode(to, code) {
      log.info({ to, code, subject: CODE_MAIL_SUBJECT }, 'dev outbox: e-mail verification code');
    },
    async send(m) {
      log.info({ to: m.to, subject: m.subject, text: m.text }, 'dev outbox: e-mail notification');
    },
    via: 'log',
    close: () => {},
  };
}
