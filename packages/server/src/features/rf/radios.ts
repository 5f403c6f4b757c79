/**
 * The radios of an RF optimisation run and who hears whom: built from what the devices report live
 * (their radios) and their scans (a neighbour naming a project device by serial number).
 */
import {
  type DeviceRadioSettings,
  factoryWidth,
  MANAGEMENT_MODES,
  RADIO_WIDTHS,
  type RadioBand,
  type RfNoise,
  TX_POWER_MAX,
} from '@netloom/domain';
import type { DeviceFacts } from '../config';
import type { ChannelWidth } from './channels';
import type { Hearing, RadioNode } from './interference';
import { round1 } from './records';
import type { NeighbourRow } from './store';

/** One radio taking part in a run, with where it comes from. */
export interface RunRadio {
  node: RadioNode;
  device: DeviceFacts;
}

/** A Wi-Fi device that can take part: online, cloud-managed, reporting its radios. */
export function takesPart(d: DeviceFacts): boolean {
  return d.online && d.managementMode !== MANAGEMENT_MODES.LOCAL && d.radios.length > 0;
}

/** Noise figures as a record keeps them (one decimal). */
export function noiseFigures(n: {
  sameChannelDbm: number;
  nearChannelDbm: number;
  totalDbm: number;
}): RfNoise {
  return {
    sameChannelDbm: round1(n.sameChannelDbm),
    nearChannelDbm: round1(n.nearChannelDbm),
    totalDbm: round1(n.totalDbm),
  };
}

/** The planner's width for a reported one: a settable width, 320 MHz planned as 160, else the factory width. */
function plannerWidth(reported: number | undefined, band: string): ChannelWidth {
  if (reported !== undefined && (RADIO_WIDTHS as readonly number[]).includes(reported))
    return reported as ChannelWidth;
  return reported === 320 ? 160 : factoryWidth(band);
}

/** The radios of the run: what each device runs now (its live state), enabled ones only. */
export function runRadios(
  devices: readonly DeviceFacts[],
  saved: ReadonlyMap<number, DeviceRadioSettings>,
): RunRadio[] {
  const out: RunRadio[] = [];
  for (const device of devices) {
    const settings = saved.get(device.deviceId);
    for (const r of device.radios) {
      if (settings?.radios.find((s) => s.band === r.band)?.enabled === false) continue;
      const spec = device.model?.radios.find((s) => s.band === r.band);
      out.push({
        device,
        node: {
          id: `${device.deviceId}:${r.band}`,
          band: r.band as RadioBand,
          channel: r.channel,
          width: plannerWidth(r.width, r.band),
          txPower: Math.round(r.txPower),
          maxTxPower: spec?.maxTxPowerDbm ?? TX_POWER_MAX,
        },
      });
    }
  }
  return out;
}

/** Who hears whom: scan results whose `sn` is a device of the run, matched to its radio by band. */
export function hearingsOf(
  radios: readonly RunRadio[],
  scans: ReadonlyMap<number, { networks: { sn?: string | undefined; band: string; rssi: number }[] }>,
): Hearing[] {
  const ids = new Set(radios.map((r) => r.node.id));
  const bySn = new Map(radios.map((r) => [r.device.sn, r.device.deviceId]));
  const out: Hearing[] = [];
  for (const [listener, scan] of scans) {
    for (const n of scan.networks) {
      const transmitter = n.sn ? bySn.get(n.sn) : undefined;
      if (transmitter === undefined || transmitter === listener) continue;
      const t = `${transmitter}:${n.band}`;
      const l = `${listener}:${n.band}`;
      if (ids.has(t) && ids.has(l)) out.push({ transmitter: t, listener: l, rssi: n.rssi });
    }
  }
  return out;
}

/**
 * The scans as stored for the map's calibration: what each listener heard of another device of the
 * run, per band, with the transmitter's channel and power then (the beacon's TPC report, else the
 * power the run has for that radio).
 */
export function neighbourRowsOf(
  radios: readonly RunRadio[],
  scans: ReadonlyMap<
    number,
    {
      networks: {
        sn?: string | undefined;
        band: string;
        channel: number;
        rssi: number;
        txPower?: number | undefined;
      }[];
    }
  >,
  measuredAt: number,
): NeighbourRow[] {
  const bySn = new Map(radios.map((r) => [r.device.sn, r.device.deviceId]));
  const power = new Map(radios.map((r) => [r.node.id, r.node.txPower]));
  const out = new Map<string, NeighbourRow>();
  for (const [listener, scan] of scans) {
    for (const n of scan.networks) {
      const transmitter = n.sn ? bySn.get(n.sn) : undefined;
      if (transmitter === undefined || transmitter === listener) continue;
      const txPower = n.txPower ?? power.get(`${transmitter}:${n.band}`);
      if (txPower === undefined) continue;
      // One entry per transmitter and band: its strongest BSS (the others share its radio).
      const key = `${listener}:${transmitter}:${n.band}`;
      const seen = out.get(key);
      if (seen && seen.rssi >= n.rssi) continue;
      out.set(key, {
        listenerId: listener,
        transmitterId: transmitter,
        band: n.band,
        channel: n.channel,
        txPower,
        rssi: n.rssi,
        measuredAt,
      });
    }
  }
  return [...out.values()];
}
