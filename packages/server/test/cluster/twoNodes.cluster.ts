/**
 * Two console nodes, one dies (issue 11 §3): the reference deployment on this machine — PostgreSQL,
 * Mosquitto with dynamic security, two nodes of the built server behind one HTTP entry, the
 * simulator (CLUSTER_DEVICES, default 5,000) in its own process — and what must hold:
 *  1. steady state: telemetry split between the nodes, every message handled exactly once; a live
 *     client through the entry sees the devices whose messages the other node handled; a retention
 *     slot claimed once; a configuration saved on node A applied by every device exactly once;
 *  2. `kill -9` of the node holding the live client, right after a configuration save on it: the
 *     client reconnects through the entry and live updates resume; the save is applied by every
 *     device exactly once; the telemetry gap is measured; the node restarted rejoins the split;
 *  3. the broker SIGKILLed and restarted: devices and nodes come back, live updates resume, a save
 *     is applied everywhere exactly once; the gap is measured.
 * Not part of `npm test` (it needs the built server and takes minutes): `npm run test:cluster`.
 */
import type { DeviceTypeCounts } from '@netloom/domain';
import { planFleet } from '@netloom/sim';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db';
import { accountWithProject, claimAll, HttpApi } from '../chaosKit';
import { mosquittoAvailable, TEST_KEY, waitFor } from '../gatewayKit';
import { createSuiteDatabase } from '../harness';
import { clusterBroker } from './clusterBroker';
import { convergedWithin, saveNetwork, vlan } from './clusterConfig';
import {
  type ClusterNode,
  LiveClient,
  metricsOf,
  type NodeMetrics,
  PROVISIONED,
  percentile,
  type SimProcess,
  seedLoadDevices,
  startNode,
  startNodeOnFreePort,
  startSim,
} from './clusterKit';
import { type EntryProxy, startEntryProxy } from './entryProxy';

if (!mosquittoAvailable) throw new Error('the cluster test needs /usr/sbin/mosquitto with dynamic security');

const DEVICES = Number(process.env.CLUSTER_DEVICES ?? 5000);
/** Devices of the configuration project (a gateway and switches: each takes a configuration). */
const CONFIG_DEVICES = 20;
const LOAD_SEED = 11;
const CONFIG_SEED = 12;
/** Simulated seconds per real second: 30 s telemetry every 15 s real. */
const TIME_FACTOR = 2;
const INTERVAL_MS = 30_000 / TIME_FACTOR;
/** Bounded waits: a 5,000-device fleet connecting (and reconnecting after a broker restart). */
const ONLINE_MS = 120_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

it(
  `two nodes on PostgreSQL + Mosquitto carry ${DEVICES} devices while a node and then the broker die`,
  async () => {
    const t0 = Date.now();
    const figures: string[] = [];
    const say = (line: string) => {
      figures.push(line);
      console.log(`[cluster +${seconds(Date.now() - t0)}] ${line}`);
    };

    // ── The deployment ──────────────────────────────────────────────────────────────────────────────
    const database = await createSuiteDatabase('postgres');
    cleanups.push(() => database.drop());
    const db = openDatabase(database.url);
    cleanups.push(() => db.db.destroy());
    const broker = await clusterBroker();
    cleanups.push(() => broker.dispose());
    await broker.start();
    const env = { DATABASE_URL: database.url, MQTT_URL: broker.adminUrl };
    const nodes: Record<'A' | 'B', ClusterNode | null> = { A: null, B: null };
    cleanups.push(async () => {
      await nodes.A?.kill('SIGKILL');
      await nodes.B?.kill('SIGKILL');
    });
    // Node A alone first: it migrates the database; an account and two projects are made on it.
    nodes.A = await startNodeOnFreePort('A', env);
    const { api, projectId: loadProject } = await accountWithProject(nodes.A, 'Cluster load');
    const configProject = (
      await api.ok<{ id: number }>('POST', '/api/projects', {
        name: 'Cluster config',
        netMode: 0,
        scenario: 'hotel',
      })
    ).id;
    await nodes.A.kill('SIGTERM');
    // The load fleet is claimed in the database…
    const loadSns = await seedLoadDevices(db.db, loadProject, LOAD_SEED, DEVICES);
    expect(loadSns).toHaveLength(DEVICES);
    // …and their broker clients written into the broker's file, as claims one by one would have.
    await broker.kill();
    broker.seedDevices(loadSns, TEST_KEY);
    await broker.start();
    // One after the other, as an operator rolls them out. A node re-provisions every claimed device
    // in the broker at start (in the background past a few seconds); the broker handles that one
    // node at a time, so the second node starts once the first is done.
    const provisioned = (n: ClusterNode) =>
      waitFor(() => n.logs.find((l) => l.msg === PROVISIONED) as { ms?: number } | undefined, {
        timeoutMs: ONLINE_MS,
        what: `node ${n.name} to provision the claimed devices in the broker`,
      });
    const started = Date.now();
    nodes.A = await startNodeOnFreePort('A', env);
    const readyA = Date.now() - started;
    const provA = await provisioned(nodes.A);
    const startedB = Date.now();
    nodes.B = await startNodeOnFreePort('B', env);
    const readyB = Date.now() - startedB;
    const provB = await provisioned(nodes.B);
    const ports = { A: nodes.A.port, B: nodes.B.port };
    say(
      `with ${DEVICES} claimed devices: node A ready in ${seconds(readyA)}, its broker clients provisioned in ${seconds(provA.ms ?? 0)}; node B ${seconds(readyB)}, ${seconds(provB.ms ?? 0)}`,
    );
    const entry: EntryProxy = await startEntryProxy([
      { name: 'A', host: '127.0.0.1', port: ports.A },
      { name: 'B', host: '127.0.0.1', port: ports.B },
    ]);
    cleanups.push(() => entry.close());
    api.base = entry.url;
    const configPlan = planFleet({ seed: CONFIG_SEED, devices: CONFIG_DEVICES, mix: 'switches' });
    await claimAll(
      api,
      configProject,
      configPlan.devices.map((d) => d.sn),
    );

    // A browser through the entry, subscribed before the devices come.
    const live = new LiveClient(entry.url, api.token, loadProject);
    cleanups.push(() => live.close());
    await live.open();
    // The live client is the entry's only WebSocket: its node is the last one a WebSocket went to.
    const liveNode = () => entry.routed.filter((r) => r.kind === 'ws').at(-1)?.backend as 'A' | 'B';
    const firstLiveNode = liveNode();

    const simOptions = {
      url: broker.url,
      provisioningKey: TEST_KEY,
      load: { seed: LOAD_SEED, devices: DEVICES },
      config: { seed: CONFIG_SEED, devices: CONFIG_DEVICES },
      timeFactor: TIME_FACTOR,
      reportMs: 1000,
    };
    const allOnline = (sim: SimProcess) =>
      waitFor(
        () => {
          const r = sim.latest();
          return r && r.load.online === DEVICES && r.config.online === CONFIG_DEVICES ? r : undefined;
        },
        { timeoutMs: ONLINE_MS, what: 'every simulated device online' },
      ).catch((err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(sim.latest()?.load)}`);
      });

    // ── 1. Steady state ─────────────────────────────────────────────────────────────────────────────
    let sim = startSim(simOptions);
    cleanups.push(() => void sim.child.kill('SIGKILL'));
    const connecting = Date.now();
    await allOnline(sim);
    say(
      `${DEVICES + CONFIG_DEVICES} devices online through Mosquitto in ${seconds(Date.now() - connecting)}`,
    );
    // The browser sees every load device come online — whichever node handled its hello.
    const onlineSeen = () =>
      new Set(live.events.filter((e) => e.type === 'device.status' && e.status === 1).map((e) => e.deviceId));
    await waitFor(() => (onlineSeen().size === DEVICES ? true : undefined), {
      timeoutMs: ONLINE_MS,
      what: 'the live client to see every device come online',
    });
    const [helloA, helloB] = await Promise.all(
      [nodes.A, nodes.B].map(async (n) => (await metricsOf(n as ClusterNode)).gateway.received.hello ?? 0),
    );
    const helloOnLiveNode = firstLiveNode === 'A' ? helloA : helloB;
    say(
      `hello handled: A ${helloA}, B ${helloB}; the live client on node ${firstLiveNode} saw ${onlineSeen().size} devices come online`,
    );
    // More devices came online in the browser than its own node handled: the rest came from the other.
    expect(helloOnLiveNode).toBeLessThan(DEVICES);
    expect((helloA ?? 0) + (helloB ?? 0)).toBeGreaterThanOrEqual(DEVICES + CONFIG_DEVICES);

    // Both nodes know every configuration device (a device's kind and model come from its hello,
    // which one node handled and wrote to the database).
    for (const n of [nodes.A, nodes.B] as ClusterNode[]) {
      const direct = new HttpApi(n.url);
      direct.token = api.token;
      let counts: DeviceTypeCounts | undefined;
      await waitFor(
        async () => {
          counts = await direct.ok<DeviceTypeCounts>('GET', `/api/projects/${configProject}/devices/types`);
          return counts.online === CONFIG_DEVICES && (counts.byType.switch ?? 0) === CONFIG_DEVICES - 1
            ? true
            : undefined;
        },
        { timeoutMs: 20_000, what: `node ${n.name} to know every configuration device` },
      ).catch(async (err: Error) => {
        const rows = await db.db
          .selectFrom('devices')
          .select(['sn', 'status', 'type'])
          .where('project_id', '=', configProject)
          .execute();
        throw new Error(
          `${err.message}: ${JSON.stringify(counts)} ${JSON.stringify(rows)} errors ${JSON.stringify([nodes.A, nodes.B].flatMap((x) => x?.logs.filter((l) => (l.level ?? 0) >= 50) ?? []).slice(0, 5))}`,
        );
      });
    }
    // A configuration saved on node A directly, applied by every device whatever node handles it.
    const nodeApi = new HttpApi((nodes.A as ClusterNode).url);
    nodeApi.token = api.token;
    const appliedBefore = sim.latest()?.config.applied ?? 0;
    const save1 = await saveNetwork(nodeApi, configProject, (s) => ({ ...s, vlans: [...s.vlans, vlan(20)] }));
    say(
      `save on node A: ${save1.delivery.targets} targets, ${save1.delivery.queued} queued, ${save1.delivery.skipped.length} skipped`,
    );
    await convergedWithin(
      api,
      configProject,
      CONFIG_DEVICES,
      sim,
      save1.version,
      'the save on node A applied by every device',
    );
    await waitFor(
      () => ((sim.latest()?.config.applied ?? 0) - appliedBefore === CONFIG_DEVICES ? true : undefined),
      {
        what: 'the simulator to report the applies',
      },
    );

    // Two telemetry rounds, then the fleet stops: every message was handled by exactly one node.
    const roundsFrom = Date.now();
    const cpuFrom = await Promise.all([nodes.A, nodes.B].map((n) => metricsOf(n as ClusterNode)));
    await waitFor(() => (Date.now() - roundsFrom > 2 * INTERVAL_MS ? true : undefined), {
      timeoutMs: 3 * INTERVAL_MS,
      what: 'two telemetry rounds',
    });
    const cpuTo = await Promise.all([nodes.A, nodes.B].map((n) => metricsOf(n as ClusterNode)));
    const load = cpuTo.map((m, i) => {
      const from = cpuFrom[i] as NodeMetrics;
      const us =
        m.process.cpuUserUs + m.process.cpuSystemUs - from.process.cpuUserUs - from.process.cpuSystemUs;
      return `${i === 0 ? 'A' : 'B'} ${((100 * us) / 1000 / (m.at - from.at)).toFixed(1)} % of a core, RSS ${Math.round(m.process.rss / 1e6)} MB`;
    });
    say(
      `steady state, ${DEVICES + CONFIG_DEVICES} devices every ${seconds(INTERVAL_MS)}: ${load.join('; ')}`,
    );
    const final1 = await sim.stop();
    const sent1 = final1.load.telemetry + final1.config.telemetry;
    const handled = async () => {
      const m = await Promise.all([nodes.A, nodes.B].map((n) => metricsOf(n as ClusterNode)));
      return m.map((x) => x.gateway.received.telemetry ?? 0);
    };
    const split = await waitFor(
      async () => {
        const h = await handled();
        return (h[0] ?? 0) + (h[1] ?? 0) >= sent1 ? h : undefined;
      },
      { timeoutMs: 20_000, what: 'every telemetry message handled' },
    ).catch(async () => handled());
    const [byA = 0, byB = 0] = split;
    say(
      `telemetry: sent ${sent1}, handled by A ${byA} (${((100 * byA) / sent1).toFixed(1)} %), by B ${byB} (${((100 * byB) / sent1).toFixed(1)} %)`,
    );
    expect(byA + byB).toBe(sent1); // none lost, none handled twice
    expect(byA).toBeGreaterThan(sent1 / 4);
    expect(byB).toBeGreaterThan(sent1 / 4);
    const stored1 = Number(
      (await sql<{ n: string }>`select count(*) as n from telemetry_raw`.execute(db.db)).rows[0]?.n ?? 0,
    );
    expect(stored1).toBe(sent1);

    // Singletons: every node tries each hour's retention slot (at its start, then on the hour);
    // every hour since the first start was pruned, each by one node (one row per slot).
    const leases = await db.db
      .selectFrom('job_leases')
      .selectAll()
      .where('job', '=', 'telemetry.retention')
      .orderBy('slot')
      .execute();
    const hours = Math.floor(Date.now() / 3_600_000) - Math.floor(t0 / 3_600_000) + 1;
    expect(leases.map((l) => Number(l.slot))).toEqual(
      Array.from({ length: hours }, (_, i) => Math.floor(t0 / 3_600_000) + i),
    );
    say(`retention: ${leases.map((l) => `slot ${l.slot} run once, by ${l.holder}`).join('; ')}`);

    // ── 2. kill -9 of the live client's node, right after a save on it ──────────────────────────────
    sim = startSim(simOptions);
    await allOnline(sim);
    const warm = Date.now();
    await waitFor(() => (Date.now() - warm > INTERVAL_MS ? true : undefined), {
      timeoutMs: 2 * INTERVAL_MS,
      what: 'a round',
    });
    const victim = liveNode();
    const survivor = victim === 'A' ? 'B' : 'A';
    const victimApi = new HttpApi((nodes[victim] as ClusterNode).url);
    victimApi.token = api.token;
    const applied2 = sim.latest()?.config.applied ?? 0;
    const save2 = await saveNetwork(victimApi, configProject, (s) => ({
      ...s,
      vlans: [...s.vlans, vlan(30)],
    }));
    const killAt = Date.now();
    await (nodes[victim] as ClusterNode).kill('SIGKILL');
    nodes[victim] = null;
    const reconnected = await waitFor(
      () => {
        const r = live.reconnects.find((x) => x.closedAt >= killAt && x.subscribedAt !== null);
        return r ? r : undefined;
      },
      { timeoutMs: 10_000, what: 'the live client to reconnect through the entry' },
    );
    expect(liveNode()).toBe(survivor);
    const resumed = await waitFor(
      () => live.events.find((e) => e.at > (reconnected.subscribedAt ?? 0) && e.type === 'telemetry.tick'),
      { timeoutMs: 2 * INTERVAL_MS, what: 'live updates after the reconnect' },
    );
    say(
      `node ${victim} killed: live client reconnected through the entry to ${survivor} in ${(reconnected.subscribedAt ?? 0) - reconnected.closedAt} ms (its socket closed ${reconnected.closedAt - killAt} ms after the kill), first live update ${seconds(resumed.at - killAt)} after the kill`,
    );
    await convergedWithin(
      api,
      configProject,
      CONFIG_DEVICES,
      sim,
      save2.version,
      `the save made on node ${victim} just before its kill applied by every device`,
    );
    await waitFor(
      () => ((sim.latest()?.config.applied ?? 0) - applied2 >= CONFIG_DEVICES ? true : undefined),
      {
        what: 'the simulator to report the applies',
      },
    );
    const after2 = sim.latest();
    expect((after2?.config.applied ?? 0) - applied2).toBe(CONFIG_DEVICES); // each device applied it once
    say(
      `save made on ${victim} before the kill: applied once by each of ${CONFIG_DEVICES} devices (${after2?.config.duplicates ?? 0} repeated deliveries ignored by devices)`,
    );

    // Three rounds on the survivor alone, then the victim restarts and takes its share again.
    const alone = Date.now();
    await waitFor(() => (Date.now() - alone > 2 * INTERVAL_MS ? true : undefined), {
      timeoutMs: 3 * INTERVAL_MS,
      what: 'rounds',
    });
    const restartAt = Date.now();
    nodes[victim] = await startNode(victim, ports[victim], env);
    const rejoined = await waitFor(
      async () => {
        const m = await metricsOf(nodes[victim] as ClusterNode);
        return (m.gateway.received.telemetry ?? 0) > 0 ? Date.now() : undefined;
      },
      { timeoutMs: 2 * INTERVAL_MS + 30_000, what: `node ${victim} to take telemetry again` },
    );
    say(
      `node ${victim} restarted: handling telemetry again ${seconds(rejoined - restartAt)} after its start`,
    );
    const gap2 = await telemetryGaps(killAt - 2 * INTERVAL_MS, killAt + 3 * INTERVAL_MS);
    say(
      `telemetry around the kill: ${gap2.devicesWithLoss} devices went over 1.5 intervals without a stored sample; longest per-device gap ${seconds(gap2.maxGap)} (p99 ${seconds(gap2.p99Gap)}, interval ${seconds(INTERVAL_MS)})`,
    );

    // ── 3. The broker killed and restarted ─────────────────────────────────────────────────────────
    const beforeBroker = sim.latest();
    const sentBeforeBroker = (beforeBroker?.load.telemetry ?? 0) + (beforeBroker?.config.telemetry ?? 0);
    const reconnectsBefore = beforeBroker?.load.reconnects ?? 0;
    const brokerKillAt = Date.now();
    await broker.kill();
    await broker.start();
    const brokerBack = Date.now();
    // Back means every load device reconnected (the simulator's online count lags a disconnect).
    await waitFor(
      () => {
        const r = sim.latest();
        return r && r.load.reconnects - reconnectsBefore >= DEVICES && r.load.online === DEVICES
          ? r
          : undefined;
      },
      { timeoutMs: ONLINE_MS, what: 'every device reconnected after the broker restart' },
    );
    const backOnline = Date.now();
    const tickAfterBroker = await waitFor(
      () => live.events.find((e) => e.at > brokerBack && e.type === 'telemetry.tick'),
      { timeoutMs: 2 * INTERVAL_MS + 30_000, what: 'live updates after the broker restart' },
    );
    say(
      `broker SIGKILLed and restarted in ${seconds(brokerBack - brokerKillAt)}: every device online again ${seconds(backOnline - brokerKillAt)} after the kill; live updates ${seconds(tickAfterBroker.at - brokerKillAt)} after`,
    );
    const applied3 = sim.latest()?.config.applied ?? 0;
    const save3 = await saveNetwork(api, configProject, (s) => ({ ...s, vlans: [...s.vlans, vlan(40)] }));
    await convergedWithin(
      api,
      configProject,
      CONFIG_DEVICES,
      sim,
      save3.version,
      'a save after the broker restart applied by every device',
    );
    await waitFor(
      () => ((sim.latest()?.config.applied ?? 0) - applied3 >= CONFIG_DEVICES ? true : undefined),
      {
        what: 'the simulator to report the applies',
      },
    );
    expect((sim.latest()?.config.applied ?? 0) - applied3).toBe(CONFIG_DEVICES);
    const settle = Date.now();
    await waitFor(() => (Date.now() - settle > 2 * INTERVAL_MS ? true : undefined), {
      timeoutMs: 3 * INTERVAL_MS,
      what: 'rounds',
    });
    const gap3 = await telemetryGaps(brokerKillAt - 2 * INTERVAL_MS, brokerKillAt + 3 * INTERVAL_MS);
    say(
      `telemetry around the broker restart: ${gap3.devicesWithLoss} devices went over 1.5 intervals without a stored sample; longest per-device gap ${seconds(gap3.maxGap)} (p99 ${seconds(gap3.p99Gap)})`,
    );
    const final2 = await sim.stop();
    const sent2 = final2.load.telemetry + final2.config.telemetry;
    const stored = Number(
      (await sql<{ n: string }>`select count(*) as n from telemetry_raw`.execute(db.db)).rows[0]?.n ?? 0,
    );
    const lost = sent2 - (stored - stored1);
    // Split at the simulator's last report before the broker kill, by the server's receive time (a
    // message in flight across that instant counts as lost: milliseconds of traffic).
    const storedBeforeBroker = Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from telemetry_raw where ts < ${beforeBroker?.at ?? brokerKillAt}`.execute(
          db.db,
        )
      ).rows[0]?.n ?? 0,
    );
    const lostKill = sentBeforeBroker - (storedBeforeBroker - stored1);
    say(
      `telemetry lost: ${lostKill} of ${sentBeforeBroker} around the node kill, ${lost - lostKill} of ${sent2 - sentBeforeBroker} around the broker restart (${lost} of ${sent2} in all, ${((100 * lost) / sent2).toFixed(2)} %)`,
    );
    expect(lost).toBeGreaterThanOrEqual(0); // more stored than sent would be a message handled twice
    const m = await Promise.all([nodes.A, nodes.B].map((n) => metricsOf(n as ClusterNode)));
    say(
      `RSS at the end: ${m.map((x, i) => `${i === 0 ? 'A' : 'B'} ${Math.round(x.process.rss / 1e6)} MB`).join(', ')}`,
    );
    console.log(
      `\nTwo-node cluster figures (${DEVICES} devices, telemetry every ${seconds(INTERVAL_MS)}):\n  ${figures.join('\n  ')}\n`,
    );

    /** Per load device, the longest time between two stored samples whose span overlaps [from, to]. */
    async function telemetryGaps(from: number, to: number) {
      const rows = await sql<{ device_id: number; gap: string }>`
      select device_id, max(next_ts - ts) as gap from (
        select device_id, ts, lead(ts) over (partition by device_id order by ts) as next_ts
        from telemetry_raw where ts between ${from} and ${to}
      ) s where next_ts is not null group by device_id`.execute(db.db);
      const gaps = rows.rows.map((r) => Number(r.gap));
      return {
        maxGap: Math.max(0, ...gaps),
        p99Gap: percentile(gaps, 0.99),
        devicesWithLoss: gaps.filter((g) => g > 1.5 * INTERVAL_MS).length,
      };
    }
  },
  15 * 60_000,
);
