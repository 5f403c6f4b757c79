/**
 * Builders that keep the catalogue tables short: port layouts from groups, and `defineModel`, which
 * fills the defaults every model of a kind shares (VLAN range, rule counts, topology type) and
 * derives the capabilities from the hardware, so a capability can never contradict the ports or
 * radios it depends on.
 */
import { KINDS_WITHOUT_AUTO_MAINTENANCE, KINDS_WITHOUT_RESET_OR_UPGRADE } from '../enums/devices';
import { VLAN_DEFAULT_MAX, VLAN_DEFAULT_MIN, VLAN_LIST_MIN } from '../limits';
import type { DeviceCapability } from './capabilities';
import type {
  DeviceModel,
  ModelKind,
  PortMedia,
  PortRole,
  PortSpec,
  RadioSpec,
  RuleCounts,
  VlanRange,
} from './types';

/** A run of identical ports. */
export interface PortGroup {
  count: number;
  /** Label prefix: "WAN", "LAN", "SFP" or "" (numbered ports, as on switches). */
  prefix: string;
  role: PortRole;
  media?: PortMedia;
  speedMbps: number;
  /** `'in'` when the unit is powered through the port, a number for PoE out (watts per port). */
  poe?: 'in' | number;
}

/**
 * Ports numbered 1…n in group order. A prefix used by a single port is the whole label ("WAN");
 * otherwise ports are numbered per prefix ("LAN1", "LAN2", "SFP1"; "1", "2" with no prefix).
 */
export function portLayout(...groups: readonly PortGroup[]): PortSpec[] {
  const perPrefix = new Map<string, number>();
  for (const g of groups) perPrefix.set(g.prefix, (perPrefix.get(g.prefix) ?? 0) + g.count);
  const seen = new Map<string, number>();
  const ports: PortSpec[] = [];
  for (const g of groups) {
    for (let i = 0; i < g.count; i++) {
      const n = (seen.get(g.prefix) ?? 0) + 1;
      seen.set(g.prefix, n);
      const numbered = g.prefix === '' || (perPrefix.get(g.prefix) ?? 0) > 1;
      ports.push({
        id: ports.length + 1,
        label: numbered ? `${g.prefix}${n}` : g.prefix,
        role: g.role,
        media: g.media ?? 'copper',
        maxSpeedMbps: g.speedMbps,
        poe: g.poe === undefined ? 'none' : g.poe === 'in' ? 'in' : 'out',
        poeMaxWatts: typeof g.poe === 'number' ? g.poe : 0,
      });
    }
  }
  return ports;
}

/** One radio, written compactly in the tables. */
export function radio(
  band: RadioSpec['band'],
  standard: RadioSpec['standard'],
  streams: number,
  maxTxPowerDbm: number,
): RadioSpec {
  return { band, standard, streams, maxTxPowerDbm };
}

const DEFAULT_RULES: Record<ModelKind, RuleCounts> = {
  v7: { vlans: 32, dhcpPools: 32, staticRoutes: 64, portMappings: 64 },
  router: { vlans: 16, dhcpPools: 16, staticRoutes: 32, portMappings: 32 },
  wrouter: { vlans: 8, dhcpPools: 4, staticRoutes: 16, portMappings: 16 },
  mesh: { vlans: 8, dhcpPools: 4, staticRoutes: 16, portMappings: 16 },
  // An AP's VLANs tag its SSIDs; it routes nothing.
  ap: { vlans: 16, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
  switch: { vlans: 256, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
  cpe: { vlans: 4, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
  nvr: { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
  ipc: { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
};

// Switches take the wider "other listing" range of §5 (2–4094); everything else the §3 default.
const DEFAULT_VLANS: Record<ModelKind, VlanRange> = {
  v7: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  router: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  wrouter: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  mesh: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  ap: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  switch: { min: VLAN_LIST_MIN, max: VLAN_DEFAULT_MAX },
  cpe: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  nvr: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
  ipc: { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
};

/** A catalogue row before defaults and derived capabilities are filled in. */
export type ModelSpec = Omit<
  DeviceModel,
  'topologyType' | 'vlans' | 'rules' | 'meshRoles' | 'poeBudgetWatts' | 'radios' | 'capabilities'
> &
  Partial<Pick<DeviceModel, 'topologyType' | 'vlans' | 'meshRoles' | 'poeBudgetWatts' | 'radios'>> & {
    rules?: Partial<RuleCounts>;
    /** Capabilities the hardware rules below cannot infer, or `false` to withhold a derived one. */
    capabilityOverrides?: Partial<Record<DeviceCapability, boolean>>;
  };

const ROUTING_KINDS: readonly ModelKind[] = ['router', 'v7', 'wrouter', 'mesh'];

/** The capabilities the hardware of a model implies. */
export function deriveCapabilities(m: Omit<DeviceModel, 'capabilities'>): DeviceCapability[] {
  const wireless = m.radios.length > 0;
  const poeOut = m.ports.some((p) => p.poe === 'out');
  const wanPorts = m.ports.filter((p) => p.role !== 'lan').length;
  const has: Record<DeviceCapability, boolean> = {
    reboot: true,
    // Every managed unit has a status LED.
    locate: true,
    reset: !(KINDS_WITHOUT_RESET_OR_UPGRADE as readonly string[]).includes(m.kind),
    upgrade: !(KINDS_WITHOUT_RESET_OR_UPGRADE as readonly string[]).includes(m.kind),
    kickClient: m.maxClients > 0 && (wireless || ROUTING_KINDS.includes(m.kind)),
    scan: wireless,
    backup: m.kind !== 'nvr' && m.kind !== 'ipc',
    restore: m.kind !== 'nvr' && m.kind !== 'ipc',
    remoteWeb: true,
    // Every managed unit can be handed to its own local web page and back.
    setManagementMode: true,
    poeReboot: poeOut,
    routeTable: m.rules.staticRoutes > 0,
    wifi: wireless,
    mesh: m.meshRoles.length > 0,
    poe: poeOut,
    vlan: m.rules.vlans > 0,
    dhcpServer: m.rules.dhcpPools > 0,
    staticRoutes: m.rules.staticRoutes > 0,
    portMappings: m.rules.portMappings > 0,
    // Mesh units auto-sense WAN on either port; only routers and gateways balance several WANs.
    multiWan: (m.kind === 'router' || m.kind === 'v7') && wanPorts > 1,
    rfOptimization: wireless && (m.kind === 'ap' || m.kind === 'mesh' || m.kind === 'wrouter'),
    scheduledReboot:
      m.kind !== 'ipc' && !(KINDS_WITHOUT_AUTO_MAINTENANCE as readonly string[]).includes(m.kind),
    cpeMode: m.kind === 'cpe',
    disks: m.recorder !== undefined && m.recorder.diskBays > 0,
    formatDisk: m.recorder !== undefined && m.recorder.diskBays > 0,
    cameras: m.recorder !== undefined && m.recorder.channels > 0,
  };
  return (Object.keys(has) as DeviceCapability[]).filter((c) => has[c]);
}

/** A full catalogue row: kind defaults filled in, capabilities derived then overridden. */
export function defineModel(spec: ModelSpec): DeviceModel {
  const { capabilityOverrides, rules, ...rest } = spec;
  const base: Omit<DeviceModel, 'capabilities'> = {
    ...rest,
    topologyType: spec.topologyType ?? spec.kind,
    vlans: spec.vlans ?? DEFAULT_VLANS[spec.kind],
    rules: { ...DEFAULT_RULES[spec.kind], ...rules },
    meshRoles: spec.meshRoles ?? [],
    radios: spec.radios ?? [],
    poeBudgetWatts: spec.poeBudgetWatts ?? 0,
  };
  const derived = new Set(deriveCapabilities(base));
  for (const [name, on] of Object.entries(capabilityOverrides ?? {}) as [DeviceCapability, boolean][]) {
    if (on) derived.add(name);
    else derived.delete(name);
  }
  return { ...base, capabilities: [...derived] };
}
