/**
 * The machinery of the configuration chaos test (configChaos.test.ts): a real server process with its
 * database (SQLite or PostgreSQL) and broker (embedded, or a Mosquitto of its own), a simulated fleet
 * whose devices record every apply they perform, and rounds of saves each ended by a SIGKILL at a
 * seeded random point — of the server, the broker, or both at once — then a restart and checks of
 * what every device really did against what the engine had to deliver.
 */
import type {
  DeviceTypeCounts,
  NetworkConfigView,
  NetworkSettings,
  ProjectConfigStatus,
  SaveConfigResult,
  SwitchConfigView,
} from '@netloom/domain';
import { createFleet, type Fleet, planFleet, Rng, type VirtualDevice } from '@netloom/sim';
import { expect } from 'vitest';
import {
  accountWithProject,
  type ChaosDatabase,
  chaosDatabase,
  claimAll,
  type HttpApi,
  type RestartableMosquitto,
  restartableMosquitto,
  type ServerProcess,
  startServerProcess,
} from './chaosKit';
import { freePort, TEST_KEY, waitFor } from './gatewayKit';

/** Devices of a run: one gateway and switches, every one takes a configuration. */
export const DEVICES = 60;
/** Real ms a device takes to apply a configuration: the window in which deliveries are in flight. */
const REPLY_DELAY_MS = 600;
/** Per-device port saves made together with each round's project-wide change. */
const REMARKS_PER_ROUND = 2;
/** How long the fleet may take to settle after a restart. */
const SETTLE_MS = 30_000;

/** What a round kills. */
export type KillTarget = 'server' | 'broker' | 'both';
/**
 * When: a random time after the saves were answered (before any device applied: deliveries in
 * flight), or right after the `count`-th apply of the round — the device has applied and answered,
 * and the server has not yet recorded that answer.
 */
export type KillPoint = { after: 'time'; ms: number } | { after: 'applies'; count: number };

/** A round's kill point, drawn from the seed; `applies` forces one at an apply. */
export function drawKillPoint(rng: Rng, applies = false): KillPoint {
  if (!applies && rng.chance(0.25)) return { after: 'time', ms: rng.int(0, REPLY_DELAY_MS - 50) };
  return { after: 'applies', count: rng.int(1, DEVICES) };
}

/** What one round measured. */
export interface RoundFigures {
  target: KillTarget;
  point: string;
  /** Devices that had applied this round's change when the kill landed. */
  appliedAtKill: number;
  /**
   * Devices running a version the database did not record as applied, read from the database after
   * the kill: each applied and answered, and the server had not committed the answer.
   */
  uncommitted: number;
  /** Real ms from the kill to every device settled on its expected version. */
  settleMs: number;
}

export interface RigOptions {
  db: 'sqlite' | 'postgres';
  broker: 'embedded' | 'external';
  seed: number;
  /** Registers cleanup (run in reverse order after the test). */
  cleanup: (fn: () => Promise<void> | void) => void;
}

function vlan(id: number) {
  return { id, name: `Chaos ${id}`, ip: `172.20.${id}.1`, mask: '255.255.255.0', dhcp: false };
}

/** A running deployment and fleet, and what every device must end up running. */
export class ChaosRig {
  server!: ServerProcess;
  api!: HttpApi;
  projectId = 0;
  fleet!: Fleet;
  /** The version each device must run (by serial number): one more for every save that reaches it. */
  readonly expected = new Map<string, number>();
  /** The project's VLAN ids, in order, as saved. */
  readonly vlans: number[] = [];
  /** The last port-1 remark saved per switch. */
  readonly remarks = new Map<string, string>();
  private readonly deviceIds = new Map<string, number>();
  private readonly snOf = new Map<number, string>();
  /** The run's random choices (kill points, targets, which switches), derived from the seed. */
  readonly rng: Rng;
  private onApply: ((sn: string) => void) | null = null;

  private constructor(
    private readonly o: RigOptions,
    private readonly db: ChaosDatabase,
    private readonly env: Record<string, string>,
    private readonly broker: RestartableMosquitto | null,
    private readonly brokerUrl: string,
  ) {
    this.rng = new Rng(`chaos:${o.seed}:${o.db}:${o.broker}`);
  }

  /** Database, broker, server, account and project, the fleet claimed and online, a baseline applied. */
  static async start(o: RigOptions): Promise<ChaosRig> {
    const db = await chaosDatabase(o.db);
    o.cleanup(() => db.drop());
    let broker: RestartableMosquitto | null = null;
    let env: Record<string, string>;
    let brokerUrl: string;
    if (o.broker === 'external') {
      const b = await restartableMosquitto();
      o.cleanup(() => b.dispose());
      await b.start();
      broker = b;
      env = { ...db.env, MQTT_URL: b.adminUrl };
      brokerUrl = b.url;
    } else {
      const port = await freePort();
      env = { ...db.env, MQTT_PORT: String(port) };
      brokerUrl = `mqtt://127.0.0.1:${port}`;
    }
    const rig = new ChaosRig(o, db, env, broker, brokerUrl);
    await rig.startServer();
    await rig.setUp();
    return rig;
  }

  private async startServer(): Promise<void> {
    const s = await startServerProcess(this.env);
    this.o.cleanup(() => s.kill('SIGKILL'));
    this.server = s;
    if (this.api) this.api.base = s.url;
  }

  private async setUp(): Promise<void> {
    const plan = planFleet({ seed: this.o.seed, devices: DEVICES, mix: 'switches' });
    expect(plan.devices.filter((d) => d.kind === 'switch')).toHaveLength(DEVICES - 1);
    const { api, projectId } = await accountWithProject(this.server);
    this.api = api;
    this.projectId = projectId;
    await claimAll(
      api,
      projectId,
      plan.devices.map((d) => d.sn),
    );
    this.fleet = createFleet({
      url: this.brokerUrl,
      provisioningKey: TEST_KEY,
      seed: this.o.seed,
      devices: DEVICES,
      mix: 'switches',
      churnPerHour: 0,
      eventsPerHour: 0,
      rampMs: 1000,
      configReplyDelayMs: REPLY_DELAY_MS,
      backoff: { firstMinMs: 100, firstMaxMs: 600, capMs: 1000 },
      onConfigApplied: (sn) => this.onApply?.(sn),
    });
    this.fleet.start();
    this.o.cleanup(() => this.fleet.stop());
    await waitFor(() => this.fleet.stats().online === DEVICES, {
      timeoutMs: 20_000,
      what: 'every device online',
    });
    // The server has handled every hello too (a device's kind is known from its hello only).
    await waitFor(
      async () => {
        const counts = await api.ok<DeviceTypeCounts>('GET', `/api/projects/${projectId}/devices/types`);
        return counts.online === DEVICES && (counts.byType.switch ?? 0) === DEVICES - 1 ? true : undefined;
      },
      { timeoutMs: 20_000, what: 'the server to know every device' },
    );
    // A baseline every device has applied: from here on, every version is counted.
    await this.saveNetwork(20);
    const settled = await this.settled('the baseline applied everywhere');
    for (const d of settled.devices) {
      this.expected.set(d.sn, d.desiredVersion);
      this.deviceIds.set(d.sn, d.deviceId);
      this.snOf.set(d.deviceId, d.sn);
    }
    this.checkDevices();
    // The test's own reading of the database agrees with the API once settled (it counts nothing).
    expect(await this.uncommitted()).toBe(0);
  }

  private status(): Promise<ProjectConfigStatus> {
    return this.api.ok<ProjectConfigStatus>('GET', `/api/projects/${this.projectId}/config/status`);
  }

  /**
   * The delivery status once it has settled: every device applied by the API, and running the
   * version the API wants by its own record. Settled says nothing of which version: the caller
   * compares that with what it expects.
   */
  private async settled(what: string): Promise<ProjectConfigStatus> {
    let last = 'no status yet';
    try {
      return await waitFor(
        async () => {
          const s = await this.status().catch((err: unknown) => {
            last = String(err);
            return undefined;
          });
          if (!s) return undefined;
          const off = s.devices.filter(
            (d) =>
              d.status !== 'applied' ||
              d.appliedVersion !== d.desiredVersion ||
              this.fleet.device(d.sn)?.configVersion !== d.desiredVersion,
          );
          last = `${s.devices.length} devices, ${off.length} not settled: ${off
            .slice(0, 5)
            .map(
              (d) =>
                `${d.sn} ${d.status} ${d.appliedVersion}/${d.desiredVersion} device ${this.fleet.device(d.sn)?.configVersion}`,
            )
            .join('; ')}`;
          return s.devices.length === DEVICES && off.length === 0 ? s : undefined;
        },
        { timeoutMs: SETTLE_MS, what },
      );
    } catch (err) {
      throw new Error(`${err instanceof Error ? err.message : String(err)} — ${last}`);
    }
  }

  private async saveNetwork(vlanId: number): Promise<SaveConfigResult> {
    const url = `/api/projects/${this.projectId}/config/network`;
    const view = await this.api.ok<NetworkConfigView>('GET', url);
    const settings: NetworkSettings = { ...view.settings, vlans: [...view.settings.vlans, vlan(vlanId)] };
    const saved = await this.api.ok<SaveConfigResult>('PUT', url, { baseVersion: view.version, settings });
    this.vlans.push(vlanId);
    return saved;
  }

  private async saveRemark(sn: string, remark: string): Promise<SaveConfigResult> {
    const url = `/api/projects/${this.projectId}/devices/${this.deviceIds.get(sn)}/config/switching`;
    const view = await this.api.ok<SwitchConfigView>('GET', url);
    const settings = structuredClone(view.settings);
    const port = settings.ports[0];
    if (!port) throw new Error(`switch ${sn} has no port settings`);
    port.remark = remark;
    const saved = await this.api.ok<SaveConfigResult>('PUT', url, { baseVersion: view.version, settings });
    this.remarks.set(sn, remark);
    return saved;
  }

  /** Sends the kill signals now (synchronously); resolves once the killed processes are gone. */
  private kill(target: KillTarget): Promise<unknown> {
    const dying: Promise<void>[] = [];
    if (target !== 'broker') dying.push(this.server.kill('SIGKILL'));
    if (target !== 'server') {
      if (!this.broker) throw new Error('no external broker to kill');
      dying.push(this.broker.kill());
    }
    return Promise.all(dying);
  }

  /**
   * One round: a project-wide change (a VLAN) and per-device port saves on some switches, made at
   * the same time; a kill of `target` at `point`; the restart; then every device must settle on
   * exactly its expected version, having applied no content twice, with everything saved intact.
   */
  async round(n: number, target: KillTarget, point: KillPoint): Promise<RoundFigures> {
    const before = new Map(this.expected);
    const switches = [...before.keys()].filter((sn) => this.fleet.device(sn)?.plan.kind === 'switch');
    const remarked = new Set<string>();
    while (remarked.size < REMARKS_PER_ROUND) remarked.add(this.rng.pick(switches));

    // The kill: armed before the saves (deliveries start at their commit), fired once both the saves
    // were answered and the kill point was reached — synchronously in the apply callback when that
    // comes last, so the device's answer is still on its way.
    const k = {
      saved: false,
      reached: false,
      applies: 0,
      appliedAtKill: 0,
      dying: null as Promise<unknown> | null,
    };
    const fire = () => {
      if (k.dying) return;
      k.appliedAtKill = this.fleet.devices.filter((d) => d.configVersion > (before.get(d.sn) ?? 0)).length;
      k.dying = this.kill(target);
    };
    if (point.after === 'applies') {
      this.onApply = () => {
        k.applies++;
        if (k.applies < point.count) return;
        k.reached = true;
        if (k.saved) fire();
      };
    }
    const results = await Promise.all([
      this.saveNetwork(30 + n),
      ...[...remarked].map((sn, i) => this.saveRemark(sn, `round ${n} remark ${i}`)),
    ]);
    k.saved = true;
    if (point.after === 'time') setTimeout(fire, point.ms);
    else if (k.reached) fire();

    // Each save minted exactly one new version for every device it reached, all distinct.
    const minted = new Map<string, number[]>();
    for (const r of results)
      for (const d of r.delivery.devices) {
        const sn = this.snOf.get(d.deviceId) ?? `device ${d.deviceId}`;
        minted.set(sn, [...(minted.get(sn) ?? []), d.version]);
      }
    expect(results[0]?.delivery.targets).toBe(DEVICES);
    for (const [sn, from] of before) {
      const saves = 1 + (remarked.has(sn) ? 1 : 0);
      const versions = [...(minted.get(sn) ?? [])].sort((a, b) => a - b);
      expect(versions, `versions the round's saves minted for ${sn}`).toEqual(
        Array.from({ length: saves }, (_, i) => from + 1 + i),
      );
      this.expected.set(sn, from + saves);
    }

    // (Wrapped: waitFor would await the promise itself.)
    const { dying } = await waitFor(() => (k.dying ? { dying: k.dying } : undefined), {
      timeoutMs: 20_000,
      what: `the kill point ${describe(point)}`,
    });
    const killedAt = Date.now();
    this.onApply = null;
    await dying;
    // What the devices run against what the database recorded, read while nothing can record it.
    const uncommitted = await this.uncommitted();
    if (target !== 'server') await this.broker?.start();
    if (target !== 'broker') await this.startServer();

    const status = await this.settled(
      `every device to settle after round ${n} (${target}, ${describe(point)})`,
    );
    const settleMs = Date.now() - killedAt;
    this.checkDevices();
    for (const d of status.devices) {
      const want = this.expected.get(d.sn);
      expect(
        { desired: d.desiredVersion, applied: d.appliedVersion },
        `${d.sn} by the API (expected version ${want})`,
      ).toEqual({ desired: want, applied: want });
    }
    expect(await this.uncommitted()).toBe(0);
    await this.checkSaved();
    return { target, point: describe(point), appliedAtKill: k.appliedAtKill, uncommitted, settleMs };
  }

  /** Devices that applied a version the database has not recorded as applied (read from the database). */
  private async uncommitted(): Promise<number> {
    const rows = new Map((await this.db.deliveries()).map((r) => [r.sn, r]));
    return this.fleet.devices.filter((d) => d.configVersion > (rows.get(d.sn)?.applied ?? 0)).length;
  }

  /**
   * Per device, from its own record: it runs exactly its expected version, every apply was of a
   * newer version than the one before and of content it had never run (no content applied twice),
   * and what it runs is what was saved (every VLAN, the last remark of its ports).
   */
  checkDevices(): void {
    for (const d of this.fleet.devices) {
      expect(
        d.duplicateContentApplies,
        `${d.sn} re-applied the content in force: ${describeApplies(d)}`,
      ).toBe(0);
      expect(
        new Set(d.applies.map((a) => a.hash)).size,
        `${d.sn} applied some content twice: ${describeApplies(d)}`,
      ).toBe(d.applies.length);
      const versions = d.appliedVersions;
      expect(
        versions.every((v, i) => i === 0 || v > (versions[i - 1] ?? 0)),
        `${d.sn} applied ${versions}`,
      ).toBe(true);
      const want = this.expected.get(d.sn);
      expect(d.configVersion, `${d.sn} runs (${describeApplies(d)})`).toBe(want);
      expect(d.applies.at(-1)?.version, `${d.sn} last applied`).toBe(want);
      const doc = d.appliedDocument;
      const ids =
        d.plan.kind === 'switch'
          ? doc?.switching?.vlans.map((v) => v.id)
          : doc?.network?.vlans.map((v) => v.id);
      expect(ids, `${d.sn} VLANs`).toEqual(this.vlans);
      const remark = this.remarks.get(d.sn);
      if (remark) expect(doc?.switching?.ports[0]?.remark, `${d.sn} port 1 remark`).toBe(remark);
    }
    expect(this.fleet.stats().configDuplicateContent).toBe(0);
  }

  /** Nothing saved was lost: the documents are the saved versions with the saved content. */
  private async checkSaved(): Promise<void> {
    const network = await this.api.ok<NetworkConfigView>(
      'GET',
      `/api/projects/${this.projectId}/config/network`,
    );
    expect(network.settings.vlans.map((v) => v.id)).toEqual(this.vlans);
    for (const [sn, remark] of this.remarks) {
      const view = await this.api.ok<SwitchConfigView>(
        'GET',
        `/api/projects/${this.projectId}/devices/${this.deviceIds.get(sn)}/config/switching`,
      );
      expect(view.settings.ports[0]?.remark, `${sn} saved remark`).toBe(remark);
    }
  }
}

function describe(p: KillPoint): string {
  return p.after === 'time' ? `${p.ms} ms after the saves` : `at apply ${p.count}`;
}

function describeApplies(d: VirtualDevice): string {
  return d.applies.map((a) => `v${a.version}:${a.hash.slice(0, 8)}`).join(' ');
}
