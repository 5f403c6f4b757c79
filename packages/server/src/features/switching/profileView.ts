/** The port profiles page's view: the profiles, who follows them, the switches, VLANs, suggestions. */
import {
  DEFAULT_VLAN_ID,
  defaultPortProfiles,
  type PortProfilesSettings,
  type PortProfilesView,
  profileSuggestions,
  profileUsage,
  savedNetwork,
  savedSwitching,
} from '@netloom/domain';
import type { ConfigApi } from '../config';

export async function portProfilesView(config: ConfigApi, projectId: number): Promise<PortProfilesView> {
  const devices = await config.devices(projectId);
  const switches = devices.filter((d) => d.model?.kind === 'switch');
  // Delivery of the switches a profile save reaches: those with ports following a profile.
  const { meta, saved } = await config.view<PortProfilesSettings>(
    projectId,
    'portProfiles',
    'reach',
    devices,
  );
  const docs = await config.documents(projectId);
  const settings = saved ?? defaultPortProfiles();
  const vlans = [
    { id: DEFAULT_VLAN_ID, name: 'Default' },
    ...(savedNetwork(docs)?.vlans ?? []).map((v) => ({ id: v.id, name: v.name })),
  ];
  return {
    ...meta,
    settings,
    usage: [...profileUsage(savedSwitching(docs))].map(([profileId, ports]) => ({ profileId, ports })),
    switches: switches.map((d) => ({
      id: d.deviceId,
      name: d.name,
      model: d.model?.model ?? '',
      online: d.online,
      uplinkPort: d.uplinkPort,
      ports: (d.model?.ports ?? [])
        .filter((p) => p.role !== 'wan')
        .map((p) => ({ id: p.id, label: p.label, poe: p.poe === 'out' })),
    })),
    projectVlans: vlans,
    suggestions: profileSuggestions(vlans, settings.profiles),
  };
}
