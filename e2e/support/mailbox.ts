import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';

/** One captured message, as written (one JSON object per line) to the mailbox file. */
export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  /** Milliseconds since the epoch when the capture server accepted the message. */
  receivedAt: number;
}

export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on an ephemeral port that accepts every message,
 * with or without AUTH, and appends it to `mailboxFile`. The console under test sends its
 * verification codes here exactly as it would to a production relay.
 */
export async function startSmtpCapture(mailboxFile: string): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'e2e' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          receivedAt: Date.now(),
        };
        appendFileSync(mailboxFile, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function readMailbox(mailboxFile: string): CapturedMail[] {
  if (!existsSync(mailboxFile)) return [];
  const mails: CapturedMail[] = [];
  for (const line of readFileSync(mailboxFile, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      mails.push(JSON.parse(line) as CapturedMail);
    } catch {
      // Parallel workers read while the capture server appends: a line cut mid-write is read whole
      // by the next poll.
    }
  }
  return mails;
}

export interface ReadCodeOptions {
  /** Only messages received at or after this time (ms since the epoch) count. */
  since?: number;
  /** How long to wait for a matching message; the wait is bounded so a lost mail fails fast. */
  timeoutMs?: number;
}

/** Polls the mailbox for the newest 6-digit code sent to `to`; throws with what arrived on timeout. */
export async function readCode(
  mailboxFile: string,
  to: string,
  options: ReadCodeOptions = {},
): Promise<string> {
  const { since = 0, timeoutMs = 15_000 } = options;
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readMailbox(mailboxFile).filter((m) => m.to.includes(address) && m.receivedAt >= since);
    for (const mail of mails.reverse()) {
      const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) {
      const seen = readMailbox(mailboxFile).map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `No 6-digit code for ${to} within ${timeoutMs} ms. Mailbox has ${seen.length} message(s):\n${seen.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
