/**
 * Site recipes: what an office, a home, a video-surveillance site and the catalogue tour look like.
 * Each fills a SiteBuilder up to its target size in a natural order (root first, then the
 * distribution layer, then edge units), so the first few units of any site form a sensible tree.
 */
import { DEVICE_MODELS, MESH_NODE_TYPES } from '@netloom/domain';
import type { Rng } from '../rng';
import { type PlanNode, SiteBuilder } from './site';

export const SITE_KINDS = ['office', 'home', 'video', 'tour', 'switches', 'dense'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

const CEILING_APS = ['NL-A1200C', 'NL-A3000C', 'NL-A3000C', 'NL-A5400T', 'NL-A1800W', 'NL-A1800O'];
const WIRED_CAMERAS = ['NL-IPC2B', 'NL-IPC4D'];

const isSwitch = (n: PlanNode) => n.model.kind === 'switch';
const isPoeSwitch = (n: PlanNode) => isSwitch(n) && n.model.poeBudgetWatts > 0;

function switchesFirst(b: SiteBuilder, poeFirst: boolean): number[] {
  const poe = b.indexes(isPoeSwitch);
  const plain = b.indexes((n) => isSwitch(n) && !isPoeSwitch(n));
  const root = b.indexes((n) => n.parent === null);
  return poeFirst ? [...poe, ...plain, ...root] : [...plain, ...poe, ...root];
}

/** Cameras: on a PoE NVR's own ports first, else a PoE switch; recorded by an NVR with a free channel. */
function addCamera(b: SiteBuilder, rng: Rng, id = rng.pick(WIRED_CAMERAS)): number | undefined {
  const nvrPoe = b.indexes((n) => n.model.kind === 'nvr' && n.model.poeBudgetWatts > 0);
  const i = b.wired(id, [...nvrPoe, ...switchesFirst(b, true)]);
  if (i !== undefined) assignRecorder(b, i);
  return i;
}

function assignRecorder(b: SiteBuilder, cam: number): void {
  const node = b.nodes[cam] as PlanNode;
  const parent = node.parent === null ? undefined : b.nodes[node.parent];
  const nvrs = b.indexes((n) => n.model.kind === 'nvr');
  // A camera on an NVR's port is recorded by that NVR; otherwise by the first NVR with room.
  const ordered = parent?.model.kind === 'nvr' && node.parent !== null ? [node.parent, ...nvrs] : nvrs;
  for (const r of ordered) {
    const used = b.count((n) => n.recorder === r);
    const channels = (b.nodes[r] as PlanNode).model.recorder?.channels ?? 0;
    if (used < channels) {
      node.recorder = r;
      node.channel = used + 1;
      return;
    }
  }
}

function office(b: SiteBuilder, rng: Rng): void {
  const big = b.target > 30;
  const root = b.root(
    rng.chance(0.15) ? 'NL-R200' : big ? rng.pick(['NL-G500', 'NL-G1000']) : rng.pick(['NL-G300', 'NL-G500']),
  );
  if (root === undefined) return;
  b.wired(big ? rng.pick(['NL-S124P', 'NL-S148P']) : rng.pick(['NL-S108P', 'NL-S116P']), [root]);
  let nvrs = 0;
  while (!b.full) {
    const wish = rng.weighted({
      ap: 52,
      camera: 12,
      wiredAp: 8,
      switch: 6,
      nvr: nvrs < 2 ? 4 : 0,
      cpe: 4,
      wifiCam: 3,
    });
    let added: number | undefined;
    if (wish === 'ap') added = b.wired(rng.pick(CEILING_APS), switchesFirst(b, true));
    else if (wish === 'wiredAp') added = b.wired('NL-A750P', switchesFirst(b, true));
    else if (wish === 'camera') added = addCamera(b, rng);
    else if (wish === 'switch')
      added = b.wired(rng.pick(['NL-S108', 'NL-S116', 'NL-S124', 'NL-S108P', 'NL-S116P']), [
        root,
        ...b.indexes(isSwitch),
      ]);
    else if (wish === 'nvr') {
      added = b.wired(rng.pick(['NL-N4', 'NL-N8P', 'NL-N16']), switchesFirst(b, false));
      if (added !== undefined) nvrs++;
    } else if (wish === 'cpe') {
      // A point-to-point bridge: the near end is cabled, the far end links to it over the air.
      const near = b.wired('NL-C5', switchesFirst(b, true));
      // The far end is the near end's model (a bridge links on one band); the draw keeps plans stable.
      if (near !== undefined && !b.full) {
        rng.next();
        added = b.radio('NL-C5', near, 'wireless');
      } else added = near;
    } else {
      const aps = b.indexes((n) => n.model.kind === 'ap' && n.model.radios.some((r) => r.band === '2.4G'));
      added = aps.length > 0 ? b.radio('NL-IPC3W', rng.pick(aps), 'wireless') : undefined;
    }
    if (added === undefined && wish === 'ap') {
      // No port left and no room to grow a switch: a Wi-Fi camera needs no port; else the site is done.
      const aps = b.indexes((n) => n.model.kind === 'ap' && n.model.radios.some((r) => r.band === '2.4G'));
      if (aps.length === 0 || b.radio('NL-IPC3W', rng.pick(aps), 'wireless') === undefined) break;
    }
  }
}

function home(b: SiteBuilder, rng: Rng): void {
  if (rng.chance(0.4)) {
    const root = b.root(rng.pick(['NL-W1200', 'NL-W3000']));
    if (root === undefined) return;
    while (!b.full) {
      if (rng.chance(0.5)) b.radio('NL-IPC3W', root, 'wireless');
      else if (b.wired(rng.pick(['NL-A1200C', 'NL-A1800W']), [root]) === undefined) break;
    }
    return;
  }
  const primary = b.root(rng.pick(['NL-M1800', 'NL-M3000T']), MESH_NODE_TYPES.PRIMARY);
  if (primary === undefined) return;
  let last = primary;
  while (!b.full) {
    // Mostly a star around the primary, sometimes a daisy chain through the previous node.
    const parent = rng.chance(0.3) ? last : primary;
    const id = rng.weighted({ 'NL-M1200S': 5, 'NL-M1800': 2, 'NL-M3000T': 1 });
    const added = b.radio(id, parent, 'mesh', MESH_NODE_TYPES.SECONDARY);
    if (added === undefined) break;
    last = added;
  }
}

function video(b: SiteBuilder, rng: Rng): void {
  const root = b.root(rng.pick(['NL-R200', 'NL-G300']));
  if (root === undefined) return;
  b.wired(rng.pick(['NL-S116P', 'NL-S124P']), [root]);
  b.wired(rng.pick(['NL-N8P', 'NL-N16', 'NL-N4']), switchesFirst(b, false));
  // A larger site has a PoE switch for every 20 units, cabled before the cameras take every port.
  for (let units = 20; units < b.target; units += 20) b.wired('NL-S124P', [root, ...b.indexes(isSwitch)]);
  while (!b.full) {
    if (rng.chance(0.08)) b.wired(rng.pick(CEILING_APS), switchesFirst(b, true));
    else if (addCamera(b, rng) === undefined) break;
  }
}

/** Every model of the catalogue once (plus what it needs), for tests and demos. */
function tour(b: SiteBuilder, rng: Rng): void {
  const root = b.root('NL-G300');
  if (root === undefined) return;
  const core = b.wired('NL-S148P', [root]);
  const taken = new Set(['NL-G300', 'NL-S148P']);
  const mesh = DEVICE_MODELS.filter((m) => m.kind === 'mesh');
  for (const m of DEVICE_MODELS) {
    if (b.full) return;
    if (taken.has(m.model) || m.kind === 'mesh') continue;
    if (m.kind === 'ipc' && m.model === 'NL-IPC3W') {
      const ap = b.indexes((n) => n.model.kind === 'ap')[0];
      if (ap !== undefined) b.radio(m.model, ap, 'wireless');
    } else if (m.kind === 'ipc') addCamera(b, rng, m.model);
    else if (m.model === 'NL-C2') {
      const near = b.indexes((n) => n.model.model === 'NL-C5')[0];
      if (near !== undefined) b.radio(m.model, near, 'wireless');
    } else if (['v7', 'router', 'wrouter'].includes(m.kind))
      b.wired(m.model, core === undefined ? [root] : [core]);
    else b.wired(m.model, switchesFirst(b, true));
  }
  // The mesh family: a primary and its secondaries, attached over the air to each other.
  const primary = mesh.find((m) => m.meshRoles.length > 1);
  if (!primary || b.full) return;
  const p = b.wired(primary.model, [root]);
  if (p === undefined) return;
  (b.nodes[p] as PlanNode).meshRole = MESH_NODE_TYPES.PRIMARY;
  for (const m of mesh) if (m !== primary) b.radio(m.model, p, 'mesh', MESH_NODE_TYPES.SECONDARY);
}

/**
 * A switch rack: one gateway and only switches below it (a tree, each on a free port of the gateway
 * or of an earlier switch). Every unit takes a configuration document, so configuration delivery
 * tests and benches use it.
 */
function switches(b: SiteBuilder, rng: Rng): void {
  const root = b.root('NL-G1000');
  if (root === undefined) return;
  while (!b.full) {
    const id = rng.pick(['NL-S108', 'NL-S116', 'NL-S124', 'NL-S148', 'NL-S108P', 'NL-S116P', 'NL-S124P']);
    if (b.wired(id, [root, ...b.indexes(isSwitch)]) === undefined) break;
  }
}

/**
 * One open-plan floor packed with APs (RF tests): a gateway, PoE switches, then ceiling APs only.
 * Their radios all start on 2.4 GHz channel 1 and 5 GHz channel 36 (see the device's hardware).
 */
function dense(b: SiteBuilder, rng: Rng): void {
  const root = b.root('NL-G500');
  if (root === undefined) return;
  b.wired('NL-S124P', [root]);
  b.wired('NL-S124P', [root]);
  while (!b.full) {
    const id = rng.weighted({ 'NL-A3000C': 3, 'NL-A1200C': 1 });
    if (b.wired(id, switchesFirst(b, true)) === undefined) break;
  }
}

export const SITE_RECIPES: Record<SiteKind, (b: SiteBuilder, rng: Rng) => void> = {
  office,
  home,
  video,
  tour,
  switches,
  dense,
};

/** A site's target size for a recipe. */
export function siteSize(kind: SiteKind, rng: Rng): number {
  if (kind === 'home') return rng.int(1, 5);
  if (kind === 'video') return rng.int(5, 24);
  if (kind === 'tour') return DEVICE_MODELS.length + 4;
  // One rack holds every device asked for.
  if (kind === 'switches') return Number.MAX_SAFE_INTEGER;
  if (kind === 'dense') return 33;
  return rng.chance(0.2) ? rng.int(30, 90) : rng.int(4, 28);
}

export function buildSite(kind: SiteKind, target: number, rng: Rng): PlanNode[] {
  const b = new SiteBuilder(rng, target);
  SITE_RECIPES[kind](b, rng);
  return b.nodes;
}
