import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import {
  NOTIFY_WEBHOOK_TOLERANCE_SECONDS,
  type NotificationMessage,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignedContent,
} from '@netloom/domain';

/** A message the receiver accepted, with whether its signature and timestamp verified. */
export interface Received {
  message: NotificationMessage;
  verified: boolean;
  headers: http.IncomingHttpHeaders;
}

/**
 * A webhook receiver on port 0 that verifies as docs/api.md tells a receiver to: HMAC-SHA256 of
 * "<timestamp>.<raw body>" with the secret, compared in constant time, and a timestamp within the
 * tolerance of its own clock. `answers` is the status to give each request in turn (then 200).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let secret = '';
  /** The clock the receiver checks timestamps against (the server under test runs a test clock). */
  let nowSeconds = () => Math.floor(Date.now() / 1000);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      if (req.url === '/moved') {
        res.writeHead(302, { location: 'http://example.invalid/elsewhere' }).end();
        return;
      }
      if (status === 200) {
        const raw = Buffer.concat(chunks).toString('utf8');
        const ts = String(req.headers[WEBHOOK_TIMESTAMP_HEADER.toLowerCase()] ?? '');
        const sig = String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? '');
        const expected = `sha256=${createHmac('sha256', secret).update(webhookSignedContent(ts, raw)).digest('hex')}`;
        const fresh = Math.abs(nowSeconds() - Number(ts)) <= NOTIFY_WEBHOOK_TOLERANCE_SECONDS;
        const same =
          sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
        received.push({
          message: JSON.parse(raw) as NotificationMessage,
          verified: same && fresh,
          headers: req.headers,
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    movedUrl: `http://127.0.0.1:${port}/moved`,
    received,
    answers,
    setSecret: (s: string) => {
      secret = s;
    },
    setClock: (fn: () => number) => {
      nowSeconds = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
