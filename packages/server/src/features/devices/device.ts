import { ALARM_CLEAR_RULES, alarmThreshold, DEVICE_STATUS, thresholdAlarmText } from '@netloom/domain';
import { type FullStateMessage, type HelloMessage, isFullState } from '@netloom/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DevicePatch, DeviceWriter } from '../../gateway/deviceWriter';
import type { DeviceRegistry, RegistryEntry } from '../../gateway/registry';
import type { UpContext, UpData } from '../../gateway/types';
import type { LiveBus } from '../../live/bus';
import { linkedIds, linkedKey, type ParentReport, uplinkProven } from './uplinkProof';

/** A device that reboots or upgrades cleanly keeps that status this long before it counts as offline. */
export const RESTART_GRACE_MS = 5 * 60_000;
/** Statuses a clean disconnect keeps (the device said it is going down to come back). */
const RESTARTING: ReadonlySet<number> = new Set([
  DEVICE_STATUS.UPGRADING,
  DEVICE_STATUS.UPLOADING,
  DEVICE_STATUS.REBOOTING,
]);

/** A claimed device's status changed on this node (the one transition of `setStatus`). */
export interface StatusChange {
  deviceId: number;
  projectId: number;
  sn: string;
  type: string;
  status: number;
  previous: number;
  at: number;
}

/**
 * A claimed device is online in its project: it came online (from offline), or it was claimed while
 * connected. What it said in its `hello` comes along (undefined when this node has not heard one).
 */
export interface DeviceOnline {
  deviceId: number;
  projectId: number;
  sn: string;
  model: string | undefined;
  firmwareVersion: string | undefined;
  at: number;
}

/** The statuses that count as offline (§4: 0 and 9). */
const OFFLINE_STATUSES: ReadonlySet<number> = new Set([DEVICE_STATUS.OFFLINE, DEVICE_STATUS.OFFLINE_ALT]);

/** What the server knows of a device right now (claimed or not), kept in memory. */
export interface HotDevice {
  sn: string;
  status: number;
  connected: boolean;
  hello?: HelloMessage;
  /**
   * The last full state without the fields every report changes (cpu, memory, uptime, ts), kept as
   * its JSON text: a parsed switch state takes several times the memory of its text, and the text is
   * also what tells a changed state from a repeated one. Read it with `stateOf`.
   */
  stateText?: string;
  /** The devices it last reported linked to it (`linkedKey`): a change may prove a newcomer's uplink. */
  linked?: string;
  /** The last report's figures (not in `stateText`): written into a row when the device is claimed. */
  vitals?: Pick<FullStateMessage, 'cpu' | 'memory' | 'uptime'>;
  lastSeenAt: number;
}

/** A full state without the fields that change with every report. */
export type StateDocument = Omit<FullStateMessage, 'cpu' | 'memory' | 'uptime' | 'ts'>;

/** The device's last full state as this node heard it (parsed from its kept text), if any. */
export function stateOf(h: Pick<HotDevice, 'stateText'> | undefined): StateDocument | undefined {
  return h?.stateText === undefined ? undefined : (JSON.parse(h.stateText) as StateDocument);
}

export interface DeviceIngestDeps {
  db: Db;
  registry: Pick<DeviceRegistry, 'get' | 'all' | 'onChange'>;
  writer: Pick<DeviceWriter, 'patch' | 'patchPending' | 'addEvents' | 'forget'>;
  bus: Pick<LiveBus, 'publish'>;
  /** Embedded broker: every connection died with the previous process, so start all offline. */
  resetStatusesOnStart: boolean;
}

/**
 * MQTT handling of the devices feature: `hello` and `state` update the hot state (memory) and the
 * `devices` row (through the batched writer), status transitions are written promptly and pushed as
 * `device.status`; connection loss or the last will makes a device offline; unclaimed devices are
 * recorded in `pending_devices`; `events` go to `device_events` (deduplicated by event id). The
 * feature registers its handlers (`handleHello`, `handleState`, …) with the device plane.
 */
export class DeviceIngest {
  private readonly hot = new Map<string, HotDevice>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private offRegistry: (() => void) | null = null;
  private readonly statusListeners = new Set<(c: StatusChange) => void>();
  private readonly onlineListeners = new Set<(e: DeviceOnline) => void>();

  constructor(private readonly deps: DeviceIngestDeps) {}

  async start(): Promise<void> {
    // A device claimed while connected: write what we already know into its new row.
    this.offRegistry = this.deps.registry.onChange((e, change) => {
      if (change === 'upsert') this.adopt(e);
      else this.deps.writer.forget(e.deviceId);
    });
    if (!this.deps.resetStatusesOnStart) return;
    await this.deps.db
      .updateTable('devices')
      .set({ status: DEVICE_STATUS.OFFLINE })
      .where('status', 'not in', [DEVICE_STATUS.OFFLINE, DEVICE_STATUS.OFFLINE_ALT])
      .execute();
    await this.deps.db.updateTable('pending_devices').set({ online: 0 }).execute();
    for (const e of this.deps.registry.all()) {
      if (e.status !== DEVICE_STATUS.OFFLINE_ALT) e.status = DEVICE_STATUS.OFFLINE;
    }
  }

  stop(): void {
    this.offRegistry?.();
    this.offRegistry = null;
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
  }

  /** Status transitions of claimed devices on this node (alarms raise and clear `device_offline`). */
  onStatusChanged(fn: (c: StatusChange) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /**
   * A claimed device online in its project on this node: back from offline, or claimed while
   * connected (activation statistics record the first of these per device).
   */
  onOnline(fn: (e: DeviceOnline) => void): () => void {
    this.onlineListeners.add(fn);
    return () => this.onlineListeners.delete(fn);
  }

  private announceOnline(device: RegistryEntry, h: HotDevice, at: number): void {
    if (this.onlineListeners.size === 0) return;
    const e: DeviceOnline = {
      deviceId: device.deviceId,
      projectId: device.projectId,
      sn: device.sn,
      model: h.hello?.model,
      firmwareVersion: h.hello?.firmwareVersion,
      at,
    };
    for (const fn of this.onlineListeners) fn(e);
  }

  /** The in-memory state of a device, if it has talked to this node since start. */
  get(sn: string): HotDevice | undefined {
    return this.hot.get(sn);
  }

  private hotOf(sn: string, at: number): HotDevice {
    let h = this.hot.get(sn);
    if (!h) {
      h = { sn, status: DEVICE_STATUS.OFFLINE, connected: false, lastSeenAt: at };
      this.hot.set(sn, h);
    }
    return h;
  }

  /** Any message says the device is alive (telemetry, clients, replies, progress). */
  seen(ctx: UpContext): void {
    const h = this.hotOf(ctx.sn, ctx.at);
    h.lastSeenAt = ctx.at;
    if (ctx.device) this.deps.writer.patch(ctx.device.deviceId, { last_seen_at: ctx.at });
  }

  async handleHello(ctx: UpContext, d: UpData<'hello'>): Promise<void> {
    const h = this.hotOf(ctx.sn, ctx.at);
    h.hello = d;
    h.connected = true;
    h.lastSeenAt = ctx.at;
    this.cancelGrace(ctx.sn);
    if (!ctx.device) return this.recordPending(ctx, h);
    this.deps.writer.patch(ctx.device.deviceId, {
      ...helloColumns(d),
      last_seen_at: ctx.at,
    });
    this.deps.bus.publish({
      type: 'device.updated',
      projectId: ctx.device.projectId,
      deviceId: ctx.device.deviceId,
    });
  }

  /** Synchronous unless a newly proven link is offered (the dispatcher then awaits it). */
  handleState(ctx: UpContext, d: UpData<'state'>): Promise<void> | undefined {
    const h = this.hotOf(ctx.sn, ctx.at);
    h.lastSeenAt = ctx.at;
    if (!isFullState(d)) {
      // The last will or a clean-shutdown announcement: offline now.
      h.connected = false;
      this.cancelGrace(ctx.sn);
      this.setStatus(ctx.sn, ctx.device, d.status, ctx.at);
      if (!ctx.device) this.deps.writer.patchPending(ctx.sn, { online: 0, last_seen_at: ctx.at });
      else this.deps.writer.patch(ctx.device.deviceId, { not_reporting: null });
      return undefined;
    }
    h.connected = true;
    this.cancelGrace(ctx.sn);
    const { cpu, memory, uptime, ts: _t, ...document } = d;
    h.vitals = { cpu, memory, uptime };
    const text = JSON.stringify(document);
    const changed = text !== h.stateText;
    // The same text as before is not kept twice: the old string stays, the new one is garbage.
    if (changed) h.stateText = text;
    if (!ctx.device) {
      this.setStatus(ctx.sn, undefined, d.status, ctx.at);
      if (changed) void this.recordPending(ctx, h);
      else this.deps.writer.patchPending(ctx.sn, { online: 1, last_seen_at: ctx.at });
      return undefined;
    }
    // The ports/radios document is rewritten only when it changed, not with every report's cpu. A
    // valid state ends "connected, not reporting" (a refused one began it: problems.ts).
    const columns = stateColumns(d, changed);
    columns.last_seen_at = ctx.at;
    columns.not_reporting = null;
    this.deps.writer.patch(ctx.device.deviceId, columns);
    this.setStatus(ctx.sn, ctx.device, d.status, ctx.at);
    if (changed) {
      this.deps.bus.publish({
        type: 'device.updated',
        projectId: ctx.device.projectId,
        deviceId: ctx.device.deviceId,
      });
      const linked = linkedKey(d);
      if (linked !== (h.linked ?? '')) {
        h.linked = linked;
        if (linked !== '') return this.offerProven(ctx.device, d);
      }
    }
    return undefined;
  }

  handleEvents(ctx: UpContext, d: UpData<'events'>): void {
    this.seen(ctx);
    const device = ctx.device;
    if (!device) return; // events of unclaimed devices belong to no project
    this.deps.writer.addEvents(
      d.events.map((e) => ({
        device_id: device.deviceId,
        project_id: device.projectId,
        event_id: e.id,
        kind: e.kind,
        severity: e.severity,
        code: e.code,
        text: eventText(e),
        at: e.at,
        read: 0,
        subject: e.subject ?? null,
        threshold: ALARM_CLEAR_RULES[e.code]?.by === 'metric' ? alarmThreshold(e.threshold) : null,
      })),
    );
  }

  handleConnection(sn: string, connected: boolean, at: number): void {
    const h = this.hotOf(sn, at);
    h.connected = connected;
    if (connected) return; // the device's own hello/state say what it is
    const device = this.deps.registry.get(sn);
    if (!device) {
      this.deps.writer.patchPending(sn, { online: 0, last_seen_at: at });
      h.status = DEVICE_STATUS.OFFLINE;
      return;
    }
    // Gone: no longer "connected, not reporting", just offline.
    this.deps.writer.patch(device.deviceId, { not_reporting: null });
    // 9 is the second offline code (§4): already offline, nothing to change.
    if (device.status === DEVICE_STATUS.OFFLINE_ALT) return;
    if (RESTARTING.has(device.status)) {
      // It announced a reboot/upgrade and left cleanly: show that until it returns or the grace ends.
      this.cancelGrace(sn);
      const t = setTimeout(() => {
        this.graceTimers.delete(sn);
        if (!this.hot.get(sn)?.connected)
          this.setStatus(sn, this.deps.registry.get(sn), DEVICE_STATUS.OFFLINE, Date.now());
      }, RESTART_GRACE_MS);
      t.unref();
      this.graceTimers.set(sn, t);
      return;
    }
    this.setStatus(sn, device, DEVICE_STATUS.OFFLINE, at);
  }

  private cancelGrace(sn: string): void {
    const t = this.graceTimers.get(sn);
    if (t) clearTimeout(t);
    this.graceTimers.delete(sn);
  }

  /** The one status transition: memory, registry, prompt write, live event — only on a change. */
  private setStatus(sn: string, device: RegistryEntry | undefined, status: number, at: number): void {
    const h = this.hotOf(sn, at);
    h.status = status;
    if (!device || device.status === status) return;
    const previous = device.status;
    device.status = status;
    this.deps.writer.patch(device.deviceId, { status, status_changed_at: at }, true);
    this.deps.bus.publish({
      type: 'device.status',
      projectId: device.projectId,
      deviceId: device.deviceId,
      sn,
      status,
      at,
    });
    const change: StatusChange = {
      deviceId: device.deviceId,
      projectId: device.projectId,
      sn,
      type: device.type,
      status,
      previous,
      at,
    };
    for (const fn of this.statusListeners) fn(change);
    if (OFFLINE_STATUSES.has(previous) && !OFFLINE_STATUSES.has(status)) this.announceOnline(device, h, at);
  }

  /**
   * A device just deleted from its project: when this node heard it, it is a device to be verified at
   * once (offered to the project of its uplink parent, as on any connection), not only after it
   * reconnects with the provisioning key.
   */
  async offerAgain(sn: string, at: number): Promise<void> {
    const h = this.hot.get(sn);
    if (!h?.hello) return;
    await this.recordPending({ sn, device: undefined, at }, h);
  }

  /**
   * Records (or refreshes) an unclaimed device; offered to the project of its uplink parent only when
   * that parent reports it (docs/protocol.md §6.2 "Uplink proof"): naming a switch is not enough.
   */
  private async recordPending(ctx: UpContext, h: HotDevice): Promise<void> {
    const hello = h.hello;
    const state = stateOf(h);
    const parentSn = state?.uplink?.sn;
    const parent = parentSn ? this.deps.registry.get(parentSn) : undefined;
    const proven =
      parent !== undefined &&
      uplinkProven(await this.reportOf(parent), {
        sn: ctx.sn,
        mac: hello?.mac ?? null,
        uplink: state?.uplink ?? null,
      });
    const projectId = proven ? parent.projectId : null;
    const online = h.connected ? 1 : 0;
    if (!hello) {
      // No identity yet (e.g. state before hello after a restart): only refresh an existing row.
      this.deps.writer.patchPending(ctx.sn, {
        online,
        last_seen_at: ctx.at,
        ip: state?.ip ?? null,
        uplink_sn: parentSn ?? null,
        project_id: projectId,
      });
      return;
    }
    const row = {
      model: hello.model,
      type: hello.type,
      mac: hello.mac,
      firmware_version: hello.firmwareVersion,
      ip: state?.ip ?? null,
      uplink_sn: parentSn ?? null,
      project_id: projectId,
      online,
      last_seen_at: ctx.at,
    };
    await this.deps.db
      .insertInto('pending_devices')
      .values({ sn: ctx.sn, first_seen_at: ctx.at, ...row })
      .onConflict((oc) => oc.column('sn').doUpdateSet(row))
      .execute();
    if (projectId !== null) this.deps.bus.publish({ type: 'device.pending', projectId, sn: ctx.sn });
    // The parent may have reported it while this row was being written (its `offerProven` then found
    // no row to offer): asked again once the row is there.
    else if (parent && hello) await this.offerProven(parent, (await this.reportOf(parent)) ?? {});
  }

  /**
   * What a claimed device last reported linked to it: this node's hot state, else its row (another
   * node heard it; the row's state document keeps its ports and peers).
   */
  private async reportOf(parent: RegistryEntry): Promise<ParentReport | undefined> {
    const hot = stateOf(this.hot.get(parent.sn));
    if (hot) return hot;
    const row = await this.deps.db
      .selectFrom('devices')
      .select('state_json')
      .where('id', '=', parent.deviceId)
      .executeTakeFirst();
    if (!row?.state_json) return undefined;
    try {
      return JSON.parse(row.state_json) as ParentReport;
    } catch {
      return undefined;
    }
  }

  /**
   * A claimed device reports new devices linked to it: the unclaimed ones that name it as their
   * uplink (and are not offered yet) now have their proof and are offered to its project.
   */
  private async offerProven(parent: RegistryEntry, report: ParentReport): Promise<void> {
    const { sns, macs } = linkedIds(report);
    if (sns.length === 0 && macs.length === 0) return;
    const candidates = await this.deps.db
      .selectFrom('pending_devices')
      .select(['sn', 'mac'])
      .where(sql<string>`lower(uplink_sn)`, '=', parent.sn.toLowerCase())
      .where('project_id', 'is', null)
      .where((eb) =>
        eb.or([
          ...(sns.length > 0 ? [eb(sql<string>`lower(sn)`, 'in', sns)] : []),
          ...(macs.length > 0 ? [eb('mac', 'in', macs)] : []),
        ]),
      )
      .execute();
    const offered = candidates
      .filter((c) => {
        // Its row names this parent; when this node heard its state, its kind and port must agree too.
        const uplink = stateOf(this.hot.get(c.sn))?.uplink;
        return uplink === undefined || uplinkProven(report, { sn: c.sn, mac: c.mac, uplink });
      })
      .map((c) => c.sn);
    if (offered.length === 0) return;
    await this.deps.db
      .updateTable('pending_devices')
      .set({ project_id: parent.projectId })
      .where('sn', 'in', offered)
      .where('project_id', 'is', null)
      .execute();
    for (const sn of offered)
      this.deps.bus.publish({ type: 'device.pending', projectId: parent.projectId, sn });
  }

  /** A device was just claimed: bring its new row up to what we know (if it talked to us). */
  private adopt(e: RegistryEntry): void {
    const h = this.hot.get(e.sn);
    if (!h) return;
    const patch: DevicePatch = { last_seen_at: h.lastSeenAt };
    const state = stateOf(h);
    if (h.hello) Object.assign(patch, helloColumns(h.hello));
    if (state) Object.assign(patch, stateColumns({ ...state, ...h.vitals }));
    const status = h.connected ? (state?.status ?? DEVICE_STATUS.ONLINE) : DEVICE_STATUS.OFFLINE;
    patch.status = status;
    patch.status_changed_at = h.lastSeenAt;
    e.status = status;
    this.deps.writer.patch(e.deviceId, patch, true);
    // Claimed while connected: online in its project from now (no status transition says so).
    if (h.connected && !OFFLINE_STATUSES.has(status)) this.announceOnline(e, h, h.lastSeenAt);
  }
}

function helloColumns(d: HelloMessage): DevicePatch {
  return {
    model: d.model,
    mac: d.mac,
    firmware_version: d.firmwareVersion,
    hardware_version: d.hardwareVersion,
    boot_id: d.bootId,
    config_version: d.configVersion,
  };
}

/** The row's state columns; cpu, memory and uptime only from a report (a kept document has none). */
function stateColumns(
  d: StateDocument & Partial<Pick<FullStateMessage, 'cpu' | 'memory' | 'uptime'>>,
  withDocument = true,
): DevicePatch {
  const columns: DevicePatch = {
    cpu: d.cpu,
    memory: d.memory,
    uptime: d.uptime,
    ip: d.ip,
    config_version: d.configVersion,
    uplink_sn: d.uplink?.sn ?? null,
    uplink_port: d.uplink?.port !== undefined ? String(d.uplink.port) : null,
    uplink_kind: d.uplink?.kind ?? null,
    mesh_role: d.meshRole ?? null,
    management_mode: d.managementMode ?? null,
  };
  if (!withDocument) return columns;
  // What a snapshot (snapshot.ts) and the detail view read back when no hot state is in memory.
  columns.state_json = JSON.stringify({
    ports: d.ports,
    radios: d.radios,
    ...(d.wan ? { wan: d.wan } : {}),
    ...(d.cpe ? { cpe: d.cpe } : {}),
    ...(d.uplink?.localPort !== undefined ? { uplink: { localPort: d.uplink.localPort } } : {}),
    ...(d.disks ? { disks: d.disks } : {}),
    ...(d.channels ? { channels: d.channels } : {}),
    ...(d.uplink?.rssi !== undefined ? { uplinkRssi: d.uplink.rssi } : {}),
    ...(d.note ? { note: d.note } : {}),
    // What is linked to it over the air: the uplink proof of a newcomer another node hears (§6.2).
    ...(d.peers ? { peers: d.peers } : {}),
  });
  return columns;
}

/**
 * The stored text of an event. A threshold alarm that carries its numbers gets the cloud's text
 * ("CPU above 90 % for 5 minutes (97 % at the time)"), which cannot contradict itself; any other
 * event keeps the device's words.
 */
function eventText(e: UpData<'events'>['events'][number]): string {
  const rule = ALARM_CLEAR_RULES[e.code];
  if (e.kind !== 'alarm' || rule?.by !== 'metric' || (e.value === undefined && e.threshold === undefined))
    return e.text;
  return thresholdAlarmText(rule.label, alarmThreshold(e.threshold), e.value, e.forSeconds);
}
