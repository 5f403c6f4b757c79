/**
 * Builds one network ("site") as a tree: wired devices take a free port of their parent (PoE-powered
 * units prefer a PoE port with budget left), wireless and mesh units hang off a radio parent. When
 * every port is taken the builder adds an aggregation switch, so a site can grow to any size.
 */
import { type DeviceModel, findModel, type MeshNodeType } from '@netloom/domain';
import type { Rng } from '../rng';

export type UplinkKind = 'wired' | 'wireless' | 'mesh';

export interface PlanNode {
  model: DeviceModel;
  /** Local index of the parent in the site, null for the root (uplink = internet). */
  parent: number | null;
  link: UplinkKind;
  /** Port of the parent this unit is plugged into (wired). */
  parentPort?: number;
  /** This unit's own port towards the parent (wired). */
  localPort?: number;
  /** Signal of a wireless or mesh uplink, dBm. */
  rssi?: number;
  meshRole?: MeshNodeType;
  /** Power drawn from the parent's PoE port, W (0 when not powered by the parent). */
  poeWatts: number;
  /** Cameras: local index of the NVR recording them, and the channel. */
  recorder?: number;
  channel?: number;
}

/** Kinds that can have managed devices plugged into them. */
const PARENT_KINDS = new Set(['v7', 'router', 'wrouter', 'mesh', 'switch', 'nvr']);

export function model(id: string): DeviceModel {
  const m = findModel(id);
  if (!m) throw new Error(`Model ${id} is not in the catalogue`);
  return m;
}

/** The port a unit uses towards its parent: switches uplink on their last port, others on port 1. */
export function uplinkPort(m: DeviceModel): number {
  if (m.kind === 'switch') return m.ports.length;
  const wan = m.ports.find((p) => p.role === 'wan');
  return wan?.id ?? 1;
}

function poweredByPoe(m: DeviceModel): boolean {
  return m.ports[0]?.poe === 'in';
}

function poeDraw(m: DeviceModel, rng: Rng): number {
  const base = m.kind === 'ipc' ? rng.range(3.5, 7) : m.kind === 'cpe' ? rng.range(4, 6.5) : 5;
  const ap = m.kind === 'ap' ? rng.range(6, 11) + (m.radios.length > 2 ? 6 : 0) : 0;
  return Math.round((m.kind === 'ap' ? ap : base) * 10) / 10;
}

export class SiteBuilder {
  readonly nodes: PlanNode[] = [];
  private readonly free: number[][] = [];
  private readonly poeLeft: number[] = [];

  constructor(
    private readonly rng: Rng,
    readonly target: number,
  ) {}

  get full(): boolean {
    return this.nodes.length >= this.target;
  }

  count(pred: (n: PlanNode) => boolean): number {
    return this.nodes.filter(pred).length;
  }

  indexes(pred: (n: PlanNode) => boolean): number[] {
    const out: number[] = [];
    this.nodes.forEach((n, i) => {
      if (pred(n)) out.push(i);
    });
    return out;
  }

  root(id: string, meshRole?: MeshNodeType): number | undefined {
    return this.add({ model: model(id), parent: null, link: 'wired', poeWatts: 0, meshRole });
  }

  /** A unit on a radio link (`wireless` CPE/camera or `mesh` backhaul) below `parent`. */
  radio(id: string, parent: number, link: 'wireless' | 'mesh', meshRole?: MeshNodeType): number | undefined {
    const rssi = Math.round(this.rng.range(-74, -44));
    return this.add({ model: model(id), parent, link, rssi, poeWatts: 0, meshRole });
  }

  /**
   * A cabled unit under the first of `parents` (local indexes, in preference order) with a suitable
   * free port; grows an aggregation switch when none has one. Undefined when the site is full.
   */
  wired(id: string, parents: readonly number[]): number | undefined {
    if (this.full) return undefined;
    const m = model(id);
    const wantsPoe = poweredByPoe(m);
    const draw = wantsPoe ? poeDraw(m, this.rng) : 0;
    for (const pass of wantsPoe ? ['poe', 'any'] : ['plain', 'any']) {
      for (const p of parents) {
        const parent = this.nodes[p];
        if (!parent || !PARENT_KINDS.has(parent.model.kind)) continue;
        // An NVR's ports are for its cameras only.
        if (parent.model.kind === 'nvr' && m.kind !== 'ipc') continue;
        const port = this.takePort(p, pass, draw);
        if (port === undefined) continue;
        const poe = pass === 'poe' ? draw : 0;
        return this.add({
          model: m,
          parent: p,
          link: 'wired',
          parentPort: port,
          localPort: uplinkPort(m),
          poeWatts: poe,
        });
      }
    }
    if (this.nodes.length + 2 > this.target) return undefined;
    const agg = this.growSwitch();
    return agg === undefined ? undefined : this.wired(id, [agg]);
  }

  private growSwitch(): number | undefined {
    const hosts = this.indexes((n) => n.model.kind === 'switch' || n.parent === null);
    const id = this.rng.pick(['NL-S148P', 'NL-S124P', 'NL-S148']);
    const m = model(id);
    for (const p of hosts.reverse()) {
      const port = this.takePort(p, 'any', 0);
      if (port === undefined) continue;
      return this.add({
        model: m,
        parent: p,
        link: 'wired',
        parentPort: port,
        localPort: uplinkPort(m),
        poeWatts: 0,
      });
    }
    return undefined;
  }

  private takePort(p: number, pass: string, draw: number): number | undefined {
    const free = this.free[p] ?? [];
    const ports = (this.nodes[p] as PlanNode).model.ports;
    const i = free.findIndex((id) => {
      const spec = ports[id - 1];
      if (!spec) return false;
      if (pass === 'poe')
        return spec.poe === 'out' && spec.poeMaxWatts >= draw && (this.poeLeft[p] ?? 0) >= draw;
      if (pass === 'plain') return spec.poe !== 'out';
      return true;
    });
    if (i === -1) return undefined;
    const [port] = free.splice(i, 1);
    if (pass === 'poe') this.poeLeft[p] = (this.poeLeft[p] ?? 0) - draw;
    return port;
  }

  private add(node: PlanNode): number | undefined {
    if (this.full) return undefined;
    if (node.meshRole === undefined) delete node.meshRole;
    const m = node.model;
    const own = node.parent === null || node.link === 'wired' ? uplinkPort(m) : undefined;
    // Downlink ports: LAN-capable ports except the one towards the parent (and the WAN of a root).
    const free = m.ports.filter((p) => p.role !== 'wan' && p.id !== own && p.poe !== 'in').map((p) => p.id);
    this.free.push(free);
    this.poeLeft.push(m.poeBudgetWatts);
    this.nodes.push(node);
    return this.nodes.length - 1;
  }
}
