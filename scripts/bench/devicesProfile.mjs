// Diagnosis helper for the devices bench (not part of `npm run bench`): the server under the
// simulator's load with --cpu-prof, printing online devices and the server's metrics every 5 s.
// Usage: BENCH_DEVICES=10000 node scripts/bench/devicesProfile.mjs <seconds> <profile dir>
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SERVER_NODE_ARGS } from '../lib.mjs';
import { accountWithProject, api, exited, freePort, sleep, spawnNode, spawnTs, stop } from './devicesLib.mjs';
import { shardsOf, startSims } from './simGroup.mjs';

const [seconds = '90', profDir = join(tmpdir(), 'netloom-prof')] = process.argv.slice(2);
const n = Number(process.env.BENCH_DEVICES ?? 10_000);
const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-prof-'));
const codes = new Map();
const logs = (e) => e.msg === 'dev outbox: e-mail verification code' && codes.set(e.to, e.code);
const env = {
  PORT: '0',
  HOST: '127.0.0.1',
  METRICS_ENABLED: 'true',
  AUTH_RATE_LIMIT: '0',
  DEMO_ENABLED: 'false',
  DATA_DIR: dataDir,
};

function start(extra, nodeArgs = []) {
  return new Promise((resolve) => {
    const child = spawnNode('packages/server/dist/main.js', [], {
      env: { ...env, ...extra },
      nodeArgs: [...SERVER_NODE_ARGS, ...nodeArgs],
      onJson: (e) => {
        logs(e);
        if (e.msg === 'Netloom console ready') resolve({ child, url: e.url });
        else if (e.level >= 40) console.log('  server:', e.msg);
      },
    });
  });
}
const first = await start({ MQTT_PORT: '0' });
const { projectId } = await accountWithProject(first.url, codes);
await stop(first.child);
await exited(
  spawnTs('scripts/bench/devicesSeed.ts', [
    join(dataDir, 'netloom.db'),
    String(projectId),
    ...shardsOf(n).map((x) => `${x.seed}:${x.devices}`),
  ]),
);
const port = await freePort();
const server = await start({ MQTT_PORT: String(port) }, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
const db = new Database(join(dataDir, 'netloom.db'), { readonly: true });
const sims = startSims(port, Number(process.env.BENCH_TIME_FACTOR ?? 3), n);
for (let t = 0; t < Number(seconds); t += 5) {
  await sleep(5000);
  const online = db.prepare('select count(*) as n from devices where status = 1').get().n;
  const m = await api(server.url, '/api/internal/metrics').catch(() => null);
  console.log(
    `${t + 5}s db online ${online}`,
    m
      ? `connected ${m.gateway.connected} queue ${m.gateway.queue} loop p99 ${m.process.eventLoopDelayMs.p99.toFixed(0)} ms lat p99 ${m.publishToCommittedMs.p99}`
      : 'no metrics',
  );
}
const last = sims.samples.at(-1);
console.log(
  `  sim: online ${last?.online} published ${last?.published} connect errors ${last?.connectErrors}`,
);
await sims.kill();
await stop(server.child, 'SIGTERM', 180_000);
console.log(`profile in ${profDir}`);
