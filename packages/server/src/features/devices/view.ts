import {
  type Device,
  type DeviceDetail,
  deviceChannelSchema,
  deviceDiskSchema,
  deviceDisplayStatus,
  devicePortSchema,
  deviceRadioSchema,
  findModel,
  type PendingDevice,
  PROTOCOL_PROBLEM_FLAG_MS,
  type ProtocolProblem,
  protocolProblemSchema,
} from '@netloom/domain';
import { z } from 'zod';
import type { DeviceRow, PendingRowWithUplink } from './store';

/** Database rows → API shapes of `@netloom/domain` (api/devices.ts). */

const latestProblemSchema = protocolProblemSchema.omit({ at: true });

/** The device's latest refused message, when it is recent enough to flag the device (else null). */
function latestProblem(
  r: Pick<DeviceRow, 'problem_at' | 'problem_json'>,
  now: number,
): ProtocolProblem | null {
  if (r.problem_at === null || r.problem_json === null || now - r.problem_at > PROTOCOL_PROBLEM_FLAG_MS)
    return null;
  try {
    const parsed = latestProblemSchema.safeParse(JSON.parse(r.problem_json));
    return parsed.success ? { ...parsed.data, at: r.problem_at } : null;
  } catch {
    return null;
  }
}

export function toDevice(r: DeviceRow, now: number): Device {
  return {
    id: r.id,
    projectId: r.project_id,
    sn: r.sn,
    type: r.type,
    name: r.name,
    model: r.model,
    modelSupported: r.model === null ? null : findModel(r.model) !== undefined,
    mac: r.mac,
    firmwareVersion: r.firmware_version,
    hardwareVersion: r.hardware_version,
    ip: r.ip,
    managementMode: r.management_mode,
    status: r.status,
    displayStatus: deviceDisplayStatus(r.status).key,
    uplink:
      r.uplink_sn === null
        ? null
        : {
            sn: r.uplink_sn,
            deviceId: r.uplink_id,
            name: r.uplink_name,
            port: r.uplink_port,
            kind: r.uplink_kind,
          },
    cpu: r.cpu,
    memory: r.memory,
    uptime: r.uptime,
    clients: r.clients,
    txRate: r.tx_rate,
    rxRate: r.rx_rate,
    meshRole: r.mesh_role,
    location: r.location,
    remark: r.remark,
    configVersion: r.config_version,
    lastSeenAt: r.last_seen_at,
    createdAt: r.created_at,
    protocolProblem: latestProblem(r, now),
    // Its last state was refused: whatever status it had before, nothing it reports now is taken. A
    // valid state or a disconnect clears it.
    notReporting: r.not_reporting,
  };
}

// `state_json` is written by the ingest path from a validated `state`; parse defensively anyway so a
// row from an older build (or a hand edit) degrades to empty lists instead of a 500.
const hardwareSchema = z.object({
  ports: z.array(devicePortSchema).catch([]),
  radios: z.array(deviceRadioSchema).catch([]),
  disks: z.array(deviceDiskSchema).catch([]),
  channels: z.array(deviceChannelSchema).catch([]),
});
const EMPTY = { ports: [], radios: [], disks: [], channels: [] };

export function parseHardware(stateJson: string | null): z.infer<typeof hardwareSchema> {
  if (!stateJson) return EMPTY;
  try {
    const parsed = hardwareSchema.safeParse(JSON.parse(stateJson));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function toDeviceDetail(
  r: DeviceRow,
  downlinks: { id: number; sn: string; name: string; uplink_port: string | null }[],
  problems: ProtocolProblem[],
  now: number,
): DeviceDetail {
  return {
    ...toDevice(r, now),
    protocolProblems: problems,
    ...parseHardware(r.state_json ?? null),
    statusChangedAt: r.status_changed_at,
    downlinks: downlinks.map((d) => ({ id: d.id, sn: d.sn, name: d.name, port: d.uplink_port })),
  };
}

export function toPending(r: PendingRowWithUplink): PendingDevice {
  return {
    sn: r.sn,
    model: r.model,
    type: r.type,
    mac: r.mac,
    firmwareVersion: r.firmware_version,
    ip: r.ip,
    uplinkSn: r.uplink_sn,
    uplinkName: r.uplink_name,
    online: r.online === 1,
    firstSeenAt: r.first_seen_at,
    lastSeenAt: r.last_seen_at,
  };
}
