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

/** "Switch-01 port 5": where a gap is. */
export function gapPlace(g: Pick<VlanGap, 'switchName' | 'portLabel'>): string {
  return `${g.switchName} port ${g.portLabel}`;
}
