/**
 * Chaos: configuration that never gets lost (issue 4). Real processes end to end — the server as a
 * child process with its own SQLite DATA_DIR, 200 simulated devices (one gateway and 199 switches:
 * every one takes a configuration) speaking MQTT, claimed through the HTTP API. A save that changes
 * every device's document (a new VLAN) plus a few per-device port saves are made, and right after
 * the save response, while deliveries are in flight, the server (embedded broker) or the external
 * broker is SIGKILLed and started again. Then, within a bounded time, every device must run the
 * newest desired version (by the API and by the devices themselves), no device may have applied a
 * version twice, and everything saved must still be there, version and content.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  DeviceTypeCounts,
  NetworkConfigView,
  NetworkSettings,
  ProjectConfigStatus,
  SaveConfigResult,
  SwitchConfigView,
} from '@netloom/domain';
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountWithProject,
  claimAll,
  type HttpApi,
  restartableMosquitto,
  type ServerProcess,
  startServerProcess,
} from './chaosKit';
import { freePort, mosquittoAvailable, TEST_KEY, waitFor } from './gatewayKit';

if (!mosquittoAvailable)
  throw new Error('the chaos tests need /usr/sbin/mosquitto with the dynamic-security plugin');

const DEVICES = 200;
/** Per-device port saves made together with the project-wide change. */
const SWITCH_SAVES = 5;
/** How long the fleet may take to converge after the restart. */
const CONVERGE_MS = 30_000;
/**
 * A whole run: two server starts (TypeScript on the fly) and four bounded waits (3 × 20 s + 30 s).
 * The test's own limit is above their sum, so a busy machine shows which wait failed, never "test
 * timed out" halfway through one.
 */
const RUN_LIMIT_MS = 180_000;

type Cleanup = () => Promise<void> | void;
let cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

function vlan(id: number) {
  return { id, name: `Chaos ${id}`, ip: `172.20.${id}.1`, mask: '255.255.255.0', dhcp: false };
}

function startFleet(url: string, seed: number): Fleet {
  const fleet = createFleet({
    url,
    provisioningKey: TEST_KEY,
    seed,
    devices: DEVICES,
    mix: 'switches',
    churnPerHour: 0,
    eventsPerHour: 0,
    rampMs: 1000,
    // A device takes 1 s to apply a configuration: the kill lands while deliveries are in flight.
    configReplyDelayMs: 1000,
    backoff: { firstMinMs: 200, firstMaxMs: 1000, capMs: 2000 },
  });
  fleet.start();
  cleanups.push(() => fleet.stop());
  return fleet;
}

const statusOf = (api: HttpApi, projectId: number) =>
  api.ok<ProjectConfigStatus>('GET', `/api/projects/${projectId}/config/status`);

/** Every device applied its desired version — by the API and by the device itself. */
async function converged(
  api: HttpApi,
  projectId: number,
  fleet: Fleet,
): Promise<ProjectConfigStatus | undefined> {
  const s = await statusOf(api, projectId).catch(() => undefined);
  if (!s || s.devices.length !== DEVICES || s.applied !== DEVICES) return undefined;
  const settled = s.devices.every(
    (d) =>
      d.status === 'applied' &&
      d.appliedVersion === d.desiredVersion &&
      fleet.device(d.sn)?.configVersion === d.desiredVersion,
  );
  return settled ? s : undefined;
}

async function saveNetwork(api: HttpApi, projectId: number, edit: (s: NetworkSettings) => NetworkSettings) {
  const view = await api.ok<NetworkConfigView>('GET', `/api/projects/${projectId}/config/network`);
  const settings = edit(structuredClone(view.settings));
  const saved = await api.ok<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
    baseVersion: view.version,
    settings,
  });
  return { saved, settings };
}

interface SwitchSave {
  deviceId: number;
  sn: string;
  remark: string;
  saved: SaveConfigResult;
}

async function saveSwitchRemark(
  api: HttpApi,
  projectId: number,
  deviceId: number,
  sn: string,
  remark: string,
) {
  const url = `/api/projects/${projectId}/devices/${deviceId}/config/switching`;
  const view = await api.ok<SwitchConfigView>('GET', url);
  const settings = structuredClone(view.settings);
  const port = settings.ports[0];
  if (!port) throw new Error(`switch ${sn} has no port settings`);
  port.remark = remark;
  const saved = await api.ok<SaveConfigResult>('PUT', url, { baseVersion: view.version, settings });
  return { deviceId, sn, remark, saved } satisfies SwitchSave;
}

/**
 * The common flow on a running `server` whose devices connect to `brokerUrl`: `chaos` kills and
 * restarts something right after the save response (and returns the server now serving the API);
 * the rest is asserted the same way for both cases.
 */
async function chaosRun(o: {
  seed: number;
  server: ServerProcess;
  brokerUrl: string;
  chaos: () => Promise<ServerProcess>;
}) {
  const plan = planFleet({ seed: o.seed, devices: DEVICES, mix: 'switches' });
  expect(plan.devices.filter((d) => d.kind === 'switch')).toHaveLength(DEVICES - 1);
  const { api, projectId } = await accountWithProject(o.server);
  await claimAll(
    api,
    projectId,
    plan.devices.map((d) => d.sn),
  );
  const fleet = startFleet(o.brokerUrl, o.seed);
  await waitFor(() => fleet.stats().online === DEVICES, { timeoutMs: 20_000, what: 'every device online' });
  // The server has handled every hello too (a device's kind is known from its hello only).
  await waitFor(
    async () => {
      const counts = await api.ok<DeviceTypeCounts>('GET', `/api/projects/${projectId}/devices/types`);
      return counts.online === DEVICES && (counts.byType.switch ?? 0) === DEVICES - 1 ? true : undefined;
    },
    { timeoutMs: 20_000, what: 'the server to know every device' },
  );

  // 1. A baseline every device has applied.
  const base = await saveNetwork(api, projectId, (s) => ({ ...s, vlans: [...s.vlans, vlan(20)] }));
  expect(base.saved.delivery.targets).toBe(DEVICES);
  const before = await waitFor(() => converged(api, projectId, fleet), {
    timeoutMs: 20_000,
    what: 'the baseline applied everywhere',
  });
  const baseline = new Map(before.devices.map((d) => [d.sn, d.desiredVersion]));

  // 2. A few per-device port saves, then a change of every device's document…
  const switches = before.devices.filter((d) => d.type === 'switch').slice(0, SWITCH_SAVES);
  const switchSaves = await Promise.all(
    switches.map((d, i) => saveSwitchRemark(api, projectId, d.deviceId, d.sn, `chaos remark ${i}`)),
  );
  const change = await saveNetwork(api, projectId, (s) => ({ ...s, vlans: [...s.vlans, vlan(30)] }));
  // …and 3. the kill, right after the save response.
  const atKill = new Map(fleet.devices.map((d) => [d.sn, d.configVersion]));
  const server = await o.chaos();
  api.base = server.url;
  expect(change.saved.delivery.targets).toBe(DEVICES);

  // 4. Every device converges on the newest version within a bounded time.
  const after = await waitFor(() => converged(api, projectId, fleet), {
    timeoutMs: CONVERGE_MS,
    what: 'every device to apply the newest version after the restart',
  });
  for (const d of after.devices)
    expect(d.desiredVersion).toBeGreaterThan(baseline.get(d.sn) ?? Number.POSITIVE_INFINITY);
  // The kill really happened mid-delivery: devices still had older versions then.
  const behind = after.devices.filter((d) => (atKill.get(d.sn) ?? 0) < d.desiredVersion).length;
  expect(behind).toBeGreaterThan(DEVICES / 2);

  // 5. No device applied any version twice.
  for (const d of fleet.devices) {
    expect(new Set(d.appliedVersions).size, `${d.sn} applied ${d.appliedVersions.join(',')}`).toBe(
      d.appliedVersions.length,
    );
    expect(d.appliedVersions.at(-1)).toBe(d.configVersion);
  }

  // 6. Nothing saved was lost: the documents are the saved versions with the saved content…
  const network = await api.ok<NetworkConfigView>('GET', `/api/projects/${projectId}/config/network`);
  expect(network.version).toBe(change.saved.version);
  expect(network.settings).toEqual(change.settings);
  expect(network.settings.vlans.map((v) => v.id)).toEqual(expect.arrayContaining([20, 30]));
  for (const s of switchSaves) {
    const view = await api.ok<SwitchConfigView>(
      'GET',
      `/api/projects/${projectId}/devices/${s.deviceId}/config/switching`,
    );
    expect(view.version).toBe(s.saved.version);
    expect(view.settings.ports[0]?.remark).toBe(s.remark);
  }
  // …and what the devices run is that content.
  for (const d of fleet.devices) {
    const doc = d.appliedDocument;
    if (d.plan.kind === 'switch') expect(doc?.switching?.vlans.map((v) => v.id)).toEqual([20, 30]);
    else expect(doc?.network?.vlans.map((v) => v.id)).toEqual([20, 30]);
  }
  for (const s of switchSaves)
    expect(fleet.device(s.sn)?.appliedDocument?.switching?.ports[0]?.remark).toBe(s.remark);
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-chaos-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServerProcess(env);
  cleanups.push(() => s.kill('SIGKILL'));
  return s;
}

describe('configuration delivery under chaos (real processes, 200 devices)', () => {
  it(
    'the server is SIGKILLed mid-delivery and restarted: every device converges, none applies twice, nothing is lost',
    async () => {
      const env = { DATA_DIR: tempDir(), MQTT_PORT: String(await freePort()) };
      const first = await server(env);
      await chaosRun({
        seed: 41,
        server: first,
        brokerUrl: `mqtt://127.0.0.1:${env.MQTT_PORT}`,
        chaos: async () => {
          await first.kill('SIGKILL');
          return server(env);
        },
      });
    },
    RUN_LIMIT_MS,
  );

  it(
    'the external broker is SIGKILLed mid-delivery and restarted: every device converges, none applies twice',
    async () => {
      const broker = await restartableMosquitto();
      cleanups.push(() => broker.dispose());
      await broker.start();
      const only = await server({ DATA_DIR: tempDir(), MQTT_URL: broker.adminUrl });
      await chaosRun({
        seed: 42,
        server: only,
        brokerUrl: broker.url,
        chaos: async () => {
          await broker.kill();
          await broker.start();
          return only;
        },
      });
    },
    RUN_LIMIT_MS,
  );
});
