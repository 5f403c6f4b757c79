import {
  ANALYTICS_CONTENT_TYPE,
  ANALYTICS_HEADERS,
  ANALYTICS_UPLOAD_PATH,
  type AnalyticsEventInput,
  type AnalyticsTerminal,
  type AnalyticsUploadInput,
  APP_VERSION,
  analyticsSignedBytes,
  describeUserAgent,
  analyticsEndpoints as E,
  ERR,
  toHex,
} from '@netloom/domain';
import { call } from '../../api/client';
import { storage } from '../../browser/storage';

interface StoredTerminal extends AnalyticsTerminal {
  accountId: number;
}

/** This tab's terminal for the account (asked once per tab and sign-in; again when refused with 510). */
async function terminalFor(accountId: number, fresh: boolean): Promise<AnalyticsTerminal> {
  const stored = storage.getAnalyticsTerminal() as Partial<StoredTerminal> | null;
  if (!fresh && stored?.accountId === accountId && stored.terminalId && stored.key)
    return { terminalId: stored.terminalId, key: stored.key };
  // In the background: a refusal never interrupts the user with a modal.
  const t = await call(E.terminal, {}, { quietDemo: true });
  storage.setAnalyticsTerminal({ ...t, accountId });
  return t;
}

/** The analytics header (§3): the app, the browser and its system, from what the browser says. */
export function analyticsHeader(): AnalyticsUploadInput['header'] {
  const ua = describeUserAgent(navigator.userAgent);
  const [browser = '', version = ''] = ua.browser.split(/ (?=\d+$)/);
  let referrerHost = '';
  try {
    referrerHost = document.referrer ? new URL(document.referrer).host : '';
  } catch {
    referrerHost = '';
  }
  return {
    app_ver: APP_VERSION,
    channel_type: 'web',
    language: navigator.language,
    os_model: ua.device,
    os_ver: '',
    platform: ua.kind,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    browser,
    browser_version: version,
    referrer_page: '',
    referrer_host: referrerHost,
  };
}

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function sign(key: string, timestamp: string, terminalId: string, body: Uint8Array): Promise<string> {
  // WebCrypto exists on secure pages only (HTTPS, localhost): elsewhere the events stay queued.
  if (!globalThis.crypto?.subtle) throw new Error('Analytics uploads need a secure (HTTPS) page.');
  const k = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const bytes = analyticsSignedBytes(timestamp, terminalId, body);
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', k, bytes as Uint8Array<ArrayBuffer>)));
}

async function post(t: AnalyticsTerminal, body: Uint8Array): Promise<number> {
  const timestamp = String(Date.now());
  const res = await fetch(ANALYTICS_UPLOAD_PATH, {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: {
      'content-type': ANALYTICS_CONTENT_TYPE,
      [ANALYTICS_HEADERS.timestamp]: timestamp,
      [ANALYTICS_HEADERS.terminal]: t.terminalId,
      [ANALYTICS_HEADERS.signature]: await sign(t.key, timestamp, t.terminalId, body),
    },
    body: body as Uint8Array<ArrayBuffer>,
  });
  const json = (await res.json().catch(() => ({ code: -1 }))) as { code?: number };
  return typeof json.code === 'number' ? json.code : -1;
}

/**
 * Uploads events to `POST /upload/app-data/v2` (§7): gzip JSON signed with this tab's terminal key.
 * Throws when the server did not take them (the queue keeps them).
 */
export async function uploadEvents(accountId: number, events: AnalyticsEventInput[]): Promise<void> {
  const body = await gzip(
    JSON.stringify({
      events,
      user: { user_id: String(accountId), device_id: '', email: null, phone: null },
      header: analyticsHeader(),
    } satisfies AnalyticsUploadInput),
  );
  let code = await post(await terminalFor(accountId, false), body);
  if (code === ERR.ANALYTICS_TERMINAL_UNKNOWN) code = await post(await terminalFor(accountId, true), body);
  if (code !== 0) throw new Error(`Analytics upload refused (code ${code})`);
}
