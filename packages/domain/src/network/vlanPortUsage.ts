/**
 * §5/§8 1110 "The VLAN is assigned to a port": a VLAN that switch ports still carry (as their
 * untagged VLAN / PVID or as a tagged one) cannot be deleted or given another id. The switch would
 * refuse its next document (1108 "the VLAN does not exist") and, since a refused version is never
 * resent, stay failed until someone edited its ports. The network rules take the project's switch
 * ports as an optional context and refuse the change before it is saved.
 */
import type { ProjectDocuments } from '../config/kind';
import type { IssueList } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { DEFAULT_VLAN_ID } from '../limits';
import { PROFILE_ALL_VLANS, profileTaggedVlans, savedPortProfiles } from '../switching/profiles';
import { savedSwitching } from '../switching/settings';
import type { NetworkSettings } from './settings';

/** The VLAN membership of one switch's ports, as its saved `switching` document sets it. */
export interface SwitchVlanPorts {
  deviceId: number;
  /** The device name, for messages. */
  name: string;
  ports: readonly { id: number; untagged: number; tagged: readonly number[] }[];
}

/**
 * The VLAN membership of every switch port of the project, from the saved `switching` documents,
 * in the order of `devices` (the VLAN page lists them under "Used by").
 */
export function switchVlanPortsOf(
  docs: ProjectDocuments,
  devices: readonly { deviceId: number; name: string }[],
): { deviceId: number; name: string; ports: { id: number; untagged: number; tagged: number[] }[] }[] {
  const saved = savedSwitching(docs);
  const profiles = new Map(savedPortProfiles(docs).map((p) => [p.id, p]));
  return devices.flatMap((d) => {
    const sw = saved.get(d.deviceId);
    return sw
      ? [
          {
            deviceId: d.deviceId,
            name: d.name,
            ports: sw.ports.map((p) => {
              const profile = p.profile === undefined ? undefined : profiles.get(p.profile);
              if (!profile) return { id: p.id, untagged: p.untagged, tagged: [...p.tagged] };
              // A profile's "all VLANs" follows the list: it never holds a VLAN in place.
              const tagged = profile.tagged === PROFILE_ALL_VLANS ? [] : profileTaggedVlans(profile, []);
              return { id: p.id, untagged: profile.untagged, tagged };
            }),
          },
        ]
      : [];
  });
}

/** The ports of one switch that carry a VLAN. */
export interface VlanPortUse {
  deviceId: number;
  name: string;
  /** Ports whose untagged VLAN (PVID) it is. */
  untagged: number[];
  /** Ports that carry it tagged. */
  tagged: number[];
}

/** The switches (and their ports) that carry `vlanId`, in the order given. */
export function portsUsingVlan(switches: readonly SwitchVlanPorts[], vlanId: number): VlanPortUse[] {
  const out: VlanPortUse[] = [];
  for (const sw of switches) {
    const untagged = sw.ports.filter((p) => p.untagged === vlanId).map((p) => p.id);
    const tagged = sw.ports
      .filter((p) => p.untagged !== vlanId && p.tagged.includes(vlanId))
      .map((p) => p.id);
    if (untagged.length + tagged.length > 0)
      out.push({ deviceId: sw.deviceId, name: sw.name, untagged, tagged });
  }
  return out;
}

function portList(ports: readonly number[]): string {
  return `${ports.length === 1 ? 'port' : 'ports'} ${ports.join(', ')}`;
}

/** `switch "Core" ports 3, 5 (untagged) and port 8 (tagged)`. */
export function vlanPortUseText(use: VlanPortUse): string {
  const parts: string[] = [];
  if (use.untagged.length > 0) parts.push(`${portList(use.untagged)} (untagged)`);
  if (use.tagged.length > 0) parts.push(`${portList(use.tagged)} (tagged)`);
  return `switch "${use.name}" ${parts.join(' and ')}`;
}

/**
 * 1110 for every VLAN of the saved settings that this change deletes or renumbers while switch
 * ports still carry it. A renumbered VLAN (same name, new id) is blamed on its id field, a deleted
 * one on the list.
 */
export function vlanInUseIssues(
  s: NetworkSettings,
  previous: NetworkSettings | null,
  switches: readonly SwitchVlanPorts[] | undefined,
  out: IssueList,
): void {
  if (!previous || !switches || switches.length === 0) return;
  const kept = new Set(s.vlans.map((v) => v.id));
  for (const old of previous.vlans) {
    if (old.id === DEFAULT_VLAN_ID || kept.has(old.id)) continue;
    const users = portsUsingVlan(switches, old.id);
    if (users.length === 0) continue;
    const where = users.map(vlanPortUseText).join('; ');
    const index = s.vlans.findIndex((v) => v.name.toLowerCase() === old.name.toLowerCase());
    const renumbered = index >= 0;
    out.add(
      renumbered ? `vlans.${index}.id` : 'vlans',
      ERR.VLAN_USED_BY_PORT,
      `VLAN ${old.id} is set on ${where}: move those ports to another VLAN before ${renumbered ? 'changing its ID' : 'deleting it'}.`,
    );
  }
}
