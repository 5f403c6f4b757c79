import {
  type BridgeSettings,
  type BridgeUplinkUse,
  bridgeSettingsIssues,
  CONFIG_SETTINGS_SCHEMAS,
  type CodedIssue,
  type ConfigKind,
  type ConfigSettingsByKind,
  configSupportCode,
  DEFAULT_VLAN_ID,
  type DeviceRadioSettings,
  ERR,
  type ErrorCode,
  errorMessage,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
  type NetworkConfigView,
  type NetworkSettings,
  networkSettingsIssues,
  policiesInUseIssues,
  policySsids,
  type RfSettings,
  radioSettingsIssues,
  rfSettingsIssues,
  type SwitchSettings,
  type SwitchVlanPorts,
  switchSettingsIssues,
  type WirelessSettings,
  wirelessSettingsIssues,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import { type DeviceFacts, kindOf } from './facts';
import type { ProjectDocuments } from './render';

/** Shape check with the kind's schema: 400 with every issue. */
export function parseSettings<K extends ConfigKind>(kind: K, settings: unknown): ConfigSettingsByKind[K] {
  const parsed = CONFIG_SETTINGS_SCHEMAS[kind].safeParse(settings);
  if (!parsed.success) {
    throw new AppError(
      ERR.INVALID_PARAMETERS,
      400,
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
  }
  return parsed.data as ConfigSettingsByKind[K];
}

/** Refuses with the first issue's code (the envelope carries the catalogue message) and lists all. */
export function refuseIssues(issues: readonly CodedIssue[]): void {
  const first = issues[0];
  if (!first) return;
  throw new AppError(
    first.code as ErrorCode,
    400,
    issues.map((i) => ({ path: i.path, message: i.message })),
  );
}

/**
 * §6 for a device-level save: local management mode 76, secondary mesh node 912, model without
 * the kind 913, firmware older than the kind's minimum 415.
 */
export function checkDeviceConfigurable(f: DeviceFacts, kind: ConfigKind): void {
  if (f.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
  if (kindOf(f) === 'mesh' && f.meshRole === MESH_NODE_TYPES.SECONDARY)
    throw new AppError(ERR.SECONDARY_MESH_NODE);
  const code = configSupportCode(kind, f.model, f.firmware);
  if (code !== null) throw new AppError(code as ErrorCode);
}

/**
 * The §5 rules of the network document, with the gateway's model, what it reports live and the
 * VLANs the project's switch ports carry (1110: such a VLAN is not deleted or renumbered).
 */
export function networkIssues(
  settings: NetworkSettings,
  gateway: DeviceFacts | undefined,
  previous: NetworkSettings | null,
  switchPorts: readonly SwitchVlanPorts[] = [],
): CodedIssue[] {
  return networkSettingsIssues(settings, {
    model: gateway?.model ?? null,
    previous,
    liveWan: liveWanOf(gateway),
    switchPorts,
  });
}

/** The VLAN membership of every switch port of the project, from the saved `switching` documents. */
export function switchVlanPortsOf(
  docs: Pick<ProjectDocuments, 'switching'>,
  devices: readonly Pick<DeviceFacts, 'deviceId' | 'name'>[],
): NetworkConfigView['switchPorts'] {
  return devices.flatMap((d) => {
    const sw = docs.switching.get(d.deviceId);
    return sw
      ? [
          {
            deviceId: d.deviceId,
            name: d.name,
            ports: sw.ports.map((p) => ({ id: p.id, untagged: p.untagged, tagged: [...p.tagged] })),
          },
        ]
      : [];
  });
}

/** Addresses the gateway holds now on its WAN ports (learnt by DHCP/PPPoE: only it knows them). */
export function liveWanOf(gateway: DeviceFacts | undefined): { port: number; ip: string; mask: string }[] {
  if (!gateway?.online) return [];
  return gateway.wan.flatMap((w) =>
    w.up && w.ip && w.mask ? [{ port: w.port, ip: w.ip, mask: w.mask }] : [],
  );
}

/** VLAN ids a switch port may carry: VLAN 1 and the project's VLANs. */
export function projectVlanIds(network: NetworkSettings | undefined): number[] {
  return [DEFAULT_VLAN_ID, ...(network?.vlans ?? []).map((v) => v.id)];
}

/** The §5 rules of a switch's document. */
export function switchIssues(
  settings: SwitchSettings,
  device: DeviceFacts,
  network: NetworkSettings | undefined,
  previous: SwitchSettings | null,
): CodedIssue[] {
  if (!device.model) return [];
  return switchSettingsIssues(settings, {
    model: device.model,
    projectVlans: projectVlanIds(network),
    portsInUse: device.ports.filter((p) => p.link === 'up').map((p) => p.id),
    previous,
    ...(device.uplinkPort !== null ? { uplinkPort: device.uplinkPort } : {}),
  });
}

/** What the rules of the wireless kinds read besides the settings. */
export interface WirelessRuleInput {
  devices: readonly DeviceFacts[];
  /** The device of a device-level document. */
  target: DeviceFacts | undefined;
  docs: ProjectDocuments;
  previous: unknown;
  /** The networks of a CPE's latest Wi-Fi search (null: none since this server started). */
  uplinks: (deviceId: number) => readonly { bssid: string; ssid: string; channel: number }[] | null;
}

/** The devices of the project as the wireless rules see them. */
export function wirelessRuleDevices(devices: readonly DeviceFacts[]) {
  return devices.map((d) => ({
    id: d.deviceId,
    kind: kindOf(d),
    bands: (d.model?.radios ?? []).map((r) => r.band),
    name: d.name,
    secondary: kindOf(d) === 'mesh' && d.meshRole === MESH_NODE_TYPES.SECONDARY,
  }));
}

/** The §5 rules of `wireless`, `rf`, `radio` and `bridge` documents (domain), plus the CPE uplink check. */
export function wirelessKindIssues(
  kind: ConfigKind,
  settings: unknown,
  input: WirelessRuleInput,
): CodedIssue[] {
  switch (kind) {
    case 'wireless':
      return wirelessIssuesOf(settings as WirelessSettings, input);
    case 'rf':
      return rfSettingsIssues(settings as RfSettings);
    case 'radio':
      return input.target ? radioIssuesOf(settings as DeviceRadioSettings, input.target) : [];
    case 'bridge':
      return input.target ? bridgeIssuesOf(settings as BridgeSettings, input) : [];
    default:
      return [];
  }
}

/**
 * A bridge uplink must be a network of the device's latest Wi-Fi search (same BSSID, SSID and
 * channel), unless it is the uplink already saved (418).
 */
export function uplinkIssues(settings: BridgeSettings, input: WirelessRuleInput): CodedIssue[] {
  const uplink = settings.uplink;
  if (!uplink || !input.target) return [];
  const before = (input.previous as BridgeSettings | null)?.uplink;
  if (
    before &&
    before.bssid.toLowerCase() === uplink.bssid.toLowerCase() &&
    before.ssid === uplink.ssid &&
    before.channel === uplink.channel
  )
    return [];
  const found = (input.uplinks(input.target.deviceId) ?? []).some(
    (n) =>
      n.bssid.toLowerCase() === uplink.bssid.toLowerCase() &&
      n.ssid === uplink.ssid &&
      n.channel === uplink.channel,
  );
  return found
    ? []
    : [
        {
          path: 'uplink',
          code: ERR.UPLINK_WIFI_INCONSISTENT,
          message: errorMessage(ERR.UPLINK_WIFI_INCONSISTENT),
        },
      ];
}

/** SSIDs of the project outside the policies: the CPEs' management Wi-Fi (code 89). */
function otherSsids(input: WirelessRuleInput): { ssid: string; owner: string }[] {
  const names = new Map(input.devices.map((d) => [d.deviceId, d.name]));
  return [...input.docs.bridge].flatMap(([deviceId, b]) =>
    b.mgmtSsid
      ? [{ ssid: b.mgmtSsid, owner: `the management Wi-Fi of CPE "${names.get(deviceId) ?? deviceId}"` }]
      : [],
  );
}

function wirelessIssuesOf(s: WirelessSettings, input: WirelessRuleInput): CodedIssue[] {
  return [
    ...wirelessSettingsIssues(s, {
      devices: wirelessRuleDevices(input.devices),
      previous: input.previous as WirelessSettings | null,
      otherSsids: otherSsids(input),
    }),
    ...policiesInUse(s, input),
  ];
}

/** The saved bridge uplinks of the project's CPEs (the users code 26 protects). */
export function bridgeUplinkUses(input: Pick<WirelessRuleInput, 'devices' | 'docs'>): BridgeUplinkUse[] {
  const names = new Map(input.devices.map((d) => [d.deviceId, d.name]));
  return [...input.docs.bridge].flatMap(([deviceId, b]) =>
    b.uplink ? [{ deviceId, name: names.get(deviceId) ?? '', uplinkSsid: b.uplink.ssid }] : [],
  );
}

/** 26 "wireless policy in use" (domain `policiesInUseIssues`): a CPE's uplink network stays. */
function policiesInUse(s: WirelessSettings, input: WirelessRuleInput): CodedIssue[] {
  const before = (input.previous as WirelessSettings | null)?.policies ?? [];
  return policiesInUseIssues(s.policies, before, bridgeUplinkUses(input));
}

function radioIssuesOf(s: DeviceRadioSettings, device: DeviceFacts): CodedIssue[] {
  return device.model ? radioSettingsIssues(s, { model: device.model }) : [];
}

function bridgeIssuesOf(s: BridgeSettings, input: WirelessRuleInput): CodedIssue[] {
  const policies = input.docs.wireless?.policies ?? [];
  return [
    ...bridgeSettingsIssues(s, {
      model: input.target?.model ?? null,
      policySsids: policies.flatMap((p) => policySsids(p).map((x) => x.name)),
    }),
    ...uplinkIssues(s, input),
  ];
}
