/** What the §5 rules of the `network` document read besides the settings (`issues.ts`). */
import type { DeviceModel } from '../models/types';
import type { NetworkSettings } from './settings';
import type { SwitchVlanPorts } from './vlanPortUsage';

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
