/**
 * The plan's data: what one planned unit is. Its own module so that the planner (plan.ts) and the
 * steps it calls — the floor layout (wifi/layout.ts) — share the shape without importing each other.
 */
import type { DeviceModel, MeshNodeType, ModelKind } from '@netloom/domain';
import type { Point } from '../wifi/propagation';
import type { UplinkKind } from './site';
import type { SiteKind } from './sites';

export interface PlannedUplink {
  kind: UplinkKind;
  /** Plan index and serial number of the parent device. */
  parent: number;
  parentSn: string;
  /** The parent's port this unit is plugged into (wired). */
  port?: number;
  /** This unit's own port towards the parent (wired). */
  localPort?: number;
  /** Initial signal of a wireless/mesh link, dBm. */
  rssi?: number;
}

export interface PlannedDevice {
  index: number;
  sn: string;
  model: DeviceModel;
  kind: ModelKind;
  site: number;
  siteKind: SiteKind;
  mac: string;
  ip: string;
  firmwareVersion: string;
  meshRole?: MeshNodeType;
  /** null for a site's root (its uplink is the internet). */
  uplink: PlannedUplink | null;
  /** W drawn from the parent's PoE port; 0 when not powered by it. */
  poeWatts: number;
  /** Cameras recorded by an NVR: its plan index and the channel. */
  recorder?: { index: number; channel: number };
  /** Plan indexes of the units directly below this one. */
  children: number[];
  /** Where it stands on its site's floor plan, metres (radio model: scans, client signal, roaming). */
  pos: Point;
}
