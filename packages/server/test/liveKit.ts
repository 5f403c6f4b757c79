import type { LiveServerMessage } from '@netloom/domain';
import WebSocket from 'ws';

/** A browser on the live channel: the server's messages collected, and the close code once closed. */
export async function openLive(port: number, headers: Record<string, string>, protocols: string[] = []) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`, protocols, { headers });
  const got: LiveServerMessage[] = [];
  ws.on('message', (d) => got.push(JSON.parse(d.toString()) as LiveServerMessage));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, got, closed };
}
