/** A switch's port page view: settings, the model's port panel, live ports, PoE totals, project VLANs. */
import {
  DEFAULT_VLAN_ID,
  defaultSwitchSettings,
  describeProfile,
  ERR,
  projectVlanIds,
  resolveProfiles,
  type SwitchConfigView,
  type SwitchSettings,
  savedNetwork,
  savedPortProfiles,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import type { Clients } from '../clients';
import type { ConfigApi } from '../config';
import { portNeighbours } from './neighbours';

/** Watts with one decimal (the PoE totals the page shows). */
const round1 = (w: number) => Math.round(w * 10) / 10;

export interface SwitchingViewDeps {
  config: ConfigApi;
  /** The wired clients on the switch's ports ("plugged in"). */
  clients: Pick<Clients, 'wiredOnPorts'>;
}

export async function switchingView(
  { config, clients }: SwitchingViewDeps,
  projectId: number,
  deviceId: number,
): Promise<SwitchConfigView> {
  const devices = await config.devices(projectId);
  const device = devices.find((d) => d.deviceId === deviceId);
  if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
  const model = device.model;
  if (model?.kind !== 'switch') throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
  const { meta, saved } = await config.view<SwitchSettings>(projectId, 'switching', { deviceId }, devices);
  const docs = await config.documents(projectId);
  const network = savedNetwork(docs);
  const profiles = savedPortProfiles(docs);
  const live = device.online
    ? device.ports.map((p) => ({
        id: p.id,
        link: p.link,
        speed: p.speed,
        duplex: p.duplex,
        poeOn: p.poe?.on ?? null,
        poeWatts: p.poe?.watts ?? null,
      }))
    : [];
  const used = round1(live.reduce((sum, p) => sum + (p.poeWatts ?? 0), 0));
  return {
    ...meta,
    // Ports that follow a profile show what they run: the profile's settings, as the switch gets them.
    settings: resolveProfiles(
      saved ?? defaultSwitchSettings(model),
      profiles,
      model,
      projectVlanIds(network),
    ),
    device: {
      id: device.deviceId,
      sn: device.sn,
      name: device.name,
      model: model.model,
      type: device.type,
      online: device.online,
      uplinkPort: device.uplinkPort,
    },
    ports: model.ports.map((p) => ({
      id: p.id,
      label: p.label,
      role: p.role,
      media: p.media,
      maxSpeedMbps: p.maxSpeedMbps,
      poe: p.poe,
      poeMaxWatts: p.poeMaxWatts,
    })),
    live,
    poe:
      model.poeBudgetWatts > 0
        ? {
            totalWatts: model.poeBudgetWatts,
            usedWatts: used,
            remainingWatts: Math.max(0, round1(model.poeBudgetWatts - used)),
          }
        : null,
    projectVlans: [
      { id: DEFAULT_VLAN_ID, name: 'Default' },
      ...(network?.vlans ?? []).map((v) => ({ id: v.id, name: v.name })),
    ],
    profiles: profiles.map((p) => ({ ...p, summary: describeProfile(p) })),
    neighbours: portNeighbours(device, devices, await clients.wiredOnPorts(deviceId)),
  };
}
