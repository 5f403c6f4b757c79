/**
 * What a Wi-Fi policy change does on the air (issue 10 point 3): the SSIDs each AP reports it
 * broadcasts now (`state.radios[].ssids`, docs/protocol.md §5) against what the candidate policies
 * render for it — networks added, removed or changed, on how many APs, and how many clients are on
 * the networks that go away or change (they reconnect). Pure, so the policy page's "Save and
 * apply?" confirmation and its tests read the same numbers.
 */
import { z } from 'zod';
import { SECURITY_MODES } from '../enums/wifi';
import { SETTINGS_TEXT_MAX_LENGTH } from '../limits';
import { renderSsids } from './render';
import type { WirelessSettings } from './settings';

/** One network a radio reports it broadcasts now. */
export const broadcastSsidSchema = z.object({
  ssid: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
  security: z.enum(SECURITY_MODES),
  /** null = untagged. */
  vlanId: z.int().nullable(),
  hidden: z.boolean(),
  /** Clients associated on this network of this radio, when the device reports it. */
  clients: z.int().min(0).optional(),
});
export type BroadcastSsid = z.infer<typeof broadcastSsidSchema>;

/** A radio of a Wi-Fi device as it reported itself last. */
export const radioBroadcastSchema = z.object({
  band: z.string(),
  /** Clients on the radio now. */
  clients: z.int().min(0),
  /** The networks it broadcasts; null = the device does not report them. */
  ssids: z.array(broadcastSsidSchema).nullable(),
});
export type RadioBroadcast = z.infer<typeof radioBroadcastSchema>;

/** A Wi-Fi device as the impact reads it: what its model has, what it broadcasts now. */
export interface ImpactDevice {
  id: number;
  name: string;
  /** Its model's radio bands (what a policy renders for). */
  bands: readonly string[];
  /** Its radios as reported last (empty = never reported). */
  radios: readonly RadioBroadcast[];
}

/** What a network looks like on the air, for a before/after. */
export type SsidLook = Pick<BroadcastSsid, 'security' | 'vlanId' | 'hidden'>;

/** One network name the change touches, over every AP and band. */
export interface SsidChange {
  ssid: string;
  op: 'added' | 'removed' | 'changed';
  /** APs where it is added, removed or changed. */
  devices: number;
  /** Clients on it now where it is removed or changed (0 for an added one). */
  clients: number;
  before?: SsidLook;
  after?: SsidLook;
}

/** A network broadcast now, over every AP and band. */
export interface SsidNow extends SsidLook {
  ssid: string;
  devices: number;
  clients: number;
}

export interface WirelessImpact {
  /** What the APs broadcast now, by name (most clients first). */
  now: SsidNow[];
  changes: SsidChange[];
  /** APs whose networks change. */
  devices: number;
  /** Clients on networks that are removed or change: they reconnect. */
  clients: number;
  /** Wi-Fi devices that have not reported what they broadcast (their part is unknown). */
  unknown: number;
}

function sameLook(a: SsidLook, b: SsidLook): boolean {
  return a.security === b.security && a.vlanId === b.vlanId && a.hidden === b.hidden;
}

interface Tally {
  devices: Set<number>;
  clients: number;
  before?: SsidLook;
  after?: SsidLook;
}

function tally(map: Map<string, Tally>, key: string): Tally {
  let t = map.get(key);
  if (!t) {
    t = { devices: new Set(), clients: 0 };
    map.set(key, t);
  }
  return t;
}

/** Clients of the entries that go away on one radio (per SSID when reported, else the radio's). */
function clientsLost(radio: RadioBroadcast, lost: readonly BroadcastSsid[]): number {
  if (lost.length === 0) return 0;
  const ssids = radio.ssids ?? [];
  const perSsid = ssids.some((s) => s.clients !== undefined);
  return perSsid ? lost.reduce((n, s) => n + (s.clients ?? 0), 0) : radio.clients;
}

/** The change `next` makes to what `devices` broadcast now. */
export function wirelessChangeImpact(
  devices: readonly ImpactDevice[],
  next: WirelessSettings,
): WirelessImpact {
  const now = new Map<string, Tally & { look: SsidLook }>();
  const changes = new Map<string, Tally & { op: SsidChange['op'] }>();
  const affected = new Set<number>();
  let clients = 0;
  let unknown = 0;
  for (const d of devices) {
    if (d.radios.length === 0 || d.radios.every((r) => r.ssids === null)) {
      unknown += 1;
      continue;
    }
    const planned = renderSsids(next, d.id, d.bands);
    for (const radio of d.radios) {
      if (radio.ssids === null) continue;
      const want = planned.filter((s) => s.band === radio.band);
      const lost: BroadcastSsid[] = [];
      for (const s of radio.ssids) {
        const n = tally(now, s.ssid) as Tally & { look: SsidLook };
        n.look ??= { security: s.security, vlanId: s.vlanId, hidden: s.hidden };
        n.devices.add(d.id);
        n.clients += s.clients ?? 0;
        const after = want.find((w) => w.ssid === s.ssid);
        if (after && sameLook(s, after)) continue;
        lost.push(s);
        const c = tally(changes, `${after ? 'changed' : 'removed'}\u0000${s.ssid}`) as Tally & {
          op: SsidChange['op'];
        };
        c.op = after ? 'changed' : 'removed';
        c.devices.add(d.id);
        c.clients += s.clients ?? 0;
        c.before ??= { security: s.security, vlanId: s.vlanId, hidden: s.hidden };
        if (after) c.after ??= { security: after.security, vlanId: after.vlanId, hidden: after.hidden };
      }
      for (const w of want) {
        if (radio.ssids.some((s) => s.ssid === w.ssid)) continue;
        const c = tally(changes, `added\u0000${w.ssid}`) as Tally & { op: SsidChange['op'] };
        c.op = 'added';
        c.devices.add(d.id);
        c.after ??= { security: w.security, vlanId: w.vlanId, hidden: w.hidden };
        affected.add(d.id);
      }
      if (lost.length > 0) affected.add(d.id);
      clients += clientsLost(radio, lost);
    }
  }
  const order: Record<SsidChange['op'], number> = { removed: 0, changed: 1, added: 2 };
  return {
    now: [...now.entries()]
      .map(([ssid, t]) => ({ ssid, ...t.look, devices: t.devices.size, clients: t.clients }))
      .sort((a, b) => b.clients - a.clients || a.ssid.localeCompare(b.ssid)),
    changes: [...changes.entries()]
      .map(([key, t]) => ({
        ssid: key.slice(key.indexOf('\u0000') + 1),
        op: t.op,
        devices: t.devices.size,
        clients: t.clients,
        ...(t.before ? { before: t.before } : {}),
        ...(t.after ? { after: t.after } : {}),
      }))
      .sort((a, b) => order[a.op] - order[b.op] || a.ssid.localeCompare(b.ssid)),
    devices: affected.size,
    clients,
    unknown,
  };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/**
 * The confirmation's one line: "Replaces Staff, Guest and IoT on 13 APs — 182 clients will
 * reconnect", "Adds Lobby on 4 APs", or null when nothing on the air changes.
 */
export function impactHeadline(impact: WirelessImpact): string | null {
  if (impact.devices === 0) return null;
  const removed = impact.changes.filter((c) => c.op === 'removed').map((c) => c.ssid);
  const changed = impact.changes.filter((c) => c.op === 'changed').map((c) => c.ssid);
  const added = impact.changes.filter((c) => c.op === 'added').map((c) => c.ssid);
  const parts: string[] = [];
  if (removed.length > 0) parts.push(`Replaces ${names(removed)}`);
  if (changed.length > 0) parts.push(`${parts.length > 0 ? 'changes' : 'Changes'} ${names(changed)}`);
  if (added.length > 0) parts.push(`${parts.length > 0 ? 'adds' : 'Adds'} ${names(added)}`);
  const aps = plural(impact.devices, 'AP', 'APs');
  const head = `${parts.join(', ')} on ${aps}`;
  if (impact.clients === 0) return head;
  return `${head} — ${plural(impact.clients, 'client', 'clients')} will reconnect`;
}
