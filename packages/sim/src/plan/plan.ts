/**
 * The fleet plan: which devices exist, their serial numbers, models and the tree they form. Pure and
 * deterministic: the same (seed, devices, mix) — or the same explicit serial numbers — give the same
 * plan on every run, so a test or a bench can name devices before they exist.
 */
import { type DeviceModel, latestFirmware } from '@netloom/domain';
import { Rng } from '../rng';
import { layoutSite } from '../wifi/layout';
import { deviceMac, simSerial } from './identity';
import { buildSite, type SiteKind, siteSize } from './sites';
import type { PlannedDevice } from './types';

/** Named mixes of site kinds (weights). `tour` starts with one unit of every catalogue model. */
export const MIXES = {
  default: { office: 5, home: 3, video: 2 },
  office: { office: 1 },
  home: { home: 1 },
  video: { video: 1 },
  tour: { office: 5, home: 3, video: 2 },
  /** One gateway and switches only: every unit takes a configuration (config delivery tests, bench). */
  switches: { switches: 1 },
  /**
   * RF tests: one open-plan floor per site — a gateway, PoE switches and 30 APs packed about 7 m
   * apart, every radio on 2.4 GHz channel 1 and 5 GHz channel 36, so an RF run has plenty to fix.
   */
  dense: { dense: 1 },
} as const satisfies Record<string, Partial<Record<SiteKind, number>>>;
export type MixName = keyof typeof MIXES;

export function isMixName(s: string): s is MixName {
  return Object.hasOwn(MIXES, s);
}

export interface FleetPlan {
  seed: number;
  mix: MixName;
  devices: PlannedDevice[];
  sites: number;
}

export interface PlanOptions {
  seed?: number;
  /** Number of devices (ignored when `sns` is given). */
  devices?: number;
  mix?: MixName;
  /**
   * Explicit serial numbers: the plan has exactly these devices, in this order, as ONE network
   * (a gateway first, then switches, APs, cameras…), since they usually all belong to one project
   * and a project holds one gateway.
   */
  sns?: readonly string[];
  /**
   * All devices form ONE network of this kind instead of a mix of sites: what a fleet claimed into
   * one project must be, since a project holds one routing device (default with `sns`: `office`).
   */
  site?: SiteKind;
}

function ipOf(site: number, local: number): string {
  const block = site * 4 + Math.floor(local / 250);
  return `10.${(block >> 8) & 255}.${block & 255}.${(local % 250) + 2}`;
}

function firmwareOf(m: DeviceModel, rng: Rng): string {
  return rng.chance(0.6) ? latestFirmware(m) : rng.pick(m.firmwareVersions);
}

export function planFleet(options: PlanOptions = {}): FleetPlan {
  const seed = options.seed ?? 1;
  const mix = options.mix ?? 'default';
  const sns = options.sns;
  const total = sns ? sns.length : Math.max(0, Math.floor(options.devices ?? 0));
  const rng = new Rng(`plan:${seed}:${mix}`);
  const devices: PlannedDevice[] = [];
  const oneSite = options.site ?? (sns ? 'office' : undefined);
  let site = 0;
  while (devices.length < total) {
    const left = total - devices.length;
    const kind: SiteKind = oneSite
      ? oneSite
      : mix === 'tour' && site === 0
        ? 'tour'
        : mix === 'switches' || mix === 'dense'
          ? mix
          : rng.weighted<SiteKind>(
              MIXES[mix] as Partial<Record<SiteKind, number>> as Record<SiteKind, number>,
            );
    const target = oneSite ? left : Math.min(left, siteSize(kind, rng));
    const nodes = buildSite(kind, target, rng.fork(`site ${site}`));
    if (nodes.length === 0) throw new Error(`site recipe ${kind} produced nothing`);
    const base = devices.length;
    nodes.forEach((n, local) => {
      const index = base + local;
      const sn = sns ? (sns[index] as string) : simSerial(n.model.kind, seed, index);
      const parent = n.parent === null ? undefined : devices[base + n.parent];
      const d: PlannedDevice = {
        index,
        sn,
        model: n.model,
        kind: n.model.kind,
        site,
        siteKind: kind,
        mac: deviceMac(sn),
        ip: ipOf(site, local),
        firmwareVersion: firmwareOf(n.model, rng),
        uplink: null,
        poeWatts: n.poeWatts,
        children: [],
        pos: { x: 0, y: 0 },
      };
      if (n.meshRole !== undefined) d.meshRole = n.meshRole;
      if (parent) {
        d.uplink = { kind: n.link, parent: parent.index, parentSn: parent.sn };
        if (n.parentPort !== undefined) d.uplink.port = n.parentPort;
        if (n.localPort !== undefined) d.uplink.localPort = n.localPort;
        if (n.rssi !== undefined) d.uplink.rssi = n.rssi;
        parent.children.push(index);
      }
      if (n.recorder !== undefined && n.channel !== undefined)
        d.recorder = { index: base + n.recorder, channel: n.channel };
      devices.push(d);
    });
    layoutSite(devices.slice(base), devices, new Rng(`layout:${seed}:${site}`));
    site++;
  }
  return { seed, mix, devices: devices.slice(0, total), sites: site };
}
