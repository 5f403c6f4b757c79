import {
  type CarriedDevice,
  type ImpactDevice,
  type VlanGap,
  vlanCarriageGaps,
  type WirelessConfigView,
  type WirelessPolicy,
} from '@netloom/domain';

/** The view's Wi-Fi devices as the VLAN-carriage check reads them. */
export function carriedDevices(view: WirelessConfigView): CarriedDevice[] {
  return view.devices.map((d) => ({ id: d.id, name: d.name, bands: d.bands, uplink: d.uplink ?? null }));
}

/** The view's Wi-Fi devices as the save confirmation reads them (what they broadcast now). */
export function impactDevices(view: WirelessConfigView): ImpactDevice[] {
  return view.devices.map((d) => ({ id: d.id, name: d.name, bands: d.bands, radios: d.radios ?? [] }));
}

/** The switch ports that miss the VLAN of one of `policies` on the way to its APs. */
export function gapsOf(view: WirelessConfigView, policies: readonly WirelessPolicy[]): VlanGap[] {
  return vlanCarriageGaps(policies, carriedDevices(view), view.switches ?? []);
}

/** "VLAN 20 · Guest" (or "VLAN 40" for a VLAN the project does not have). */
export function vlanLabel(view: WirelessConfigView, id: number): string {
  const name = view.vlans?.find((v) => v.id === id)?.name;
  return name ? `VLAN ${id} · ${name}` : `VLAN ${id}`;
}

/** "AP-01, AP-02 and 3 more". */
export function shortList(names: readonly string[], max = 3): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** The gaps of one VLAN on one switch: its ports that miss it, and the APs behind them. */
export interface SwitchGap {
  vlanId: number;
  switchName: string;
  ports: string[];
  aps: string[];
  policies: string[];
}

/** Gaps grouped by VLAN and switch (one line per switch in the warnings). */
export function groupGaps(gaps: readonly VlanGap[]): SwitchGap[] {
  const out = new Map<string, SwitchGap>();
  for (const g of gaps) {
    const key = `${g.vlanId}:${g.switchId}`;
    const s = out.get(key) ?? {
      vlanId: g.vlanId,
      switchName: g.switchName,
      ports: [],
      aps: [],
      policies: [],
    };
    s.ports.push(g.portLabel);
    for (const ap of g.aps) if (!s.aps.includes(ap)) s.aps.push(ap);
    for (const p of g.policies) if (!s.policies.includes(p)) s.policies.push(p);
    out.set(key, s);
  }
  return [...out.values()];
}

/** "Switch-01 port 5" or "Switch-01 ports 1, 2 and 5". */
export function switchPortsText(g: Pick<SwitchGap, 'switchName' | 'ports'>): string {
  if (g.ports.length === 1) return `${g.switchName} port ${g.ports[0]}`;
  return `${g.switchName} ports ${g.ports.slice(0, -1).join(', ')} and ${g.ports.at(-1)}`;
}
