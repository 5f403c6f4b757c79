import {
  type AuditEntry,
  type AuditPage,
  type BridgeConfigView,
  type BridgeSettings,
  type ConfigDiff,
  type ConfigRevision,
  type ConfigRevisionDetail,
  type ConfigRevisionPage,
  type ConfigTargetStatus,
  type CpeSearchResult,
  type CpeStatus,
  type DeviceRadioSettings,
  defaultNetworkSettings,
  defaultRfSettings,
  defaultSwitchSettings,
  diffSettings,
  ERR,
  type GatewayInfo,
  MESH_NODE_TYPES,
  type NetworkConfigView,
  type NetworkSettings,
  type ProjectConfigStatus,
  type RadioConfigView,
  type RfConfigView,
  type RfSettings,
  type SwitchConfigView,
  type SwitchSettings,
  WIFI_POLICY_KINDS,
  type WirelessConfigView,
  type WirelessSettings,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import { defaultBridgeSettings, defaultRadioSettings, defaultWirelessSettings } from './defaults';
import { type DeviceFacts, type FactsSource, kindOf, projectDevices } from './facts';
import { parseDocuments, takesNetwork } from './render';
import { bridgeUplinkUses, switchVlanPortsOf } from './rules';
import type {
  AuditRow,
  ConfigDocumentRow,
  ConfigRevisionRow,
  ConfigStore,
  DeviceConfigRow,
  HistoryQuery,
} from './store';

/** The read side of the configuration API: settings views, delivery status, history, audit. */
export class ConfigViews {
  /** Whether an RF optimisation runs in the project (set by the RF feature). */
  rfRunning: (projectId: number) => Promise<boolean> = async () => false;
  /** A CPE's latest Wi-Fi search (set by the CPE actions). */
  lastSearch: (deviceId: number) => CpeSearchResult | null = () => null;

  constructor(
    private readonly store: ConfigStore,
    private readonly facts: FactsSource,
  ) {}

  async wireless(projectId: number): Promise<WirelessConfigView> {
    const devices = await projectDevices(this.facts, projectId);
    const doc = await this.store.document(this.store.db, projectId, null, 'wireless');
    const wifi = devices.filter(isWifiDevice);
    const ids = new Set(wifi.map((d) => d.deviceId));
    const rows = (await this.store.deviceConfigsOfProject(projectId)).filter((r) => ids.has(r.device_id));
    return {
      ...(await this.meta(doc, rows, devices)),
      settings: doc ? (JSON.parse(doc.body) as WirelessSettings) : defaultWirelessSettings(),
      devices: wifi.map((d) => ({
        id: d.deviceId,
        sn: d.sn,
        name: d.name,
        model: d.model?.model ?? d.modelName ?? '',
        kind: kindOf(d),
        bands: (d.model?.radios ?? []).map((r) => r.band),
        online: d.online,
      })),
      bridgeUplinks: bridgeUplinkUses({
        devices,
        docs: parseDocuments(await this.store.documentsOfProject(this.store.db, projectId)),
      }),
    };
  }

  async rf(projectId: number): Promise<RfConfigView> {
    const devices = await projectDevices(this.facts, projectId);
    const doc = await this.store.document(this.store.db, projectId, null, 'rf');
    const ids = new Set(devices.filter(isWifiDevice).map((d) => d.deviceId));
    const rows = (await this.store.deviceConfigsOfProject(projectId)).filter((r) => ids.has(r.device_id));
    return {
      ...(await this.meta(doc, rows, devices)),
      settings: doc ? (JSON.parse(doc.body) as RfSettings) : defaultRfSettings(),
      running: await this.rfRunning(projectId),
    };
  }

  async radio(projectId: number, deviceId: number): Promise<RadioConfigView> {
    const { device, devices } = await this.deviceOf(projectId, deviceId);
    const model = device.model;
    if (!model || model.radios.length === 0 || !['ap', 'wrouter', 'mesh', 'cpe'].includes(model.kind))
      throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    const doc = await this.store.document(this.store.db, projectId, deviceId, 'radio');
    const rows = await this.store.deviceConfigs(this.store.db, [deviceId]);
    return {
      ...(await this.meta(doc, rows, devices)),
      settings: doc ? (JSON.parse(doc.body) as DeviceRadioSettings) : defaultRadioSettings(model),
      device: deviceRef(device),
      radios: model.radios.map((r) => ({
        band: r.band,
        standard: r.standard,
        streams: r.streams,
        maxTxPowerDbm: r.maxTxPowerDbm,
      })),
      live: device.online
        ? device.radios.map((r) => ({
            band: r.band,
            channel: r.channel,
            width: r.width ?? null,
            txPower: r.txPower,
            clients: r.clients,
          }))
        : [],
      rfRunning: await this.rfRunning(projectId),
    };
  }

  async bridge(projectId: number, deviceId: number): Promise<BridgeConfigView> {
    const { device, devices } = await this.deviceOf(projectId, deviceId);
    if (device.model?.kind !== 'cpe') throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    const doc = await this.store.document(this.store.db, projectId, deviceId, 'bridge');
    const rows = await this.store.deviceConfigs(this.store.db, [deviceId]);
    return {
      ...(await this.meta(doc, rows, devices)),
      settings: doc ? (JSON.parse(doc.body) as BridgeSettings) : defaultBridgeSettings(device.name),
      device: deviceRef(device),
      status: cpeStatusOf(device),
      lastSearch: this.lastSearch(deviceId),
    };
  }

  private async deviceOf(projectId: number, deviceId: number) {
    const devices = await projectDevices(this.facts, projectId);
    const device = devices.find((d) => d.deviceId === deviceId);
    if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
    return { device, devices };
  }

  async status(projectId: number): Promise<ProjectConfigStatus> {
    const devices = await projectDevices(this.facts, projectId);
    const rows = await this.store.deviceConfigsOfProject(projectId);
    const list = toStatuses(rows, devices);
    return {
      applied: list.filter((s) => s.status === 'applied').length,
      pending: list.filter((s) => s.status === 'pending').length,
      failed: list.filter((s) => s.status === 'failed').length,
      devices: list,
    };
  }

  async network(projectId: number): Promise<NetworkConfigView> {
    const devices = await projectDevices(this.facts, projectId);
    const docs = await this.store.documentsOfProject(this.store.db, projectId);
    const doc = docs.find((d) => d.kind === 'network' && d.device_id === null);
    const gw = devices.find((d) => takesNetwork(d, devices));
    const wanPorts = (gw?.model?.ports ?? []).filter((p) => p.role !== 'lan');
    const settings = doc
      ? (JSON.parse(doc.body) as NetworkSettings)
      : defaultNetworkSettings(wanPorts.length > 0 ? wanPorts.map((p) => p.id) : [1]);
    const targetIds = new Set(devices.filter((d) => d.type === 'switch' || d === gw).map((d) => d.deviceId));
    const rows = (await this.store.deviceConfigsOfProject(projectId)).filter((r) =>
      targetIds.has(r.device_id),
    );
    return {
      ...(await this.meta(doc, rows, devices)),
      settings,
      gateway: gw ? gatewayInfo(gw) : null,
      switchPorts: switchVlanPortsOf(parseDocuments(docs), devices),
    };
  }

  async switching(projectId: number, deviceId: number): Promise<SwitchConfigView> {
    const devices = await projectDevices(this.facts, projectId);
    const device = devices.find((d) => d.deviceId === deviceId);
    if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
    const model = device.model;
    if (model?.kind !== 'switch') throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    const docs = await this.store.documentsOfProject(this.store.db, projectId);
    const doc = docs.find((d) => d.kind === 'switching' && d.device_id === deviceId);
    const network = parseDocuments(docs).network;
    const rows = await this.store.deviceConfigs(this.store.db, [deviceId]);
    const live = device.online
      ? device.ports.map((p) => ({
          id: p.id,
          link: p.link,
          speed: p.speed,
          duplex: p.duplex,
          poeOn: p.poe?.on ?? null,
          poeWatts: p.poe?.watts ?? null,
        }))
      : [];
    const used = Math.round(live.reduce((sum, p) => sum + (p.poeWatts ?? 0), 0) * 10) / 10;
    return {
      ...(await this.meta(doc, rows, devices)),
      settings: doc ? (JSON.parse(doc.body) as SwitchSettings) : defaultSwitchSettings(model),
      device: {
        id: device.deviceId,
        sn: device.sn,
        name: device.name,
        model: model.model,
        type: device.type,
        online: device.online,
        uplinkPort: device.uplinkPort,
      },
      ports: model.ports.map((p) => ({
        id: p.id,
        label: p.label,
        role: p.role,
        media: p.media,
        maxSpeedMbps: p.maxSpeedMbps,
        poe: p.poe,
        poeMaxWatts: p.poeMaxWatts,
      })),
      live,
      poe:
        model.poeBudgetWatts > 0
          ? {
              totalWatts: model.poeBudgetWatts,
              usedWatts: used,
              remainingWatts: Math.max(0, Math.round((model.poeBudgetWatts - used) * 10) / 10),
            }
          : null,
      projectVlans: [
        { id: 1, name: 'Default' },
        ...(network?.vlans ?? []).map((v) => ({ id: v.id, name: v.name })),
      ],
    };
  }

  private async meta(
    doc: ConfigDocumentRow | undefined,
    rows: readonly DeviceConfigRow[],
    devices: readonly DeviceFacts[],
  ) {
    const nick = doc ? await this.store.accountNick(doc.updated_by) : null;
    return {
      version: doc?.version ?? 0,
      updatedAt: doc?.updated_at ?? null,
      updatedBy: doc?.updated_by ? { id: doc.updated_by, nick: nick ?? '' } : null,
      targets: toStatuses(rows, devices),
    };
  }

  async revisions(
    projectId: number,
    q: HistoryQuery & { kind?: string | undefined },
  ): Promise<ConfigRevisionPage> {
    const { total, items } = await this.store.revisions(projectId, q);
    return { total, page: q.page, pageSize: q.pageSize, items: items.map((r) => toRevision(r, r)) };
  }

  async revision(projectId: number, id: number): Promise<ConfigRevisionDetail> {
    const r = await this.store.revision(this.store.db, projectId, id);
    if (!r) throw new AppError(ERR.NOT_EXIST);
    return { ...(await this.described(r)), settings: JSON.parse(r.body) as unknown };
  }

  async diff(projectId: number, fromId: number, toId: number | undefined): Promise<ConfigDiff> {
    const from = await this.store.revision(this.store.db, projectId, fromId);
    if (!from) throw new AppError(ERR.NOT_EXIST);
    let to: ConfigRevisionRow | undefined;
    if (toId !== undefined) to = await this.store.revision(this.store.db, projectId, toId);
    else {
      const doc = await this.store.db
        .selectFrom('config_documents')
        .select('version')
        .where('id', '=', from.document_id)
        .executeTakeFirst();
      if (doc) to = await this.store.revisionOf(this.store.db, from.document_id, doc.version);
    }
    if (!to) throw new AppError(ERR.NOT_EXIST);
    // Two versions of different documents have no meaningful difference.
    if (to.document_id !== from.document_id) throw new AppError(ERR.INVALID_PARAMETERS);
    return {
      from: await this.described(from),
      to: await this.described(to),
      entries: diffSettings(from.kind as 'network', JSON.parse(from.body), JSON.parse(to.body)),
    };
  }

  private async described(r: ConfigRevisionRow): Promise<ConfigRevision> {
    return toRevision(r, {
      account_nick: await this.store.accountNick(r.account_id),
      device_name: await this.store.deviceName(r.device_id),
    });
  }

  async audit(projectId: number, q: HistoryQuery): Promise<AuditPage> {
    const { total, items } = await this.store.audit(projectId, q);
    return { total, page: q.page, pageSize: q.pageSize, items: items.map(toAuditEntry) };
  }
}

function toRevision(
  r: ConfigRevisionRow,
  names: { account_nick: string | null; device_name: string | null },
): ConfigRevision {
  return {
    id: r.id,
    kind: r.kind,
    deviceId: r.device_id,
    deviceName: names.device_name,
    version: r.version,
    summary: r.summary,
    account: r.account_id !== null ? { id: r.account_id, nick: names.account_nick ?? '' } : null,
    createdAt: r.created_at,
    restoredFrom: r.restored_from,
  };
}

function toAuditEntry(r: AuditRow & { account_nick: string | null }): AuditEntry {
  return {
    id: r.id,
    at: r.created_at,
    account: r.account_id !== null ? { id: r.account_id, nick: r.account_nick ?? '' } : null,
    projectId: r.project_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    action: r.action as AuditEntry['action'],
    summary: r.summary,
  };
}

function toStatuses(rows: readonly DeviceConfigRow[], devices: readonly DeviceFacts[]): ConfigTargetStatus[] {
  const byId = new Map(devices.map((d) => [d.deviceId, d]));
  return rows.flatMap((r) => {
    const d = byId.get(r.device_id);
    if (!d) return [];
    return [
      {
        deviceId: r.device_id,
        sn: d.sn,
        name: d.name,
        type: d.type,
        online: d.online,
        status: r.status as ConfigTargetStatus['status'],
        desiredVersion: r.desired_version,
        appliedVersion: r.applied_version,
        pendingSince: r.status === 'pending' ? r.pending_since : null,
        failedCode: r.failed_code,
        failedMessage: r.failed_message,
        updatedAt: r.updated_at,
      },
    ];
  });
}

function gatewayInfo(gw: DeviceFacts): GatewayInfo {
  const model = gw.model;
  const wan = (model?.ports ?? []).filter((p) => p.role !== 'lan');
  return {
    deviceId: gw.deviceId,
    sn: gw.sn,
    name: gw.name,
    model: model?.model ?? gw.modelName ?? '',
    online: gw.online,
    rules: model?.rules ?? { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
    vlanRange: model?.vlans ?? { min: 10, max: 4094 },
    wanPorts: wan.map((p) => ({ id: p.id, label: p.label })),
    // `state.wan` carries the address each WAN port holds now (DHCP/PPPoE ones only the device knows).
    liveWan: wan.map((p) => {
      const reported = gw.online ? gw.wan.find((w) => w.port === p.id) : undefined;
      const link = gw.online ? gw.ports.find((s) => s.id === p.id) : undefined;
      return {
        port: p.id,
        up: reported?.up ?? link?.link === 'up',
        ip: reported?.ip ?? null,
        mask: reported?.mask ?? null,
      };
    }),
  };
}

/** APs, wireless routers and mesh units: the devices that broadcast Wi-Fi policies. */
/**
 * A device Wi-Fi policies are delivered to (and the policy form offers): an AP, wireless router or
 * mesh unit with radios — not a secondary mesh node, which broadcasts its primary's networks and
 * is never configured itself (§6; a policy naming one is refused with 912).
 */
export function isWifiDevice(d: DeviceFacts): boolean {
  const kind = kindOf(d);
  if (kind === 'mesh' && d.meshRole === MESH_NODE_TYPES.SECONDARY) return false;
  return (WIFI_POLICY_KINDS as readonly string[]).includes(kind) && (d.model?.radios.length ?? 0) > 0;
}

function deviceRef(d: DeviceFacts) {
  return {
    id: d.deviceId,
    sn: d.sn,
    name: d.name,
    model: d.model?.model ?? d.modelName ?? '',
    type: d.type,
    online: d.online,
  };
}

/** A CPE's bridge as it reports it; `offline` when it is not connected. */
export function cpeStatusOf(d: DeviceFacts): CpeStatus {
  if (!d.online)
    return { mode: d.cpe?.mode ?? null, bridge: 'offline', peerSn: null, ssid: null, rssi: null };
  return {
    mode: d.cpe?.mode ?? null,
    bridge: d.cpe?.bridge ?? 'none',
    peerSn: d.cpe?.peerSn ?? null,
    ssid: d.cpe?.ssid ?? null,
    rssi: d.cpe?.rssi ?? null,
  };
}
