// A project of N simulated devices on the built server, for the benches that need a live fleet in
// one project (upgrade.mjs, topologyUi.mjs): an account and a project through the API, the devices
// claimed by inserting their rows (devicesSeed.ts, as the devices bench does: N claims through the
// HTTP API would measure onboarding), the server restarted with an MQTT port, and one simulator
// process (simGroup.mjs's shards, with extra simulator options) connected until every device is
// online in the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { until } from './devices.mjs';
import { accountWithProject, api, exited, freePort, spawnTs, startBenchServer, stop } from './devicesLib.mjs';
import { ONLINE } from './devicesServer.mjs';
import { shardsOf, simArgs } from './simGroup.mjs';

/** Every device of a project through the device list API (pages of 100). */
export async function listAll(url, token, projectId) {
  const all = [];
  for (let page = 1; ; page++) {
    const r = await api(url, `/api/projects/${projectId}/devices?page=${page}&pageSize=100`, { token });
    if (r.code !== 0) throw new Error(`device list: ${JSON.stringify(r).slice(0, 300)}`);
    all.push(...r.data.items);
    if (r.data.items.length < 100) return all;
  }
}

/**
 * Starts the fleet project. `simOptions(devices)` gives extra simulator arguments once the claimed
 * devices are known (their ids and serial numbers from the list API). Resolves with the server,
 * the tokens, the devices and `close()` (simulators, server, data directory). `cpuProfileDir`: the
 * measured server runs with `--cpu-prof` and writes its profile there when it stops.
 */
export async function startFleetProject({
  n,
  mix = 'office',
  timeFactor = 1,
  env = {},
  simOptions = () => [],
  onlineTimeoutMs = 120_000,
  cpuProfileDir,
}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-fleet-'));
  const dbFile = join(dataDir, 'netloom.db');
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  const children = [];
  let ro;
  const close = async () => {
    for (const c of children.reverse()) await stop(c, c.signal ?? 'SIGTERM');
    ro?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const first = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: '0', ...env }, logs);
    const account = await accountWithProject(first.url, codes);
    await stop(first.child);
    const shards = shardsOf(n);
    let seeded;
    const seed = spawnTs(
      'scripts/bench/devicesSeed.ts',
      [dbFile, String(account.projectId), ...shards.map((x) => `${x.seed}:${x.devices}:${mix}`)],
      { onJson: (o) => (seeded = o.inserted) },
    );
    await exited(seed);
    if (seeded !== n) throw new Error(`seeding failed:\n${seed.text.join('\n')}`);

    const mqttPort = await freePort();
    // A CPU profile of the measured server (written when it stops): `node --cpu-prof`.
    const server = await startBenchServer(
      { DATA_DIR: dataDir, MQTT_PORT: String(mqttPort), ...env },
      logs,
      cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
    );
    children.push(server.child);
    const devices = await listAll(server.url, account.token, account.projectId);
    const extra = simOptions(devices);
    for (const shard of shards) {
      const sim = spawnTs('packages/sim/src/cli.ts', [
        ...simArgs(mqttPort, timeFactor, shard),
        '--mix',
        mix,
        ...extra,
      ]);
      sim.signal = 'SIGKILL';
      children.push(sim);
    }
    ro = new Database(dbFile, { readonly: true });
    const online = ro.prepare(
      `select count(*) as n from devices where project_id = ? and status in (${ONLINE.join(',')})`,
    );
    const onlineCount = () => online.get(account.projectId).n;
    const connectMs = await until('every device online', () => onlineCount() >= n, onlineTimeoutMs);
    return { ...account, server, mqttPort, dataDir, db: ro, devices, onlineCount, connectMs, close };
  } catch (err) {
    await close();
    throw err;
  }
}
