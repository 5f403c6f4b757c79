import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  NOTIFY_WEBHOOK_TOLERANCE_SECONDS,
  type NotificationMessage,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignedContent,
} from '@netloom/domain';

/** A message the receiver got, and whether it verified as docs/api.md tells a receiver to check. */
export interface WebhookHit {
  message: NotificationMessage;
  verified: boolean;
}

/**
 * A webhook receiver in the test's worker, on port 0 of loopback: `/hook` verifies the signature
 * (HMAC-SHA256 of "<timestamp>.<raw body>" with the secret, constant-time) and the timestamp's age
 * and answers 200; `/broken` answers 500 like a receiver that is down.
 */
export async function startWebhookReceiver() {
  const hits: WebhookHit[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== '/hook') {
        res.writeHead(500).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers[WEBHOOK_TIMESTAMP_HEADER.toLowerCase()] ?? '');
      const sig = String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(webhookSignedContent(ts, raw)).digest('hex')}`;
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) <= NOTIFY_WEBHOOK_TOLERANCE_SECONDS;
      const same = sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
      hits.push({ message: JSON.parse(raw) as NotificationMessage, verified: same && fresh });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    brokenUrl: `http://127.0.0.1:${port}/broken`,
    hits,
    setSecret(s: string) {
      secret = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
