// Helpers of the config delivery bench (config.mjs): the server process (the built bundle, or
// BENCH_SERVER_ENTRY — a .ts entry runs through tsx) and the live channel's `config.status` events.
import { spawnNode } from './devicesLib.mjs';

/** The server with the bench's settings; resolves {child, url} once ready. `logs` gets every JSON log entry. */
export function spawnConfigServer(env, logs = () => {}) {
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'packages/server/dist/main.js';
  return new Promise((resolve, reject) => {
    let done = false;
    const child = spawnNode(entry, [], {
      nodeArgs: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT: '0',
        DEMO_ENABLED: 'false',
        ...env,
      },
      onJson: (entry) => {
        logs(entry);
        if (!done && entry.msg === 'Netloom console ready') {
          done = true;
          resolve({ child, url: entry.url });
        }
      },
    });
    child.once('exit', (code) => {
      if (!done) reject(new Error(`server exited with ${code}:\n${child.text.join('\n')}`));
    });
    setTimeout(() => {
      if (done) return;
      child.kill('SIGKILL');
      reject(new Error(`server not ready:\n${child.text.join('\n')}`));
    }, 30_000);
  });
}

/** A WebSocket on /api/live subscribed to the project; `events` collects `config.status` with recvAt. */
export async function collectLive(WebSocket, url, token, projectId) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const events = [];
  let subscribed;
  const ack = new Promise((resolve) => {
    subscribed = resolve;
  });
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.op === 'subscribed') subscribed();
    if (m.op === 'event' && m.event.type === 'config.status') events.push({ ...m.event, recvAt: Date.now() });
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ op: 'subscribe', projectId }));
  await ack;
  return { events, close: () => ws.close() };
}
