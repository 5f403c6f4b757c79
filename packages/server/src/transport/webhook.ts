import { createHmac } from 'node:crypto';
import {
  NOTIFY_WEBHOOK_TIMEOUT_MS,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignedContent,
} from '@netloom/domain';

/** One signed POST of a JSON body (docs/api.md "Webhook notifications"). */
export interface SignedPost {
  url: string;
  secret: string;
  /** The raw body, sent and signed byte for byte. */
  body: string;
  deliveryId: number;
  /** Unix seconds, part of what is signed. */
  timestamp: number;
}

/** `sha256=<hex>`: HMAC-SHA256 of "<timestamp>.<raw body>" with the secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(webhookSignedContent(timestamp, body)).digest('hex')}`;
}

/**
 * POSTs a signed JSON body. Any answer but 2xx is a failure in the receiver's words ("HTTP 500
 * Internal Server Error"); a redirect is never followed (it could lead anywhere, signature and all).
 * Throws an Error whose message says what went wrong.
 */
export async function postSigned(p: SignedPost): Promise<void> {
  const timestamp = String(p.timestamp);
  let res: Response;
  try {
    res = await fetch(p.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(NOTIFY_WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Netloom-Webhook/1',
        [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(p.secret, timestamp, p.body),
        [WEBHOOK_DELIVERY_HEADER]: String(p.deliveryId),
      },
      body: p.body,
    });
  } catch (err) {
    throw new Error(describeFetchError(err));
  }
  // The body is not needed; release the connection.
  await res.body?.cancel().catch(() => {});
  if (res.status >= 300 && res.status < 400) {
    const to = res.headers.get('location');
    throw new Error(
      `HTTP ${res.status}: the webhook redirects${to ? ` to ${to}` : ''}; redirects are not followed`,
    );
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
}

function describeFetchError(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return `No answer within ${NOTIFY_WEBHOOK_TIMEOUT_MS / 1000} s`;
    // undici wraps the socket error ("connect ECONNREFUSED 127.0.0.1:9") in `cause`.
    const cause = (err as Error & { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return cause.message;
    return err.message;
  }
  return String(err);
}
