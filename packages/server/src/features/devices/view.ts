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
} from '@netloom/domain';
import { z } from 'zod';
import type { DeviceRow, PendingRowWithUplink } from './store';

/** Database rows → API shapes of `@netloom/domain` (api/devices.ts). */

export function toDevice(r: DeviceRow): Device {
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
): DeviceDetail {
  return {
    ...toDevice(r),
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
