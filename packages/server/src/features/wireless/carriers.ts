/**
 * What the Wi-Fi page needs to tell whether a policy's VLAN reaches its APs (issue 10 point 4):
 * each switch of the project with its ports' VLANs (its saved `switching` document, else its
 * factory ports) and its uplink, and each Wi-Fi device's radios as reported (the networks it
 * broadcasts now, point 3). Read from the configuration engine's device facts and documents.
 */
import {
  type CarrierSwitch,
  defaultSwitchSettings,
  deviceKindOf,
  type ProjectDocuments,
  type RadioBroadcast,
  savedSwitching,
} from '@netloom/domain';
import type { DeviceFacts } from '../config';

/** The project's switches as the VLAN-carriage check reads them. */
export function carrierSwitches(devices: readonly DeviceFacts[], docs: ProjectDocuments): CarrierSwitch[] {
  const saved = savedSwitching(docs);
  return devices.flatMap((d) => {
    if (deviceKindOf(d) !== 'switch' || !d.model) return [];
    const model = d.model;
    const settings = saved.get(d.deviceId) ?? defaultSwitchSettings(model);
    return [
      {
        deviceId: d.deviceId,
        sn: d.sn,
        name: d.name,
        uplink: d.uplinkParent,
        uplinkPort: d.uplinkPort,
        ports: settings.ports.map((p) => ({
          id: p.id,
          label: model.ports.find((x) => x.id === p.id)?.label ?? String(p.id),
          type: p.type,
          untagged: p.untagged,
          tagged: [...p.tagged],
        })),
      },
    ];
  });
}

/** A Wi-Fi device's radios as it reported them last, with the networks each broadcasts now. */
export function radioBroadcasts(d: DeviceFacts): RadioBroadcast[] {
  return d.radios.map((r) => ({
    band: r.band,
    clients: r.clients,
    ssids:
      r.ssids?.map((s) => ({
        ssid: s.ssid,
        security: s.security,
        vlanId: s.vlan ?? null,
        hidden: s.hidden,
        ...(s.clients !== undefined ? { clients: s.clients } : {}),
      })) ?? null,
  }));
}
