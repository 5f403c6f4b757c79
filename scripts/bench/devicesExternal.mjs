// The devices bench in external mode (issue 11 §2): the console node with Mosquitto (dynamic
// security) as its broker and PostgreSQL as its database, N = BENCH_DEVICES devices (default 10,000;
// BENCH_DEVICES=18000 on this machine size). Runs only with BENCH_EXTERNAL=1: it needs
// /usr/sbin/mosquitto with the dynamic-security plugin and a PostgreSQL (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432, a user that may create databases). Phases of one run:
//   0. set-up: a fresh database with a unique name (dropped at the end), migrated by a first start
//      of the server; an account and a project through the API; N + probe devices claimed in the
//      database (devicesSeedPg.ts); their broker clients written into the dynamic-security file
//      before Mosquitto starts (devicesDynsec.ts — through the plugin that takes hours, see there);
//   1. bare: the same simulators against a bare Mosquitto (anonymous, no plugin) and one QoS 1
//      subscriber on the up topics (devicesBareMosquitto.mjs) → the baseline, as devices.mjs does
//      with aedes; Mosquitto's own CPU and RSS;
//   2, 3. the built server with MQTT_URL (the dynsec admin) and DATABASE_URL: its start with every
//      broker client already current, then measureServer (devicesServer.mjs) with the simulators
//      and the probe on Mosquitto: ingest, latency, device list, status → browser, reconnect storm,
//      nominal 30 s interval — with Mosquitto's CPU and RSS beside the console's.
// Budgets: those of devices.mjs (budgetsFor), except the console's RSS: < 300 MB from 10,000 devices
// up (issue 11: external mode, 18,000 devices); below, 150 MB + 15 MB per 1,000 devices.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { budgetsFor, rateOver, rows, settled, until } from './devices.mjs';
import {
  accountWithProject,
  api,
  exited,
  fmt,
  sleep,
  spawnNode,
  spawnTs,
  startBenchServer,
  stop,
} from './devicesLib.mjs';
import { measureServer, ONLINE } from './devicesServer.mjs';
import { brokerOver, prepareMosquitto, sampleBroker, startMosquitto } from './mosquittoBench.mjs';
import { shardsOf, startSims } from './simGroup.mjs';

const N = Number(process.env.BENCH_DEVICES ?? 10_000);
const TIME_FACTOR = Number(process.env.BENCH_TIME_FACTOR ?? 3);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 30) * 1000;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PROBES = 8;
const PROBE_SEED = 99;

/** The console node's budgets in external mode: devices.mjs's, with RSS < 300 MB (see the head). */
export function externalBudgetsFor(n) {
  return { ...budgetsFor(n), rssMb: n >= 10_000 ? 300 : 150 + (15 * n) / 1000 };
}

const mbOf = (x) => x / 1024 / 1024;
const fleetArgs = () => [...shardsOf(N).map((x) => `${x.seed}:${x.devices}`), `${PROBE_SEED}:${PROBES}`];

export async function run() {
  if (process.env.BENCH_EXTERNAL !== '1') {
    console.log('  skipped: BENCH_EXTERNAL=1 runs it (Mosquitto with dynamic security, PostgreSQL)');
    return [];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-external-'));
  const dbName = `netloom_bench_ext_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = `${PG_URL}/${dbName}`;
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const cleanups = [];
  try {
    // Set-up: the schema (the server migrates at start), an account and a project, N + probe devices.
    const first = await startBenchServer({ ...env, MQTT_PORT: '0' }, logs);
    const { token, projectId } = await accountWithProject(first.url, codes);
    await stop(first.child);
    const seeded = await jsonOf('scripts/bench/devicesSeedPg.ts', [
      databaseUrl,
      String(projectId),
      ...fleetArgs(),
    ]);
    if (seeded?.inserted !== N + PROBES) throw new Error('seeding PostgreSQL failed');
    console.log(
      `  ${N} devices (+${PROBES} probe devices) claimed into project ${projectId} of database ${dbName}; time factor ${TIME_FACTOR}; ${shardsOf(N).length} simulator process(es)`,
    );

    const bare = await measureBareMosquitto();
    console.log(
      `  bare Mosquitto: ${fmt(bare.rate)} msg/s delivered (simulator offered ${fmt(bare.offered)}), unaccounted ${bare.unaccounted}, ${bare.connected}/${N} connected after ${fmt(bare.connectMs / 1000, 1)} s; Mosquitto ${fmt(bare.broker.cpuPct, 1)}% CPU, ${fmt(mbOf(bare.broker.rssMax))} MB`,
    );

    // The broker of the console: every device's client written before it starts.
    const prepared = prepareMosquitto('dynsec', { dynsec: true });
    cleanups.push(prepared.remove);
    const written = Date.now();
    const dyn = await jsonOf('scripts/bench/devicesDynsec.ts', [prepared.dynsecFile, ...fleetArgs()]);
    if (dyn?.clients !== N + PROBES) throw new Error('writing the dynamic-security file failed');
    const writeMs = Date.now() - written;
    const writtenMtime = statSync(prepared.dynsecFile).mtimeMs;
    const broker = await startMosquitto(prepared);
    const brokerSamples = sampleBroker(broker);
    const idleRss = broker.rss();
    console.log(
      `  Mosquitto with ${N + PROBES} dynsec clients: file written in ${fmt(writeMs / 1000, 1)} s, listening after ${fmt(broker.readyMs / 1000, 1)} s, ${fmt(mbOf(idleRss))} MB idle`,
    );
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    let server;
    try {
      const startedAt = Date.now();
      let provisioned;
      const warnings = [];
      server = await startBenchServer({ ...env, MQTT_URL: broker.adminUrl }, (e) => {
        logs(e);
        if (e.msg === 'broker clients provisioned for claimed devices') provisioned = e.devices;
        if (e.level >= 40) warnings.push(JSON.stringify(e).slice(0, 600));
      }).catch((err) => {
        throw new Error(`${err.message}\n${warnings.slice(-5).join('\n')}`);
      });
      const readyMs = Date.now() - startedAt;
      // Mosquitto rewrites its dynsec file on every change: unchanged means the start changed nothing.
      const brokerChanged = statSync(prepared.dynsecFile).mtimeMs !== writtenMtime;
      console.log(
        `  server (external mode, PostgreSQL) ready in ${fmt(readyMs / 1000, 1)} s with ${provisioned} claimed devices checked against the broker (${brokerChanged ? 'it changed the broker' : 'no change to the broker'})`,
      );
      // Progress every 10 s (the console's view and the database's), to see where a phase stalls.
      const progress = setInterval(async () => {
        try {
          const m = await api(server.url, '/api/internal/metrics');
          const online = (await pool.query('select count(*) as n from devices where status in (1,2,7)'))
            .rows[0].n;
          const r = m.gateway.received;
          console.log(
            `    … console: ${m.gateway.connected} connected, ${online} online in the database, received hello ${r.hello ?? 0} state ${r.state ?? 0} telemetry ${r.telemetry ?? 0}, backlog ${m.gateway.queue}; RSS ${fmt(mbOf(m.process.rss))} MB; Mosquitto ${fmt(mbOf(broker.rss()))} MB`,
          );
        } catch (err) {
          console.log(`    … progress: ${err.message}`);
        }
      }, 10_000);
      const s = await measureServer({
        server,
        token,
        projectId,
        mqttPort: broker.port,
        onlineCount: async () =>
          Number(
            (
              await pool.query(
                `select count(*) as n from devices where project_id = $1 and status in (${ONLINE.join(',')})`,
                [projectId],
              )
            ).rows[0].n,
          ),
        n: N,
        probes: PROBES,
        probeSeed: PROBE_SEED,
        timeFactor: TIME_FACTOR,
        windowMs: WINDOW_MS,
        until,
        settled,
        rateOver,
        WebSocket,
      }).finally(() => clearInterval(progress));
      const mosq = {
        idleRss,
        ingest:
          s.ingest.t0 === undefined ? null : brokerOver(brokerSamples.samples, s.ingest.t0, s.ingest.t1),
        nominal: brokerOver(brokerSamples.samples, s.nominal.t0, s.nominal.t1),
      };
      console.log(
        `  Mosquitto beside the console: nominal ${fmt(mosq.nominal.cpuPct, 1)}% CPU, ${fmt(mbOf(mosq.nominal.rssMax))} MB${mosq.ingest ? `; raised load ${fmt(mosq.ingest.cpuPct, 1)}% CPU, ${fmt(mbOf(mosq.ingest.rssMax))} MB` : ''}`,
      );
      console.log(
        `  machine: load average before ${loadBefore}, after ${load()} on ${availableParallelism()} cores`,
      );
      return externalRows(s, bare, mosq, { readyMs, brokerChanged });
    } finally {
      if (server) await stop(server.child);
      await brokerSamples.stop();
      await broker.stop();
      // Session takeovers (a device reconnecting before the broker saw its old connection drop) are
      // counted; anything else Mosquitto warned about is shown.
      const said = broker.errors.join('').split('\n').filter(Boolean);
      const takeovers = said.filter((l) => l.includes('already connected, closing old connection'));
      const other = said.filter((l) => !takeovers.includes(l));
      console.log(
        `  Mosquitto: ${takeovers.length} session takeovers${other.length > 0 ? `; said: ${other.slice(-10).join(' | ')}` : ''}`,
      );
      await pool.end();
    }
  } finally {
    await admin
      .query(`drop database if exists ${dbName} with (force)`)
      .catch((err) => console.log(`  (could not drop ${dbName}: ${err.message})`));
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    for (const c of cleanups) c();
  }
}

/** Runs a TypeScript set-up step to its end: the last JSON line it printed (the writers print one). */
async function jsonOf(script, args) {
  let last;
  const child = spawnTs(script, args, { onJson: (o) => (last = o) });
  await exited(child);
  // The line may still be in the reader when the exit event fires.
  for (let i = 0; i < 20 && last === undefined; i++) await sleep(50);
  if (last === undefined) throw new Error(`${script} failed:\n${child.text.join('\n')}`);
  return last;
}

/**
 * Phase 1: the simulators against a bare Mosquitto; the delivered rate and the unaccounted messages
 * (published by the simulators after a clean stop minus received by the subscriber), and the
 * broker's own CPU and RSS over the window.
 */
async function measureBareMosquitto() {
  const prepared = prepareMosquitto('bare', { dynsec: false });
  const broker = await startMosquitto(prepared);
  const sampler = sampleBroker(broker);
  const bare = [];
  let ready = false;
  const sub = spawnNode('scripts/bench/devicesBareMosquitto.mjs', [String(broker.port)], {
    onJson: (o) => {
      if (o.ready) ready = true;
      else bare.push(o);
    },
  });
  try {
    if (!Number.isFinite(await until('the bare subscriber', () => ready, 10_000, 50)))
      throw new Error(`bare subscriber did not start:\n${sub.text.join('\n')}`);
    const sims = startSims(broker.port, TIME_FACTOR, N);
    try {
      const connectMs = await until(
        'all devices on the bare broker',
        () => (bare.at(-1)?.clients ?? 0) >= N,
        120_000,
      );
      const connected = bare.at(-1)?.clients ?? 0;
      await sleep(5000);
      const t0 = Date.now();
      await sleep(WINDOW_MS);
      const t1 = Date.now();
      const rate = rateOver(bare, (x) => x.delivered, t0, t1);
      const offered = rateOver(sims.samples, (x) => x.published, t0, t1);
      const { published, wills } = await sims.pause();
      const delivered = await settled(() => bare.at(-1)?.delivered ?? 0);
      return {
        rate,
        offered,
        unaccounted: published + wills - delivered,
        connectMs,
        connected,
        broker: brokerOver(sampler.samples, t0, t1),
      };
    } finally {
      await sims.kill();
    }
  } finally {
    await stop(sub);
    await sampler.stop();
    await broker.stop();
    prepared.remove();
  }
}

/** devices.mjs's rows, named for this mode, the console's RSS judged by the external budget, plus the broker's own figures. */
export function externalRows(s, bare, mosq, start) {
  const b = externalBudgetsFor(N);
  const [held, ...rest] = rows(s, bare);
  const rssMb = mbOf(s.nominal.rssMax);
  const mode = 'external (Mosquitto, PostgreSQL)';
  return [
    {
      ...held,
      name: `${mode}: ${held.name.replace('(server CPU, RSS)', '(console CPU, RSS)')}`,
      ratio: `${fmt(s.nominal.cpuPct / b.cpuPct, 2)}× of ${fmt(b.cpuPct, 0)}% CPU, ${fmt(rssMb / b.rssMb, 2)}× of ${fmt(b.rssMb)} MB (external-mode RSS budget)`,
      withinBudget: s.nominal.cpuPct < b.cpuPct && rssMb < b.rssMb && s.nominal.online >= N,
    },
    ...rest.map((r) => ({ ...r, name: `${mode}: ${r.name}` })),
    {
      name: `${mode}: Mosquitto's own CPU and RSS (not the console's)`,
      figure: `nominal ${fmt(mosq.nominal.cpuPct, 1)}% of one core, ${fmt(mbOf(mosq.nominal.rssMax))} MB${mosq.ingest ? `; raised load ${fmt(mosq.ingest.cpuPct, 1)}%, ${fmt(mbOf(mosq.ingest.rssMax))} MB` : ''}; ${fmt(mbOf(mosq.idleRss))} MB idle with ${N + s.probes} dynsec clients; bare Mosquitto (no plugin) at the raised load ${fmt(bare.broker.cpuPct, 1)}%, ${fmt(mbOf(bare.broker.rssMax))} MB`,
      ratio: 'reported beside the console, no budget',
      withinBudget: true,
    },
    {
      name: `${mode}: console ready with ${N + s.probes} claimed devices already provisioned on the broker`,
      figure: `${fmt(start.readyMs)} ms (database migrated; ${start.brokerChanged ? 'the start CHANGED the dynsec file: clients were re-provisioned' : 'every broker client found current, the dynsec file unchanged'})`,
      ratio: `${fmt(start.readyMs / 1500, 2)}× of the 1.5 s start budget of embedded mode (reported, not judged)`,
      withinBudget: true,
    },
  ];
}
