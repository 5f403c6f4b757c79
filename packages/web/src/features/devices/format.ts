import {
  type Device,
  formatDuration,
  formatRate,
  MANAGEMENT_MODE_LABELS,
  type ManagementMode,
  MESH_NODE_TYPE_LABELS,
  type MeshNodeType,
} from '@netloom/domain';
import { NONE } from '../../components/format';

/** Device fields as the device pages show them; an unknown value is {@link NONE}. */
export function text(v: string | null | undefined): string {
  return v === null || v === undefined || v === '' ? NONE : v;
}
export function rate(v: number | null): string {
  return v === null ? NONE : formatRate(v);
}
/**
 * Offline, rebooting, or connected with its state refused (protocol problems): the device's last
 * figures (uptime, CPU, rates) are not current.
 */
export function isNotReporting(
  d: Pick<Device, 'displayStatus'> & Partial<Pick<Device, 'notReporting'>>,
): boolean {
  return (
    d.displayStatus === 'offline' ||
    d.displayStatus === 'rebooting' ||
    (d.notReporting !== undefined && d.notReporting !== null)
  );
}
export function uptime(d: Pick<Device, 'uptime' | 'displayStatus'>): string {
  if (d.uptime === null || isNotReporting(d)) return NONE;
  return formatDuration(d.uptime);
}
export function managementMode(v: number | null): string {
  if (v === null) return NONE;
  return MANAGEMENT_MODE_LABELS[v as ManagementMode] ?? NONE;
}
export function meshRole(v: number | null): string {
  if (v === null) return NONE;
  return MESH_NODE_TYPE_LABELS[v as MeshNodeType] ?? NONE;
}
/** "Switch-01 · port 3", or the SN when the parent is not a device of this project. */
export function uplinkLabel(d: Pick<Device, 'uplink'>): string {
  const u = d.uplink;
  if (!u) return NONE;
  const who = u.name ?? u.sn;
  return u.port ? `${who} · port ${u.port}` : who;
}
