import {
  CONFIG_SETTINGS_SCHEMAS,
  type CodedIssue,
  type ConfigKind,
  type ConfigSettingsByKind,
  configSupportCode,
  DEFAULT_VLAN_ID,
  ERR,
  type ErrorCode,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
  type NetworkSettings,
  networkSettingsIssues,
  type SwitchSettings,
  switchSettingsIssues,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import { type DeviceFacts, kindOf } from './facts';

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

/** The §5 rules of the network document, with the gateway's model and what it reports live. */
export function networkIssues(
  settings: NetworkSettings,
  gateway: DeviceFacts | undefined,
  previous: NetworkSettings | null,
): CodedIssue[] {
  return networkSettingsIssues(settings, {
    model: gateway?.model ?? null,
    previous,
    liveWan: liveWanOf(gateway),
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
