// Budget (issue 4, configuration delivery): a save reaches 1,000 online devices and each reports it
// applied within 3 s (p95). N = BENCH_CONFIG_DEVICES switches (default 1,000) plus one gateway, in
// one project, simulated in ONE separate process answering at once (configReplyDelayMs 0). One run:
//   a. bare: a plain in-process aedes with a publisher (configBare.ts) sends each device its real
//      retained `config` document in one burst and times publish → `configResult` per device — the
//      broker round trip, the baseline;
//   b. through Netloom: the built server (SQLite, embedded broker) with the devices claimed into one
//      project; BENCH_CONFIG_ROUNDS times (default 5) a PUT of the network settings (a new VLAN: every
//      switch's and the gateway's document changes) is timed from sending the request to each device's
//      "applied" as the server reports it — the live `config.status` events on /api/live, cross-checked
//      with GET /config/status until every device is applied.
// BENCH_SERVER_ENTRY runs another server entry point (a .ts file runs through tsx).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { collectLive, spawnConfigServer } from './configLib.mjs';
import {
  accountWithProject,
  api,
  exited,
  fmt,
  freePort,
  percentile,
  sleep,
  spawnTs,
  stop,
} from './devicesLib.mjs';

const SWITCHES = Number(process.env.BENCH_CONFIG_DEVICES ?? 1000);
const N = SWITCHES + 1;
const ROUNDS = Number(process.env.BENCH_CONFIG_ROUNDS ?? 5);
const SEED = 4;
const BUDGET_MS = 3000;
const ROUND_TIMEOUT_MS = 30_000;

const stats = (xs) => ({
  p50: percentile(xs, 0.5),
  p95: percentile(xs, 0.95),
  max: Math.max(...xs),
  n: xs.length,
});

/** Phase a: the bare broker round trip. */
async function measureBare() {
  const rounds = [];
  let port;
  let online = false;
  let done = false;
  const bare = spawnTs('scripts/bench/configBare.ts', [String(SEED), String(N), String(ROUNDS)], {
    onJson: (o) => {
      if (o.port) port = o.port;
      else if (o.online) online = true;
      else if (o.round >= 1) rounds.push(o);
      else if (o.done) done = true;
    },
  });
  let sim;
  try {
    for (let i = 0; i < 200 && port === undefined; i++) await sleep(50);
    if (port === undefined) throw new Error(`bare broker did not start:\n${bare.text.join('\n')}`);
    sim = spawnTs('scripts/bench/configSim.ts', [`mqtt://127.0.0.1:${port}`, String(SEED), String(N)]);
    const started = Date.now();
    while (!done && bare.exitCode === null && Date.now() - started < 300_000) await sleep(100);
    if (!online || rounds.length === 0) throw new Error(`bare phase failed:\n${bare.text.join('\n')}`);
    const all = rounds.flatMap((r) => r.latencies);
    return {
      ...stats(all),
      answered: Math.min(...rounds.map((r) => r.answered)),
      burst: Math.max(...rounds.map((r) => r.burstMs)),
    };
  } finally {
    await stop(sim, 'SIGTERM');
    await stop(bare, 'SIGKILL');
  }
}

function vlan(id) {
  return { id, name: `Bench ${id}`, ip: `172.20.${id}.1`, mask: '255.255.255.0', dhcp: false };
}

/** Phase b: save → applied through the server. */
async function measureServer(dataDir, token, projectId, logs) {
  const mqttPort = await freePort();
  const server = await spawnConfigServer({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) }, logs);
  const db = new Database(join(dataDir, 'netloom.db'), { readonly: true });
  const onlineNow = db.prepare(
    'select count(*) as n from devices where project_id = ? and status in (1, 2, 7)',
  );
  let sim;
  let live;
  try {
    sim = spawnTs('scripts/bench/configSim.ts', [`mqtt://127.0.0.1:${mqttPort}`, String(SEED), String(N)]);
    const t = Date.now();
    while (onlineNow.get(projectId).n < N) {
      if (Date.now() - t > 180_000) throw new Error(`only ${onlineNow.get(projectId).n}/${N} devices online`);
      await sleep(250);
    }
    console.log(
      `  server: ${N}/${N} devices online in the database after ${fmt((Date.now() - t) / 1000, 1)} s`,
    );
    live = await collectLive(WebSocket, server.url, token, projectId);
    const base = `/api/projects/${projectId}/config`;
    const status = () => api(server.url, `${base}/status`, { token }).then((r) => r.data);

    const saveRound = async (round) => {
      const view = (await api(server.url, `${base}/network`, { token })).data;
      const before = new Map(((await status())?.devices ?? []).map((d) => [d.deviceId, d.desiredVersion]));
      const settings = { ...view.settings, vlans: [vlan(20), vlan(30 + round)] };
      live.events.length = 0;
      const sentAt = Date.now();
      const saved = await api(server.url, `${base}/network`, {
        method: 'PUT',
        token,
        body: { baseVersion: view.version, settings },
      });
      const answeredAt = Date.now();
      if (saved.code !== 0) throw new Error(`save failed: ${JSON.stringify(saved)}`);
      // Per device: the first live event saying it applied a version newer than before the save.
      const appliedAt = new Map();
      const polledAt = new Map();
      const deadline = sentAt + ROUND_TIMEOUT_MS;
      for (;;) {
        for (const e of live.events) {
          if (e.deviceId === null || e.status !== 'applied' || appliedAt.has(e.deviceId)) continue;
          if ((e.appliedVersion ?? 0) > (before.get(e.deviceId) ?? 0)) appliedAt.set(e.deviceId, e.recvAt);
        }
        const s = await status();
        const now = Date.now();
        for (const d of s?.devices ?? [])
          if (
            d.status === 'applied' &&
            d.appliedVersion > (before.get(d.deviceId) ?? 0) &&
            !polledAt.has(d.deviceId)
          )
            polledAt.set(d.deviceId, now);
        if (s && s.applied === N && polledAt.size === N) break;
        if (now > deadline) break;
        await sleep(25);
      }
      // A device the live channel did not report counts at the poll that first saw it applied.
      const latencies = [];
      for (const [id, at] of polledAt) latencies.push((appliedAt.get(id) ?? at) - sentAt);
      return {
        latencies,
        applied: polledAt.size,
        fromEvents: [...polledAt.keys()].filter((id) => appliedAt.has(id)).length,
        responseMs: answeredAt - sentAt,
      };
    };

    // A first save every device applies (not measured), then the measured rounds.
    const warm = await saveRound(0);
    console.log(
      `  warm-up save: ${warm.applied}/${N} applied, p95 ${fmt(percentile(warm.latencies, 0.95))} ms`,
    );
    const rounds = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const x = await saveRound(r);
      rounds.push(x);
      const s = stats(x.latencies);
      console.log(
        `  round ${r}: ${x.applied}/${N} applied, p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms, max ${fmt(s.max)} ms (PUT answered in ${x.responseMs} ms; ${x.fromEvents} timed by live events)`,
      );
      await sleep(1000);
    }
    return {
      ...stats(rounds.flatMap((x) => x.latencies)),
      allApplied: rounds.every((x) => x.applied === N),
      response: percentile(
        rounds.map((x) => x.responseMs),
        0.5,
      ),
    };
  } finally {
    live?.close();
    await stop(sim, 'SIGTERM');
    db.close();
    await stop(server.child);
  }
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-config-'));
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  try {
    const first = await spawnConfigServer({ DATA_DIR: dataDir, MQTT_PORT: '0' }, logs);
    const { token, projectId } = await accountWithProject(first.url, codes);
    await stop(first.child);
    let seeded;
    const seed = spawnTs(
      'scripts/bench/devicesSeed.ts',
      [join(dataDir, 'netloom.db'), String(projectId), `${SEED}:${N}:switches`],
      { onJson: (o) => (seeded = o.inserted) },
    );
    await exited(seed);
    if (seeded !== N) throw new Error(`seeding failed:\n${seed.text.join('\n')}`);
    console.log(`  1 gateway + ${SWITCHES} switches claimed into project ${projectId}; ${ROUNDS} rounds`);

    const bare = await measureBare();
    console.log(
      `  bare aedes: publish → configResult p50 ${fmt(bare.p50, 1)} ms, p95 ${fmt(bare.p95, 1)} ms, max ${fmt(bare.max, 1)} ms (${bare.answered}/${N} answered per round, whole burst ≤ ${fmt(bare.burst)} ms)`,
    );
    const s = await measureServer(dataDir, token, projectId, logs);
    console.log(
      `  machine: load average before ${loadBefore}, after ${load()} on ${availableParallelism()} cores`,
    );
    return [
      {
        name: `config save → applied on ${SWITCHES} switches + a gateway (server's view, ${ROUNDS} rounds)`,
        figure: `p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms, max ${fmt(s.max)} ms (${s.n} device applies${s.allApplied ? '' : ', NOT ALL APPLIED'}; PUT answered in ${fmt(s.response)} ms)`,
        ratio: `${fmt(s.p95 / BUDGET_MS, 2)}× of the 3 s budget, ${fmt(s.p95 / bare.p95, 1)}× the bare broker round trip p95 (${fmt(bare.p95, 1)} ms)`,
        withinBudget: s.allApplied && s.p95 <= BUDGET_MS,
      },
      {
        name: `bare broker config round trip (aedes, ${N} devices, baseline)`,
        figure: `p50 ${fmt(bare.p50, 1)} ms, p95 ${fmt(bare.p95, 1)} ms, max ${fmt(bare.max, 1)} ms (${bare.n} answers)`,
        ratio: 'baseline',
        withinBudget: bare.answered === N,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
