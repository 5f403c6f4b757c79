/**
 * Where each unit of a site stands (metres on one floor plan), deterministic per seed and site:
 * cabled APs on a ceiling grid (about 14 m apart in offices, 7 m in the dense open-plan floor,
 * 9 m in homes) with a little jitter; the rack (gateway, switches, NVRs, wired cameras) at the
 * origin; Wi-Fi cameras and mesh secondaries a few metres from their parent; the far end of a CPE
 * bridge 80–300 m from its near end, which sits at the building's edge.
 */
import type { PlannedDevice } from '../plan/types';
import type { Rng } from '../rng';
import type { Point } from './propagation';

const GRID_SPACING_M: Record<string, number> = { dense: 7, home: 9 };
const DEFAULT_SPACING_M = 14;

const hasRadios = (d: PlannedDevice) => d.model.radios.length > 0;
const onGrid = (d: PlannedDevice) =>
  hasRadios(d) && d.kind !== 'cpe' && d.kind !== 'ipc' && (d.uplink === null || d.uplink.kind === 'wired');

function polar(from: Point, rng: Rng, min: number, max: number): Point {
  const r = rng.range(min, max);
  const a = rng.range(0, 2 * Math.PI);
  return round({ x: from.x + r * Math.cos(a), y: from.y + r * Math.sin(a) });
}

function round(p: Point): Point {
  return { x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 };
}

/** Sets `pos` on every device of one site (devices in plan order: parents before children). */
export function layoutSite(site: readonly PlannedDevice[], all: readonly PlannedDevice[], rng: Rng): void {
  const kind = site[0]?.siteKind ?? 'office';
  const spacing = GRID_SPACING_M[kind] ?? DEFAULT_SPACING_M;
  const grid = site.filter(onGrid);
  const cols = Math.max(1, Math.ceil(Math.sqrt(grid.length * 1.4)));
  const jitter = spacing * 0.18;
  let k = 0;
  let maxX = 0;
  for (const d of site) {
    if (!onGrid(d)) continue;
    const col = k % cols;
    const row = Math.floor(k / cols);
    k++;
    d.pos = round({
      x: (col + 0.5) * spacing + rng.range(-jitter, jitter),
      y: (row + 0.5) * spacing + rng.range(-jitter, jitter),
    });
    maxX = Math.max(maxX, d.pos.x);
  }
  const rows = Math.max(1, Math.ceil(grid.length / cols));
  for (const d of site) {
    if (onGrid(d)) continue;
    const parent = d.uplink ? all[d.uplink.parent] : undefined;
    const from = parent?.pos ?? { x: 0, y: 0 };
    if (d.kind === 'cpe' && d.uplink?.kind === 'wired')
      d.pos = round({ x: maxX + spacing / 2, y: rng.range(0, rows * spacing) });
    else if (d.kind === 'cpe') d.pos = polar(from, rng, 80, 300);
    else if (d.uplink?.kind === 'mesh') d.pos = polar(from, rng, 7, 14);
    else if (d.uplink?.kind === 'wireless') d.pos = polar(from, rng, 3, 12);
    else d.pos = round({ x: 0, y: 0 });
  }
}
