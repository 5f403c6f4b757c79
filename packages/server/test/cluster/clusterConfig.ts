/**
 * The configuration side of the two-node test: network saves on the configuration project (a new
 * VLAN each) and the wait until every one of its devices runs the saved version — by the API and by
 * the device itself, as the simulator reports it.
 */
import type {
  NetworkConfigView,
  NetworkSettings,
  ProjectConfigStatus,
  SaveConfigResult,
} from '@netloom/domain';
import type { HttpApi } from '../chaosKit';
import { waitFor } from '../gatewayKit';
import type { SimProcess } from './clusterKit';

/** How long the devices may take to apply a save (a node or the broker may have just died). */
const CONVERGE_MS = 60_000;

export function vlan(id: number) {
  return { id, name: `Cluster ${id}`, ip: `172.21.${id}.1`, mask: '255.255.255.0', dhcp: false };
}

export async function saveNetwork(
  api: HttpApi,
  projectId: number,
  edit: (s: NetworkSettings) => NetworkSettings,
) {
  const view = await api.ok<NetworkConfigView>('GET', `/api/projects/${projectId}/config/network`);
  return api.ok<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
    baseVersion: view.version,
    settings: edit(structuredClone(view.settings)),
  });
}

/** Every configuration device applied its desired version, by the API and by the device itself. */
async function converged(
  api: HttpApi,
  projectId: number,
  devices: number,
  sim: SimProcess,
  version?: number,
) {
  const s = await api
    .ok<ProjectConfigStatus>('GET', `/api/projects/${projectId}/config/status`)
    .catch(() => undefined);
  const versions = sim.latest()?.config.versions ?? {};
  if (!s || s.devices.length !== devices) return undefined;
  const done = s.devices.every(
    (d) =>
      d.status === 'applied' &&
      d.appliedVersion === d.desiredVersion &&
      (version === undefined || d.desiredVersion >= version) &&
      versions[d.sn] === d.desiredVersion,
  );
  return done ? s : undefined;
}

/** Waits for `converged`; on a timeout the error says where the devices are. */
export async function convergedWithin(
  api: HttpApi,
  projectId: number,
  devices: number,
  sim: SimProcess,
  version: number,
  what: string,
) {
  try {
    return await waitFor(() => converged(api, projectId, devices, sim, version), {
      timeoutMs: CONVERGE_MS,
      what,
    });
  } catch (err) {
    const s = await api
      .ok<ProjectConfigStatus>('GET', `/api/projects/${projectId}/config/status`)
      .catch(() => undefined);
    const versions = sim.latest()?.config.versions ?? {};
    const states = (s?.devices ?? []).map(
      (d) => `${d.sn}:${d.status}:${d.appliedVersion}/${d.desiredVersion}@${versions[d.sn]}`,
    );
    throw new Error(`${(err as Error).message}; version ${version}; devices ${states.join(' ')}`);
  }
}
