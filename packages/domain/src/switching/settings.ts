/**
 * A switch's (or a gateway's LAN ports') per-device settings (§2 device details "port, VLAN, PoE,
 * LED", §3 Port, EEE, loop guard, DHCP snooping with trust ports): one versioned desired document
 * per device. Shape only here; the §5/§6 rules with codes are in `issues.ts`.
 */
import { z } from 'zod';
import { type ProjectDocuments, savedByDevice } from '../config/kind';
import { DUPLEX_MODES, PORT_TYPES } from '../enums/ports';
import {
  DEFAULT_VLAN_ID,
  DEVICE_MAX_PORTS,
  POE_LIMIT_MAX_WATTS,
  PORT_PROFILE_ID_MAX_LENGTH,
  PORT_REMARK_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
} from '../limits';
import type { DeviceModel } from '../models/types';

/** Link speed setting: auto-negotiation or a fixed speed in Mbit/s (never above the port's maximum). */
export const PORT_SPEEDS = ['auto', 10, 100, 1000, 2500, 10000] as const;
export type PortSpeed = (typeof PORT_SPEEDS)[number];

export const portSettingsSchema = z.object({
  /** The model's port id. */
  id: z.int().min(1).max(DEVICE_MAX_PORTS),
  /** Administrative status: a disabled port has no link. */
  enabled: z.boolean(),
  speed: z.union([z.literal('auto'), z.literal([10, 100, 1000, 2500, 10000])]),
  duplex: z.enum(DUPLEX_MODES),
  /** Access 0 / trunk 1 (§3). */
  type: z.literal([PORT_TYPES.ACCESS, PORT_TYPES.TRUNK]),
  /** The untagged VLAN (PVID), exactly one per LAN port. */
  untagged: z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX),
  /** Tagged VLANs: trunk ports only, never the untagged one. */
  tagged: z.array(z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX)).max(VLAN_ANY_MAX),
  /** PoE output on (PoE-capable ports only; ignored elsewhere). */
  poe: z.boolean(),
  /** PoE power limit in W; 0 = the port's class maximum. */
  poeLimitWatts: z.number().min(0).max(POE_LIMIT_MAX_WATTS),
  /** What is plugged in, as the user notes it (§3 port remark). */
  remark: z.string().max(PORT_REMARK_MAX_LENGTH),
  /** Energy-Efficient Ethernet; refused on ports in use (a link is up). */
  eee: z.boolean(),
  loopGuard: z.boolean(),
  /** A DHCP snooping trust port (needs snooping on: 164). */
  dhcpTrust: z.boolean(),
  /**
   * The port profile it follows (its id), if any: the profile's settings are resolved onto the port
   * when the document is checked and rendered (`profiles.ts`); the device never sees the id.
   */
  profile: z.string().min(1).max(PORT_PROFILE_ID_MAX_LENGTH).optional(),
});
export type PortSettings = z.infer<typeof portSettingsSchema>;

/** The `switching` document of one device. */
export const switchSettingsSchema = z.object({
  ports: z.array(portSettingsSchema).max(DEVICE_MAX_PORTS),
  dhcpSnooping: z.boolean(),
  /** Port LEDs on. */
  led: z.boolean(),
});
export type SwitchSettings = z.infer<typeof switchSettingsSchema>;

/** Factory settings of a model: every port enabled, auto, access in VLAN 1, PoE on where it can. */
export function defaultSwitchSettings(model: Pick<DeviceModel, 'ports'>): SwitchSettings {
  return {
    ports: model.ports
      .filter((p) => p.role !== 'wan')
      .map((p) => ({
        id: p.id,
        enabled: true,
        speed: 'auto',
        duplex: 'auto',
        type: PORT_TYPES.ACCESS,
        untagged: DEFAULT_VLAN_ID,
        tagged: [],
        poe: p.poe === 'out',
        poeLimitWatts: 0,
        remark: '',
        eee: false,
        loopGuard: false,
        dhcpTrust: false,
      })),
    dhcpSnooping: false,
    led: true,
  };
}

/** The saved `switching` documents of the project's switches, by device id. */
export function savedSwitching(docs: ProjectDocuments): Map<number, SwitchSettings> {
  return savedByDevice(docs, 'switching') as Map<number, SwitchSettings>;
}
