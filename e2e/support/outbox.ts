import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { CODE_RESEND_SECONDS } from '@netloom/domain';

/**
 * The console's development outbox for SMS: without an SMS provider configured, the server logs each
 * code as a pino JSON line `{"time":…,"to":"+86 139…","code":"1234","msg":"dev outbox: SMS
 * verification code"}`. Global setup copies the server's output to a file (`NETLOOM_E2E_SERVER_LOG`);
 * this reads codes from it the way an operator reads them from the log.
 */

export const SERVER_LOG_ENV = 'NETLOOM_E2E_SERVER_LOG';
const SMS_MESSAGE = 'dev outbox: SMS verification code';

interface OutboxLine {
  time: number;
  to: string;
  code: string;
}

function smsLines(logFile: string): OutboxLine[] {
  if (!existsSync(logFile)) return [];
  const lines: OutboxLine[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes(SMS_MESSAGE)) continue;
    try {
      const r = JSON.parse(line) as Partial<OutboxLine> & { msg?: string };
      if (r.msg === SMS_MESSAGE && typeof r.to === 'string' && typeof r.code === 'string') {
        lines.push({ time: typeof r.time === 'number' ? r.time : 0, to: r.to, code: r.code });
      }
    } catch {
      // A line cut by a concurrent write: the next poll reads it whole.
    }
  }
  return lines;
}

/** Polls the server log for the newest SMS code sent to `+<countryCode> <mobile>` at or after `since`. */
export async function readSmsCode(
  logFile: string,
  mobile: string,
  options: { countryCode?: string; since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const { countryCode = '86', since = 0, timeoutMs = 15_000 } = options;
  const to = `+${countryCode} ${mobile}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smsLines(logFile)
      .filter((l) => l.to === to && l.time >= since)
      .at(-1);
    if (found) return found.code;
    if (Date.now() > deadline) {
      const seen = smsLines(logFile).map((l) => l.to);
      throw new Error(
        `No SMS code for ${to} within ${timeoutMs} ms. The outbox has codes for: ${seen.join(', ') || 'nobody'}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A fresh Chinese mobile number (11 digits starting with 1). */
export function uniqueMobile(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * The server sends at most one code per number per minute (53), and per e-mail address (2010). Flows
 * that need a second code for one wait out what is left of that minute after `sentAt`: this long.
 */
export function codeCooldownMs(sentAt: number, now = Date.now()): number {
  return Math.max(0, sentAt + SMS_INTERVAL_MS - now);
}
// One second of margin: the server compares with its own clock, to the millisecond.
const SMS_INTERVAL_MS = (CODE_RESEND_SECONDS + 1) * 1000;

/**
 * Waits out the server's one-code-a-minute rule for a code sent at `sentAt`. This is a wait on the
 * server's clock (nothing on a page changes when the minute is over), not on a page.
 */
export async function waitOutCodeCooldown(sentAt: number): Promise<void> {
  const wait = codeCooldownMs(sentAt);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
