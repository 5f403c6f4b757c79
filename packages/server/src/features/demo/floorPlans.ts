/**
 * The live demo's prepared floor plans (issue 12 §1 "Demo projects show a prepared map"): the hotel's
 * ground floor and the family's apartment, each drawn here — rooms, doors and every wall in its
 * material's colour — as a PNG made at start (no image file to ship or to lose), with its scale
 * line, the same walls for the heat map and the demo's Wi-Fi devices placed in the rooms. A visitor
 * opens the Wi-Fi map and sees coverage at once; the demo guard refuses every change (405).
 */
import { isPlaceableKind, type MapWallInputBody, type WallMaterial } from '@netloom/domain';
import { Raster, type Rgb } from '../../lib/png';
import type { PreparedMap } from '../maps';
import type { DemoUnit } from './plan';

type Pt = { x: number; y: number };

interface Room {
  /** Top-left and bottom-right corners, metres. */
  from: Pt;
  to: Pt;
  fill: Rgb;
}

interface FloorDrawing {
  name: string;
  widthM: number;
  heightM: number;
  metresPerPixel: number;
  rooms: Room[];
  /** Furniture drawn on the image only (not walls): beds, tables, counters. */
  furniture: { from: Pt; to: Pt }[];
  walls: MapWallInputBody[];
  /** Where the project's placeable devices stand, in the order of the demo's plan. */
  spots: Pt[];
}

const OUTSIDE: Rgb = [240, 242, 245];
const FURNITURE: Rgb = [221, 225, 230];
const f = (x0: number, y0: number, x1: number, y1: number) => ({ from: p(x0, y0), to: p(x1, y1) });
const WALL_STYLE: Record<WallMaterial, { colour: Rgb; widthM: number }> = {
  bearing_wall: { colour: [43, 47, 54], widthM: 0.45 },
  concrete: { colour: [74, 79, 87], widthM: 0.35 },
  brick: { colour: [140, 75, 58], widthM: 0.3 },
  papered_wall: { colour: [107, 91, 75], widthM: 0.25 },
  wood: { colour: [160, 120, 60], widthM: 0.2 },
  plasterboard: { colour: [138, 144, 153], widthM: 0.15 },
  glass: { colour: [95, 168, 211], widthM: 0.15 },
  coated_glass: { colour: [63, 127, 168], widthM: 0.18 },
};

const p = (x: number, y: number): Pt => ({ x, y });
const line = (material: WallMaterial, a: Pt, b: Pt): MapWallInputBody => ({
  shape: 'line',
  material,
  points: [a, b],
});
const rect = (material: WallMaterial, a: Pt, b: Pt): MapWallInputBody => ({
  shape: 'rectangle',
  material,
  points: [a, p(b.x, a.y), b, p(a.x, b.y)],
});
/** A straight wall along y = `y` from x0 to x1 with door gaps of `door` metres centred on `doors`. */
function wallWithDoors(
  material: WallMaterial,
  y: number,
  x0: number,
  x1: number,
  doors: number[],
  door = 1.6,
) {
  const out: MapWallInputBody[] = [];
  let from = x0;
  for (const d of doors) {
    out.push(line(material, p(from, y), p(d - door / 2, y)));
    from = d + door / 2;
  }
  out.push(line(material, p(from, y), p(x1, y)));
  return out;
}

/** The hotel's ground floor, 58 m × 30 m: lobby, restaurant, conference room, corridor, four suites. */
const HOTEL: FloorDrawing = {
  name: 'Ground floor',
  widthM: 58,
  heightM: 30,
  metresPerPixel: 0.05,
  rooms: [
    { from: p(1, 1), to: p(22, 13), fill: [251, 247, 239] },
    { from: p(22, 1), to: p(42, 13), fill: [253, 244, 236] },
    { from: p(42, 1), to: p(57, 13), fill: [243, 247, 251] },
    { from: p(1, 13), to: p(57, 16), fill: [236, 239, 243] },
    { from: p(1, 16), to: p(57, 29), fill: [247, 249, 244] },
    { from: p(34, 1), to: p(42, 5), fill: [238, 238, 238] },
  ],
  furniture: [
    // Reception desk, lounge sofas.
    f(2.5, 10, 9, 11.2),
    f(12, 3, 13.2, 7),
    // Restaurant tables.
    ...[24, 27, 30].flatMap((x) => [f(x, 3, x + 1.2, 4.2), f(x, 7, x + 1.2, 8.2), f(x, 10.5, x + 1.2, 11.7)]),
    f(34, 7.5, 35.2, 8.7),
    f(38.5, 7.5, 39.7, 8.7),
    f(38.5, 10.5, 39.7, 11.7),
    // Conference table.
    f(45, 5, 54, 8.5),
    // A bed and a desk in each suite.
    ...[2, 16, 30, 44].flatMap((x) => [f(x + 1, 17.5, x + 4, 20), f(x + 8, 17.5, x + 11, 18.3)]),
  ],
  walls: [
    rect('bearing_wall', p(1, 1), p(57, 29)),
    ...wallWithDoors('brick', 13, 1, 57, [11, 30, 46]),
    ...wallWithDoors('brick', 16, 1, 57, [6, 20, 32, 47]),
    line('brick', p(22, 1), p(22, 13)),
    line('papered_wall', p(42, 1), p(42, 13)),
    line('brick', p(14, 16), p(14, 29)),
    line('concrete', p(28, 16), p(28, 29)),
    line('wood', p(42, 16), p(42, 29)),
    rect('glass', p(4, 3), p(10, 8)),
    {
      shape: 'polygon',
      material: 'concrete',
      points: [p(15, 3), p(20, 3), p(20, 9), p(17.5, 11), p(15, 9)],
    },
    { shape: 'polyline', material: 'brick', points: [p(34, 1), p(34, 5), p(41.5, 5)] },
    rect('plasterboard', p(10, 24), p(13, 28)),
    rect('plasterboard', p(24, 24), p(27, 28)),
    rect('plasterboard', p(38, 24), p(41, 28)),
    rect('plasterboard', p(53, 24), p(56, 28)),
    line('coated_glass', p(24, 1), p(32, 1)),
  ],
  // In the order of the demo's names: lobby, restaurant, pool bar, conference, floor 2, floor 3.
  spots: [p(12, 9.6), p(32.6, 9.4), p(7.7, 22), p(50.4, 10.5), p(20.5, 21.5), p(49, 21.5)],
};

/** The family's apartment, 16 m × 11 m: living room, kitchen, hall, three bedrooms. */
const HOME: FloorDrawing = {
  name: 'Apartment',
  widthM: 16,
  heightM: 11,
  metresPerPixel: 0.02,
  rooms: [
    { from: p(0.5, 0.5), to: p(9, 6), fill: [251, 247, 239] },
    { from: p(9, 0.5), to: p(15.5, 6), fill: [243, 247, 251] },
    { from: p(0.5, 6), to: p(15.5, 7), fill: [236, 239, 243] },
    { from: p(0.5, 7), to: p(15.5, 10.5), fill: [247, 249, 244] },
  ],
  furniture: [
    // Sofa, dining table, kitchen counter and island.
    f(1.2, 1.5, 1.9, 4.5),
    f(5.5, 3.8, 7.5, 5),
    f(9.6, 1.1, 15, 1.7),
    f(11, 3.2, 13.5, 4.2),
    // Beds.
    f(1.5, 8, 3.5, 10),
    f(7, 8, 9, 10),
    f(12.5, 8, 14.5, 10),
  ],
  walls: [
    rect('brick', p(0.5, 0.5), p(15.5, 10.5)),
    line('papered_wall', p(9, 0.5), p(9, 4.5)),
    ...wallWithDoors('plasterboard', 6, 0.5, 15.5, [3.5, 12.5], 1),
    ...wallWithDoors('plasterboard', 7, 0.5, 15.5, [3, 8.5, 13.5], 0.9),
    line('plasterboard', p(6, 7), p(6, 10.5)),
    line('wood', p(11, 7), p(11, 10.5)),
    line('glass', p(2, 0.5), p(7, 0.5)),
  ],
  // Main router in the living room, then the bedroom and study nodes.
  spots: [p(4.5, 3), p(8.5, 8.8), p(13, 3.5)],
};

/** Metres to pixels of a drawing. */
const px = (d: FloorDrawing, m: number) => m / d.metresPerPixel;

function render(d: FloorDrawing): { png: Buffer; width: number; height: number } {
  const width = Math.round(px(d, d.widthM));
  const height = Math.round(px(d, d.heightM));
  const r = new Raster(width, height, OUTSIDE);
  for (const room of d.rooms)
    r.fillRect(px(d, room.from.x), px(d, room.from.y), px(d, room.to.x), px(d, room.to.y), room.fill);
  for (const item of d.furniture)
    r.fillRect(px(d, item.from.x), px(d, item.from.y), px(d, item.to.x), px(d, item.to.y), FURNITURE);
  for (const w of d.walls) {
    const { colour, widthM } = WALL_STYLE[w.material];
    const closed = w.shape === 'rectangle' || w.shape === 'polygon';
    const n = w.points.length;
    for (let i = 0; i < (closed ? n : n - 1); i++) {
      const a = w.points[i] as Pt;
      const b = w.points[(i + 1) % n] as Pt;
      r.line(px(d, a.x), px(d, a.y), px(d, b.x), px(d, b.y), Math.max(2, px(d, widthM)), colour);
    }
  }
  return { png: r.png(), width, height };
}

function prepared(d: FloorDrawing, devices: readonly DemoUnit[]): PreparedMap {
  const image = render(d);
  // The scale line along the top margin: 10 m.
  const tenMetres = px(d, 10);
  return {
    name: d.name,
    ...image,
    scale: {
      from: { x: px(d, 0.5), y: px(d, 0.25) },
      to: { x: px(d, 0.5) + tenMetres, y: px(d, 0.25) },
      lengthM: 10,
    },
    walls: d.walls,
    placements: devices.flatMap((u, i) => {
      const at = d.spots[i];
      return at ? [{ sn: u.sn, x: at.x, y: at.y }] : [];
    }),
  };
}

/** The prepared map of a demo project: the hotel's floor (netMode WLAN) or the apartment (mesh). */
export function demoFloorPlan(scenario: string, devices: readonly DemoUnit[]): PreparedMap {
  const wifi = devices.filter((u) => isPlaceableKind(u.kind));
  return prepared(scenario === 'home' ? HOME : HOTEL, wifi);
}
