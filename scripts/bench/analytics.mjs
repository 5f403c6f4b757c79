// Analytics ingest (issue 15 §3): events accepted per second through `POST /upload/app-data/v2` —
// each upload a gzip body of ANALYTICS_BATCH_SIZE (20) fresh events, HMAC-SHA256-signed with a
// terminal's key, checked (timestamp, terminal, signature, capped inflate, schema) and inserted
// idempotently into SQLite — measured beside a bare Node HTTP server (a child process that reads the
// same bodies and answers a JSON envelope) in the same run, with the same client and concurrency.
// The ratio says what the checks and the insert cost against HTTP alone. Budget: at least
// BUDGET_EVENTS_PER_S events/s accepted on the 2-core CI machine.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { accountWithProject, api, fmt, spawnNode, startBenchServer, stop } from './devicesLib.mjs';

const DURATION_MS = Number(process.env.BENCH_ANALYTICS_MS ?? 5000);
const CONCURRENCY = 8;
const EVENTS_PER_UPLOAD = 20;
const BUDGET_EVENTS_PER_S = 2000;
const PATH = '/upload/app-data/v2';

const BARE_SERVER = `
const http = require('node:http');
const s = http.createServer((req, res) => {
  let n = 0;
  req.on('data', (c) => { n += c.length; });
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 0, data: { stored: ${EVENTS_PER_UPLOAD}, duplicates: 0, bytes: n } }));
  });
});
s.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: s.address().port })));
`;

function body() {
  const now = Date.now();
  const events = Array.from({ length: EVENTS_PER_UPLOAD }, (_, i) => ({
    event_id: i % 4 === 0 ? 'project_open' : 'page_view',
    event_second: Math.floor(now / 1000),
    event_primarykey: randomUUID(),
    event_page_path: ['/project/list', '/monitor/status', '/device/list', '/account'][i % 4],
    event_params: {},
    event_time_ms: now,
    event_duration: 0,
    session_id: 'bench',
  }));
  const header = { app_ver: 'v1.8.80', browser: 'Chrome', browser_version: '131', os_model: 'Linux' };
  return gzipSync(JSON.stringify({ events, user: { user_id: 'bench' }, header }));
}

/** Sends uploads from CONCURRENCY loops for DURATION_MS; events the server said it stored per second. */
async function drive(url, terminal) {
  const bodies = Array.from({ length: 200 }, body);
  let next = 0;
  let stored = 0;
  let refused = 0;
  const end = Date.now() + DURATION_MS;
  const started = Date.now();
  const loop = async () => {
    while (Date.now() < end) {
      // A fresh body once the prepared ones are used: every event is new (nothing deduplicated).
      const bytes = next < bodies.length ? bodies[next++] : body();
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', terminal.key)
        .update(Buffer.concat([Buffer.from(`${timestamp}.${terminal.terminalId}.`), bytes]))
        .digest('hex');
      const res = await fetch(`${url}${PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/gzip',
          timestamp,
          signature,
          'terminal-id': terminal.terminalId,
        },
        body: bytes,
      });
      const json = await res.json();
      if (json.code === 0) stored += json.data.stored;
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return { perSecond: stored / ((Date.now() - started) / 1000), refused };
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-analytics-'));
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  let server;
  let bare;
  try {
    server = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: '0' }, logs);
    const account = await accountWithProject(server.url, codes);
    const t = await api(server.url, '/api/analytics/terminal', { method: 'POST', token: account.token });
    if (t.code !== 0) throw new Error(`terminal: ${JSON.stringify(t)}`);
    const netloom = await drive(server.url, t.data);
    await stop(server.child);
    server = undefined;

    let port;
    bare = spawnNode('-e', [BARE_SERVER], { onJson: (o) => (port = o.port) });
    for (let i = 0; i < 100 && !port; i++) await new Promise((r) => setTimeout(r, 20));
    if (!port) throw new Error('the bare HTTP server did not start');
    const baseline = await drive(`http://127.0.0.1:${port}`, { terminalId: 'bare', key: 'bare' });

    console.log(
      `  ${fmt(netloom.perSecond, 0)} events/s accepted (${netloom.refused} refused), bare HTTP ${fmt(baseline.perSecond, 0)} events/s; ${CONCURRENCY} uploads in flight of ${EVENTS_PER_UPLOAD} events`,
    );
    return [
      {
        name: 'analytics ingest (gzip + HMAC + insert, SQLite)',
        figure: `${fmt(netloom.perSecond, 0)} events/s`,
        ratio: `${(netloom.perSecond / baseline.perSecond).toFixed(2)}× a bare HTTP server's ${fmt(baseline.perSecond, 0)} events/s; budget ≥ ${BUDGET_EVENTS_PER_S}`,
        withinBudget: netloom.perSecond >= BUDGET_EVENTS_PER_S && netloom.refused === 0,
      },
    ];
  } finally {
    if (server) await stop(server.child);
    if (bare) await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
