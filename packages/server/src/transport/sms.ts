import type { Logger } from 'pino';

export interface SmsMessage {
  countryCode: string;
  mobile: string;
  code: string;
  text: string;
}

/** Pluggable SMS provider. Throws when sending fails (→ code 1). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function logSmsSender(log: Logger): SmsSender {
  return {
    async send(m) {
      log.info({ to: `+${m.countryCode} ${m.mobile}`, code: m.code }, 'dev outbox: SMS verification code');
    },
  };
}

/** POSTs `{ to, countryCode, mobile, code, text }` as JSON; any non-2xx answer is a failure. */
export function webhookSmsSender(url: string): SmsSender {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: `+${m.countryCode}${m.mobile}`, ...m }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
    },
  };
}

export function smsText(code: string): string {
  return `Your Netloom verification code is ${code}. It is valid for 10 minutes.`;
}
