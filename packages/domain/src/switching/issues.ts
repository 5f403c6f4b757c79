/**
 * Every §5/§6 rule of a switch's port settings, with its §8 code: used by the server (refuses with
 * the first issue's code, lists all) and by the port forms (the message of the field being edited).
 */
import { type CodedIssue, IssueList } from '../config/ruleKit';
import { PORT_TYPES } from '../enums/ports';
import { ERR } from '../errors/catalogue';
import {
  DEFAULT_VLAN_ID,
  PORT_REMARK_MAX_LENGTH,
  VLAN_ANY_MAX as VLAN_MAX,
  VLAN_ANY_MIN as VLAN_MIN,
} from '../limits';
import type { DeviceModel } from '../models/types';
import { hasOuterSpaces, isPrintableAscii } from '../validation/text';
import type { PortSettings, SwitchSettings } from './settings';

export interface SwitchRuleContext {
  model: DeviceModel;
  /** VLAN ids that exist in the project (VLAN 1 always exists). */
  projectVlans: readonly number[];
  /** Ports with a link up now (EEE is refused on ports in use). */
  portsInUse: readonly number[];
  previous: SwitchSettings | null;
  /** The port the switch's uplink leaves from, when known: it may not be disabled (cuts the switch off). */
  uplinkPort?: number | null;
}

/** "1 Gbit/s", "100 Mbit/s", "2.5 Gbit/s". */
export function formatLinkSpeed(mbps: number): string {
  return mbps >= 1000 ? `${mbps / 1000} Gbit/s` : `${mbps} Mbit/s`;
}

/** Remark: optional, at most 32 printable ASCII characters, no leading or trailing space. */
export function portRemarkIssue(remark: string): string | null {
  if (remark === '') return null;
  if (!isPrintableAscii(remark)) return 'Remark may contain only printable ASCII characters.';
  if (hasOuterSpaces(remark)) return 'Remark cannot start or end with a space.';
  if (remark.length > PORT_REMARK_MAX_LENGTH)
    return `Remark must be at most ${PORT_REMARK_MAX_LENGTH} characters.`;
  return null;
}

/** Every broken §5/§6 rule of one device's switch-port settings, in port order. */
export function switchSettingsIssues(s: SwitchSettings, ctx: SwitchRuleContext): CodedIssue[] {
  const out = new IssueList();
  const seen = new Set<number>();
  const known = new Set([DEFAULT_VLAN_ID, ...ctx.projectVlans]);
  for (const [i, port] of s.ports.entries()) {
    const p = `ports.${i}`;
    if (seen.has(port.id)) out.invalid(`${p}.id`, `Port ${port.id} is listed twice.`);
    seen.add(port.id);
    const spec = ctx.model.ports.find((x) => x.id === port.id);
    if (!spec) {
      out.invalid(`${p}.id`, `The ${ctx.model.model} has no port ${port.id}.`);
      continue;
    }
    if (spec.role === 'wan') {
      out.invalid(`${p}.id`, `${spec.label} is a WAN port: it is set on the network settings page.`);
      continue;
    }
    const name = `Port ${spec.label}`;
    if (port.enabled === false && ctx.uplinkPort === port.id) {
      out.invalid(
        `${p}.enabled`,
        `${name} is the uplink to the network: disabling it would cut the switch off the console.`,
      );
    }
    if (port.speed !== 'auto') {
      if (port.speed > spec.maxSpeedMbps) {
        out.invalid(`${p}.speed`, `${name} runs at most ${formatLinkSpeed(spec.maxSpeedMbps)}.`);
      } else if (spec.media !== 'copper' && port.speed < 1000) {
        out.invalid(`${p}.speed`, `${name} is an SFP port: a fixed speed below 1 Gbit/s is not possible.`);
      }
    }
    if (port.duplex === 'half' && port.speed !== 10 && port.speed !== 100) {
      out.invalid(`${p}.duplex`, 'Half duplex needs a fixed speed of 10 or 100 Mbit/s.');
    }
    portVlanIssues(port, p, known, out);
    if (port.poe && spec.poe !== 'out') {
      out.add(`${p}.poe`, ERR.DEVICE_OPERATION_UNSUPPORTED, `${name} does not supply PoE.`);
    } else if (spec.poe === 'out' && port.poeLimitWatts > spec.poeMaxWatts) {
      out.invalid(`${p}.poeLimitWatts`, `The PoE limit of ${name} must be at most ${spec.poeMaxWatts} W.`);
    }
    out.invalid(`${p}.remark`, portRemarkIssue(port.remark));
    const before = ctx.previous?.ports.find((x) => x.id === port.id);
    if (port.eee && !before?.eee && ctx.portsInUse.includes(port.id)) {
      out.add(
        `${p}.eee`,
        ERR.EEE_PORT_IN_USE,
        `${name} is in use: Energy-Efficient Ethernet can only be turned on while its link is down.`,
      );
    }
    if (port.dhcpTrust && !s.dhcpSnooping) {
      out.add(
        `${p}.dhcpTrust`,
        ERR.DHCP_SNOOPING_REQUIRED,
        'Turn DHCP snooping on before choosing trusted ports.',
      );
    }
  }
  trunkIssues(s, ctx, out);
  return out.items;
}

/** The VLAN rules of one port (or a port profile): the untagged VLAN and the tagged list, under path `p`. */
export function portVlanIssues(
  port: Pick<PortSettings, 'type' | 'untagged' | 'tagged'>,
  p: string,
  known: ReadonlySet<number>,
  out: IssueList,
): void {
  const inRange = (id: number) => Number.isInteger(id) && id >= VLAN_MIN && id <= VLAN_MAX;
  if (!inRange(port.untagged)) {
    out.add(
      `${p}.untagged`,
      ERR.VLAN_TAGGED_OUT_OF_RANGE,
      `The untagged VLAN must be from ${VLAN_MIN} to ${VLAN_MAX}.`,
    );
  } else if (!known.has(port.untagged)) {
    out.add(`${p}.untagged`, ERR.VLAN_NOT_FOUND, `VLAN ${port.untagged} does not exist in this project.`);
  }
  if (port.type === PORT_TYPES.ACCESS && port.tagged.length > 0) {
    out.add(
      `${p}.tagged`,
      ERR.VLAN_ACCESS_PORT_MULTIPLE,
      'An access port carries one VLAN: make it a trunk port to add tagged VLANs.',
    );
    return;
  }
  const seen = new Set<number>();
  for (const id of port.tagged) {
    if (!inRange(id)) {
      out.add(
        `${p}.tagged`,
        ERR.VLAN_TAGGED_OUT_OF_RANGE,
        `Tagged VLAN ${id} is not from ${VLAN_MIN} to ${VLAN_MAX}.`,
      );
    } else if (id === port.untagged) {
      out.add(
        `${p}.tagged`,
        ERR.VLAN_TAGGED_EQUALS_UNTAGGED,
        `VLAN ${id} cannot be both tagged and untagged on the same port.`,
      );
    } else if (seen.has(id)) {
      out.add(`${p}.tagged`, ERR.VLAN_LIST_DUPLICATE, `Tagged VLAN ${id} is listed twice.`);
    } else if (!known.has(id)) {
      out.add(`${p}.tagged`, ERR.VLAN_NOT_FOUND, `VLAN ${id} does not exist in this project.`);
    }
    seen.add(id);
  }
}

/**
 * A VLAN other than VLAN 1 used on the switch must reach the gateway: some enabled trunk port must
 * carry it (1125), and when the uplink is known, the uplink must (1134).
 */
function trunkIssues(s: SwitchSettings, ctx: SwitchRuleContext, out: IssueList): void {
  const used = new Map<number, number>();
  for (const port of s.ports) {
    if (port.untagged !== DEFAULT_VLAN_ID && !used.has(port.untagged)) used.set(port.untagged, port.id);
  }
  if (used.size === 0) return;
  const trunks = s.ports.filter((p) => p.enabled && p.type === PORT_TYPES.TRUNK);
  const carries = (p: PortSettings, vlan: number) => p.untagged === vlan || p.tagged.includes(vlan);
  const uplink = ctx.uplinkPort == null ? undefined : s.ports.find((p) => p.id === ctx.uplinkPort);
  for (const [vlan, portId] of used) {
    if (trunks.length === 0) {
      out.add(
        'ports',
        ERR.VLAN_TRUNK_PORT_REQUIRED,
        `Port ${portId} uses VLAN ${vlan}: set at least one enabled port to trunk to carry it to the gateway.`,
      );
      return;
    }
    const carriers = trunks.filter((p) => p.id !== portId && carries(p, vlan));
    if (carriers.length === 0) {
      out.add(
        'ports',
        ERR.VLAN_TRUNK_PORT_REQUIRED,
        `Port ${portId} uses VLAN ${vlan}, but no trunk port carries it: tag VLAN ${vlan} on a trunk port.`,
      );
    } else if (uplink && !carries(uplink, vlan)) {
      const index = s.ports.indexOf(uplink);
      out.add(
        `ports.${index}.tagged`,
        ERR.VLAN_NOT_ON_UPLINK,
        `Port ${uplink.id} is the uplink: tag VLAN ${vlan} on it, or port ${portId} cannot reach the gateway.`,
      );
    }
  }
}
