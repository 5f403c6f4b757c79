/**
 * Every §5 rule of the network and switch-port settings, with its §8 code: one function per
 * document, used by the server (refuses with the first issue's code, lists all issues) and by the
 * forms (show the message of the field being edited before submit). Paths are dotted,
 * e.g. `vlans.2.ip`, `ports.5.tagged`, `wan.0.gateway`.
 */
import type { DeviceModel } from '../models/types';
import type { NetworkSettings } from './network';
import type { SwitchSettings } from './switching';
import type { SwitchVlanPorts } from './vlanPortUsage';

/** One broken rule: where, which catalogue code, and the precise English message. */
export interface CodedIssue {
  path: string;
  code: number;
  message: string;
}

export interface NetworkRuleContext {
  /** The gateway's model: rule counts, WAN ports, VLAN range. Null when the project has no gateway. */
  model: DeviceModel | null;
  /** The settings saved before (null = never saved): "at most 100 added at once", references. */
  previous: NetworkSettings | null;
  /**
   * Addresses the gateway learnt at run time on WAN ports in dynamic/PPPoE mode (from its state),
   * which LAN and VLAN segments must not overlap either.
   */
  liveWan?: readonly { port: number; ip: string; mask: string }[];
  /**
   * The VLAN membership of the project's switch ports (their saved `switching` documents): a VLAN
   * they carry cannot be deleted or renumbered (1110). Absent = not checked (the device itself).
   */
  switchPorts?: readonly SwitchVlanPorts[];
}

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

export {
  MULTI_DIAL_MAX,
  MULTI_DIAL_MIN,
  networkSettingsIssues,
  PPPOE_FIELD_MAX_LENGTH,
} from './networkIssues';
export { formatLinkSpeed, portRemarkIssue, switchSettingsIssues } from './switchIssues';
export {
  portsUsingVlan,
  type SwitchVlanPorts,
  type VlanPortUse,
  vlanPortUseText,
} from './vlanPortUsage';
export {
  type BridgeUplinkUse,
  policiesInUseIssues,
  policyDeleteIssue,
  policyUplinkUsers,
} from './wirelessInUse';
export { wirelessSettingsIssues } from './wirelessIssues';
export {
  type BridgeRuleContext,
  bridgeSettingsIssues,
  type RadioRuleContext,
  ROAM_THRESHOLD_RULE,
  radioSettingsIssues,
  rfSettingsIssues,
} from './wirelessRadioIssues';
export { policySsids, type WirelessRuleContext, type WirelessRuleDevice } from './wirelessSsidRules';

/** Issues under one path prefix, keyed by the rest of the path (for a form editing one item). */
export function issuesUnder(issues: readonly CodedIssue[], prefix: string): Map<string, CodedIssue> {
  const out = new Map<string, CodedIssue>();
  const p = `${prefix}.`;
  for (const i of issues) {
    if (i.path.startsWith(p)) {
      const rest = i.path.slice(p.length);
      if (!out.has(rest)) out.set(rest, i);
    } else if (i.path === prefix && !out.has('')) out.set('', i);
  }
  return out;
}
