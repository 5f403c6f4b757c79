/**
 * The bodies a virtual device publishes, built from its plan, hardware and client table. Plain
 * objects shaped by the protocol's `Body<M>` types; the fleet serialises them (and validates them
 * with the protocol's schemas when asked).
 */
import { WIFI_POLICY_KINDS } from '@netloom/domain';
import {
  type Body,
  type ClientEntry,
  MAX_CLIENT_ROWS,
  MAX_WIRELESS_PEERS,
  type PortCounters,
  type PortState,
  RADIO_MAX_CLIENTS,
} from '@netloom/protocol';
import type { SimClient } from '../population';
import { bridgeLink, cpeState } from './cpe';
import { portSettings } from './links';
import type { Unit } from './unit';
import { wanAddress } from './wan';
import { radioSsids } from './wireless';

export function helloBody(d: Unit): Body<'hello'> {
  const m = d.model;
  return {
    model: m.model,
    type: m.kind,
    firmwareVersion: d.firmwareVersion,
    hardwareVersion: m.hardwareVersion,
    mac: d.plan.mac,
    capabilities: [...m.capabilities],
    configVersion: d.configVersion,
    bootId: d.bootId,
  };
}

/** What is on each port: a child device, a wired client, or the uplink. */
interface PortPeer {
  speed: number;
  watts: number;
  poe: boolean;
  /** The managed unit on the port (LLDP), the uplink proof of docs/protocol.md §6.2. */
  neighbour?: string;
}
function portPeers(d: Unit): Map<number, PortPeer> {
  const peers = new Map<number, PortPeer>();
  const up = d.plan.uplink;
  if (up === null || up.kind === 'wired') {
    const own = d.uplinkPortId;
    const parent = up === null ? undefined : d.fleet.device(up.parent)?.model.ports[(up.port ?? 1) - 1];
    peers.set(own, {
      speed: parent?.maxSpeedMbps ?? 1000,
      watts: 0,
      poe: false,
      ...(up?.parentSn !== undefined ? { neighbour: up.parentSn } : {}),
    });
  }
  for (const c of d.plan.children) {
    const child = d.fleet.device(c);
    const port = child?.plan.uplink?.port;
    if (!child || port === undefined || !child.powered) continue;
    const childPort = child.model.ports[(child.plan.uplink?.localPort ?? 1) - 1];
    peers.set(port, {
      speed: childPort?.maxSpeedMbps ?? 1000,
      watts: child.plan.poeWatts,
      poe: child.plan.poeWatts > 0,
      neighbour: child.sn,
    });
  }
  for (const c of d.clients()) {
    if (c.port !== undefined && !peers.has(c.port))
      peers.set(c.port, {
        speed: c.type === 'printer' || c.type === 'iot' ? 100 : 1000,
        watts: 0,
        poe: false,
      });
  }
  return peers;
}

/**
 * Every port as the applied settings leave it: a disabled port has no link; a fixed speed or duplex
 * is what the link runs at; PoE output follows the port's `poe` setting, and only a powered unit
 * on it draws watts.
 */
function portStates(d: Unit): PortState[] {
  const peers = portPeers(d);
  return d.model.ports.map((p) => {
    const set = portSettings(d, p.id);
    const peer = set?.enabled === false ? undefined : peers.get(p.id);
    const fixed = set && set.speed !== 'auto' ? set.speed : undefined;
    const s: PortState = {
      id: p.id,
      link: peer ? 'up' : 'down',
      speed: peer ? Math.min(p.maxSpeedMbps, fixed ?? peer.speed) : 0,
      duplex: set?.duplex === 'half' ? 'half' : 'full',
    };
    if (p.poe === 'out') {
      const draws = peers.get(p.id)?.poe ? (peers.get(p.id)?.watts ?? 0) : 0;
      const on = set ? set.poe : draws > 0;
      s.poe = { on, watts: on && draws > 0 ? Math.round(draws * d.jitter(0.08) * 10) / 10 : 0 };
    }
    if (peer?.neighbour !== undefined) s.neighbour = { sn: peer.neighbour };
    return s;
  });
}

/** Port ids with a link up now (EEE may not be switched on there). */
export function linkedPorts(d: Unit): number[] {
  const peers = portPeers(d);
  return d.model.ports
    .filter((p) => peers.has(p.id) && portSettings(d, p.id)?.enabled !== false)
    .map((p) => p.id);
}

/** The main stream a camera of so many megapixels records (width×height). */
const RESOLUTIONS: Readonly<Record<number, string>> = {
  2: '1920x1080',
  3: '2304x1296',
  4: '2560x1440',
  5: '2592x1944',
  8: '3840x2160',
};

/** The full state; its status 1 online, 3 while upgrading, or 8 as the unit goes down to restart. */
export function stateBody(d: Unit, status: 1 | 3 | 8 = d.upgrading ? 3 : 1): Body<'state'> {
  const m = d.model;
  const ports = portStates(d);
  const perBand = new Map<string, number>();
  for (const c of d.clients()) if (c.band) perBand.set(c.band, (perBand.get(c.band) ?? 0) + 1);
  const up = d.plan.uplink;
  const body: Body<'state'> = {
    status,
    cpu: d.hardware.cpu,
    memory: d.hardware.memory,
    uptime: Math.max(0, Math.floor((d.fleet.clock.now() - d.bootSim) / 1000)),
    ip: d.ip,
    configVersion: d.configVersion,
    uplink:
      up === null
        ? null
        : {
            kind: up.kind,
            sn: up.parentSn,
            ...(up.port !== undefined ? { port: up.port } : {}),
            ...(up.kind === 'wired' ? { localPort: d.uplinkPortId } : {}),
            ...(up.kind !== 'wired' ? { rssi: bridgeLink(d)?.rssi ?? d.uplinkRssi } : {}),
          },
    ports,
    radios: d.hardware.radios.map((r) => ({
      ...r,
      clients: Math.min(RADIO_MAX_CLIENTS, perBand.get(r.band) ?? 0),
      // APs, wireless routers and mesh units say what each radio broadcasts (docs/protocol.md §6.2).
      ...(WIFI_POLICY_KINDS.includes(m.kind) ? { ssids: radioSsids(d, r.band, d.fleet.clock.now()) } : {}),
    })),
  };
  // Units linked over the air below this one (mesh nodes, CPE clients): the uplink proof (§6.2).
  const peers: string[] = [];
  for (const i of d.plan.children) {
    const c = d.fleet.device(i);
    if (c?.powered && c.plan.uplink !== null && c.plan.uplink.kind !== 'wired') peers.push(c.sn);
  }
  if (peers.length > 0) body.peers = peers.slice(0, MAX_WIRELESS_PEERS);
  if (d.plan.meshRole !== undefined) body.meshRole = d.plan.meshRole;
  body.managementMode = d.managementMode;
  if (d.model.kind === 'cpe') body.cpe = cpeState(d);
  const wan = wanAddress(d.lease, d.network);
  if (d.lease) {
    // The cabled WAN port: up with its current address (the ISP's lease, or the static one set).
    body.wan = [
      { port: d.lease.port, up: true, ...(wan ? { ip: wan.ip, mask: wan.mask, gateway: wan.gateway } : {}) },
    ];
  }
  if (m.recorder) {
    body.disks = d.hardware.disks.map((k) => ({ ...k }));
    // Cameras record while the recorder has a disk to write to (one being formatted takes none).
    const writable = d.hardware.disks.some((k) => k.status === 'ok');
    body.channels = d.fleet.camerasOf(d.plan.index).map((i) => {
      const cam = d.fleet.device(i);
      const resolution = cam?.model.camera ? RESOLUTIONS[cam.model.camera.megapixels] : undefined;
      return {
        channel: cam?.plan.recorder?.channel ?? 1,
        online: !!cam?.online,
        recording: !!cam?.online && writable,
        ...(cam ? { sn: cam.sn, ip: cam.plan.ip, model: cam.model.model } : {}),
        ...(resolution ? { resolution } : {}),
      };
    });
  }
  return body;
}

export function telemetryBody(d: Unit): Body<'telemetry'> {
  const body: Body<'telemetry'> = {
    txBytes: Math.round(d.txBytes),
    rxBytes: Math.round(d.rxBytes),
    txRate: Math.round(d.txRate),
    rxRate: Math.round(d.rxRate),
    clients: d.clients().size,
  };
  if (d.portBytes) {
    const ports: PortCounters[] = [];
    for (let i = 0; i < d.model.ports.length; i++) {
      ports.push({
        id: i + 1,
        txBytes: Math.round(d.portBytes[2 * i] ?? 0),
        rxBytes: Math.round(d.portBytes[2 * i + 1] ?? 0),
        txRate: Math.round(d.portRates?.[2 * i] ?? 0),
        rxRate: Math.round(d.portRates?.[2 * i + 1] ?? 0),
      });
    }
    body.ports = ports;
  }
  return body;
}

function clientEntry(c: SimClient, now: number): ClientEntry {
  const e: ClientEntry = {
    mac: c.mac,
    ip: c.ip,
    name: c.name,
    connection: c.wireless ? 'wireless' : 'wired',
    type: c.type,
    txBytes: c.txBytes,
    rxBytes: c.rxBytes,
    txRate: c.txRate,
    rxRate: c.rxRate,
    uptime: Math.max(0, Math.floor((now - c.since) / 1000)),
  };
  if (c.wireless) {
    if (c.ssid) {
      e.ssid = c.ssid.ssid;
      e.auth = c.ssid.auth;
      if (c.ssid.vlan !== undefined) e.vlan = c.ssid.vlan;
    }
    if (c.band) e.band = c.band;
    if (c.rssi !== undefined) e.rssi = c.rssi;
  } else if (c.port !== undefined) e.port = c.port;
  return e;
}

export function clientsBody(d: Unit): Body<'clients'> {
  const now = d.fleet.clock.now();
  const rows: ClientEntry[] = [];
  for (const c of d.clients()) {
    if (rows.length >= MAX_CLIENT_ROWS) break;
    rows.push(clientEntry(c, now));
  }
  return { clients: rows };
}
