/**
 * Wi-Fi as an AP's firmware runs it: the `wireless` document's SSIDs each radio broadcasts (minus
 * ones its shutdown schedule switches off at the device's local time, on the days of the schedule's
 * date range), the `radio` settings in force, the document's checks a real unit makes (more than 8
 * SSIDs on a band: 2007; a band or a channel the radio lacks, a security code that disagrees with
 * the mode's name: 400), and the neighbour scan (`scan` command) computed with the site's
 * radio model — every other radio of the site it hears at −90 dBm or better.
 */
import {
  bridgeSettingsIssues,
  type DeviceConfigDocument,
  type DeviceSsid,
  ERR,
  isSecurityAllowedOnBand,
  localTimeIn,
  MAX_SSIDS_PER_RADIO,
  MESH_NODE_TYPES,
  type ModelKind,
  NAME_MAX_BYTES,
  type RadioBand,
  radioSettingsIssues,
  SECURITY_MODE_TO_CODE,
  scheduleDateApplies,
  WIFI_POLICY_KINDS,
} from '@netloom/domain';
import { MAX_RADIO_SSIDS, RADIO_MAX_CLIENTS, type RadioSsid, type ScanNetwork } from '@netloom/protocol';
import type { WifiOffer } from '../population';
import { floorReceivedDbm } from '../wifi/floor';
import { CPE_ANTENNA_DBI, HEARING_FLOOR_DBM, receivedDbm } from '../wifi/propagation';
import { bridgeSsid, bssidOf, mgmtSsid } from './radioNames';
import type { Unit } from './unit';

interface Problem {
  code: number;
  message: string;
}

const servesPolicies = (kind: ModelKind) => WIFI_POLICY_KINDS.includes(kind);

/** What of the Wi-Fi sections this unit cannot run, or null. */
export function wifiProblem(d: Unit, doc: DeviceConfigDocument): Problem | null {
  const bands = d.model.radios.map((r) => r.band);
  if (doc.wireless && servesPolicies(d.model.kind)) {
    const perBand = new Map<string, number>();
    for (const s of doc.wireless.ssids) {
      if (SECURITY_MODE_TO_CODE[s.security] !== s.securityCode)
        return {
          code: ERR.INVALID_PARAMETERS,
          message: `SSID ${s.ssid}: security code ${s.securityCode} does not match ${s.security} (code ${SECURITY_MODE_TO_CODE[s.security]}).`,
        };
      if (!bands.includes(s.band))
        return {
          code: ERR.INVALID_PARAMETERS,
          message: `SSID ${s.ssid}: the ${d.model.model} has no ${s.band} radio.`,
        };
      // Wi-Fi 6E: the radio will not beacon anything weaker than SAE on 6 GHz.
      if (!isSecurityAllowedOnBand(s.security, s.band))
        return {
          code: ERR.SIX_GHZ_NEEDS_WPA3,
          message: `SSID ${s.ssid}: ${s.security} cannot be broadcast on 6 GHz; it needs WPA3-SAE.`,
        };
      perBand.set(s.band, (perBand.get(s.band) ?? 0) + 1);
    }
    for (const [band, n] of perBand)
      if (n > MAX_SSIDS_PER_RADIO)
        return {
          code: ERR.DEVICE_NETWORK_LIMIT,
          message: `${n} SSIDs on the ${band} radio; it broadcasts at most ${MAX_SSIDS_PER_RADIO}.`,
        };
  }
  if (doc.bridge && d.model.kind === 'cpe') {
    const issue = bridgeSettingsIssues(doc.bridge, { model: d.model })[0];
    if (issue) return { code: issue.code, message: issue.message };
  }
  if (doc.radio && bands.length > 0) {
    const issue = radioSettingsIssues(doc.radio, { model: d.model })[0];
    if (issue) return { code: issue.code, message: issue.message };
  }
  return null;
}

/**
 * The device's clock: the IANA zone of its document's `time` section (protocol §7.1, daylight saving
 * included), or — before any document brought one — a fixed UTC offset in hours (the fleet's).
 */
export type DeviceClock = string | number;

/** Day of week (0 = Monday), minute of the day and calendar date at the device's local time. */
export function localTime(simNow: number, clock: DeviceClock): { day: number; minute: number; date: string } {
  if (typeof clock === 'string') {
    const t = localTimeIn(simNow, clock);
    return { day: t.weekday, minute: t.minuteOfDay, date: t.date };
  }
  const t = new Date(simNow + clock * 3_600_000);
  return {
    day: (t.getUTCDay() + 6) % 7,
    minute: t.getUTCHours() * 60 + t.getUTCMinutes(),
    date: t.toISOString().slice(0, 10),
  };
}

/** Whether an SSID's shutdown schedule has it off at `simNow` (a period, on a day of its date range). */
export function scheduledOff(s: DeviceSsid, simNow: number, clock: DeviceClock): boolean {
  if (s.schedule.length === 0) return false;
  const { day, minute, date } = localTime(simNow, clock);
  if (!scheduleDateApplies(s.scheduleDates, date)) return false;
  return s.schedule.some((p) => p.days.includes(day) && minute >= p.start && minute < p.end);
}

/** The unit whose `wireless` settings this one broadcasts: a secondary mesh node its primary's. */
function wirelessSource(d: Unit): Unit {
  let cur = d;
  for (let hops = 0; hops < 16; hops++) {
    if (cur.plan.meshRole !== MESH_NODE_TYPES.SECONDARY || !cur.plan.uplink) return cur;
    const up = d.fleet.device(cur.plan.uplink.parent);
    if (!up) return cur;
    cur = up;
  }
  return cur;
}

/**
 * The networks the `band` radio broadcasts now: none when the radio is off; null while the unit is
 * on factory settings (the site's factory SSIDs); else the document's SSIDs of that band that their
 * schedule does not shut down now.
 */
export function broadcastOffers(d: Unit, band: RadioBand, simNow: number): WifiOffer[] | null {
  if (!servesPolicies(d.model.kind)) return [];
  if (!d.hardware.radio(band) && d.hardware.radios.length > 0) return [];
  const source = wirelessSource(d).appliedDocument;
  const doc = source?.wireless;
  if (!doc) return null;
  // Firmware keeps its clock from the document's `time` section (the project's zone, §7.1).
  const clock: DeviceClock = source?.time?.zone ?? d.fleet.options.utcOffsetHours;
  return doc.ssids
    .filter((s) => s.band === band && !scheduledOff(s, simNow, clock))
    .map((s) => ({
      key: s.key,
      ssid: s.ssid,
      band,
      auth: s.security,
      vlan: s.vlanId,
      guest: s.guest,
      hidden: s.hidden,
      maxClients: s.maxClients,
    }));
}

/**
 * What the `band` radio reports it broadcasts (`state.radios[].ssids`): the site's factory networks
 * until a `wireless` section is applied (on 6 GHz only those Wi-Fi 6E allows), then the section's
 * SSIDs of that band on now; each with the clients associated on it.
 */
export function radioSsids(d: Unit, band: RadioBand, simNow: number): RadioSsid[] {
  const offers = broadcastOffers(d, band, simNow);
  const nets =
    offers ??
    (d.fleet.population(d.plan.site)?.factorySsids ?? [])
      .filter((f) => isSecurityAllowedOnBand(f.auth, band))
      .map((f) => ({ ssid: f.ssid, auth: f.auth, vlan: f.vlan ?? null, hidden: false }));
  const onIt = new Map<string, number>();
  for (const c of d.clients())
    if (c.band === band && c.ssid) onIt.set(c.ssid.ssid, (onIt.get(c.ssid.ssid) ?? 0) + 1);
  return nets.slice(0, MAX_RADIO_SSIDS).map((n) => ({
    ssid: n.ssid.slice(0, NAME_MAX_BYTES),
    security: n.auth,
    ...(n.vlan !== null ? { vlan: n.vlan } : {}),
    hidden: n.hidden,
    clients: Math.min(RADIO_MAX_CLIENTS, onIt.get(n.ssid) ?? 0),
  }));
}

interface Beacon {
  band: RadioBand;
  bssid: string;
  ssid: string;
  security: string;
  channel: number;
  txPower: number;
}

/** What a powered unit's radios beacon: its first network per radio (APs), or a CPE's networks. */
export function beacons(d: Unit, simNow: number): Beacon[] {
  const out: Beacon[] = [];
  const radios = d.hardware.radios;
  radios.forEach((r, i) => {
    const base = { band: r.band, channel: r.channel, txPower: r.txPower };
    if (d.model.kind === 'cpe') {
      out.push({ ...base, bssid: bssidOf(d.plan.mac, i, 0), ssid: mgmtSsid(d), security: 'WPA2-PSK' });
      if (d.cpeMode === 'ap')
        out.push({ ...base, bssid: bssidOf(d.plan.mac, i, 1), ssid: bridgeSsid(d), security: 'WPA2-PSK' });
      return;
    }
    if (!servesPolicies(d.model.kind)) return;
    const offers = broadcastOffers(d, r.band, simNow);
    const factory = d.fleet.population(d.plan.site)?.factorySsids[0];
    const first =
      offers === null ? factory && { ssid: factory.ssid, auth: factory.auth, hidden: false } : offers[0];
    out.push({
      ...base,
      bssid: bssidOf(d.plan.mac, i),
      ssid: first && !first.hidden ? first.ssid.slice(0, NAME_MAX_BYTES) : '',
      security: first?.auth ?? 'none',
    });
  });
  return out;
}

/** Antenna gain of a link: CPE bridges aim their directional antennas at each other. */
function linkGain(a: Unit, b: Unit): number {
  return a.model.kind === 'cpe' && b.model.kind === 'cpe' ? 2 * CPE_ANTENNA_DBI : 0;
}

/**
 * Signal `to` receives from `from`'s beacon on `band`, dBm: the fleet's floor plan when it places
 * both (on `channel`), else the site model.
 */
export function heard(from: Unit, to: Unit, txPower: number, band: RadioBand, channel?: number): number {
  const floor = from.fleet.options.floorPlan;
  const radio = channel ?? from.hardware.radio(band)?.channel;
  if (floor && radio !== undefined) {
    const rssi = floorReceivedDbm(floor, from.sn, to.sn, band, radio, txPower);
    if (rssi !== undefined) return rssi;
  }
  const outdoor = from.model.kind === 'cpe' && to.model.kind === 'cpe';
  return receivedDbm(
    txPower,
    { id: from.sn, pos: from.plan.pos },
    { id: to.sn, pos: to.plan.pos },
    band,
    outdoor ? 'outdoor' : from.plan.siteKind,
    linkGain(from, to),
  );
}

/** The neighbour scan: every other radio of the site this unit hears, strongest first. */
export function scanNetworks(d: Unit, band?: RadioBand): ScanNetwork[] {
  const now = d.fleet.clock.now();
  const own = new Set(d.model.radios.map((r) => r.band));
  const out: ScanNetwork[] = [];
  for (const other of d.fleet.siteDevices(d.plan.site)) {
    if (other === d || !other.powered) continue;
    for (const b of beacons(other, now)) {
      if ((band && b.band !== band) || !own.has(b.band)) continue;
      const rssi = heard(other, d, b.txPower, b.band, b.channel);
      if (rssi < HEARING_FLOOR_DBM) continue;
      out.push({
        bssid: b.bssid,
        ssid: b.ssid,
        band: b.band,
        channel: b.channel,
        rssi: Math.max(-120, Math.min(0, rssi)),
        sn: other.sn,
        security: b.security,
        txPower: b.txPower,
      });
    }
  }
  return out.sort((a, b) => b.rssi - a.rssi || a.bssid.localeCompare(b.bssid)).slice(0, 256);
}
