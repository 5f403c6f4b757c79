import { type GeoProjection, geoIdentity, geoMercator, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { FeatureCollection, Geometry } from 'geojson';
import { useMemo } from 'react';
import { inverseMercatorY, type MapData, mercatorY } from './geo';

export interface MapMarker {
  id: number;
  lat: number;
  lng: number;
  label: string;
  /** The marker's tooltip (its figures). */
  detail: string;
  /** ok: every device online; warn: some offline or unread alarms; idle: no device online. */
  tone: 'ok' | 'warn' | 'idle';
  /** 0–1: the marker's size among the others (clients). */
  weight: number;
}

export interface GeoMapProps {
  data: MapData;
  width: number;
  height: number;
  /** Regions filled as highlighted (ISO alpha-2 on the world map). */
  highlighted?: ReadonlySet<string>;
  markers?: readonly MapMarker[];
  /** Show the markers' names beside them. */
  labels?: boolean;
  /** A zoomed view around this point (the location picker), else the whole range. */
  focus?: { lat: number; lng: number } | null;
  /** The picker's pin. */
  pin?: { lat: number; lng: number } | null;
  /** A click on the map, in coordinates (the picker moves its pin there). */
  onPick?(lat: number, lng: number): void;
  className?: string;
  ariaLabel: string;
}

interface Projector {
  path: ReturnType<typeof geoPath>;
  project(lng: number, lat: number): [number, number] | null;
  invert(x: number, y: number): [number, number] | null;
}

const PAD = 12;
/** One arrow-key step of the picker's pin, in degrees (about 100 m). */
const NUDGE_DEG = 0.001;
/** Coordinates kept to 4 decimals (about 10 m). */
const round = (v: number) => Math.round(v * 1e4) / 1e4;
/** The picker's zoom: the map spans about this many degrees of longitude. */
const FOCUS_SPAN_DEG = 10;

function projectorOf(data: MapData, width: number, height: number, focus: GeoMapProps['focus']): Projector {
  const extent: [[number, number], [number, number]] = [
    [PAD, PAD],
    [Math.max(PAD + 1, width - PAD), Math.max(PAD + 1, height - PAD)],
  ];
  const collection: FeatureCollection<Geometry> = {
    type: 'FeatureCollection',
    features: data.regions.map((r) => r.feature),
  };
  if (data.range === 'china') {
    // Planar: the provinces are stored Mercator-projected (geo.ts).
    const identity = geoIdentity().reflectY(true).fitExtent(extent, collection);
    return {
      path: geoPath(identity),
      project: (lng, lat) => identity([lng, mercatorY(lat)]) ?? null,
      invert: (x, y) => {
        const p = identity.invert?.([x, y]);
        return p ? [p[0], inverseMercatorY(p[1])] : null;
      },
    };
  }
  let projection: GeoProjection;
  if (focus) {
    projection = geoMercator()
      .center([focus.lng, focus.lat])
      .scale((width / ((FOCUS_SPAN_DEG * Math.PI) / 180)) * 1)
      .translate([width / 2, height / 2]);
  } else {
    projection = geoNaturalEarth1().fitExtent(extent, collection);
  }
  return {
    path: geoPath(projection),
    project: (lng, lat) => projection([lng, lat]) ?? null,
    invert: (x, y) => projection.invert?.([x, y]) ?? null,
  };
}

/** Label height and the width of a character, for the label layout (12 px bold). */
const LABEL_H = 15;
const CHAR_W = 7;

/**
 * Vertical offsets that keep the markers' labels from overlapping: from the top, each label goes
 * down (or up) a line while it would cover one already placed.
 */
function labelOffsets(placed: readonly { m: MapMarker; at: [number, number] }[]): Map<number, number> {
  const boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
  const out = new Map<number, number>();
  for (const { m, at } of [...placed].sort((a, b) => a.at[1] - b.at[1])) {
    const x0 = at[0];
    const x1 = x0 + 16 + m.label.length * CHAR_W;
    let dy = 0;
    for (const step of [0, LABEL_H, -LABEL_H, 2 * LABEL_H, -2 * LABEL_H, 3 * LABEL_H]) {
      dy = step;
      const y0 = at[1] - LABEL_H / 2 + dy;
      if (!boxes.some((b) => b.x0 < x1 && x0 < b.x1 && b.y0 < y0 + LABEL_H && y0 < b.y1)) break;
    }
    const y0 = at[1] - LABEL_H / 2 + dy;
    boxes.push({ x0, x1, y0, y1: y0 + LABEL_H });
    out.set(m.id, dy);
  }
  return out;
}

/**
 * A map drawn as SVG with d3-geo: the regions (highlighted ones filled), the projects as markers
 * sized by their clients and coloured by their health, and the picker's pin. Styling is CSS
 * (`datascreen.css`): the data screen's dark theme, or the light one of the project form.
 */
export function GeoMap({
  data,
  width,
  height,
  highlighted,
  markers = [],
  labels = false,
  focus = null,
  pin = null,
  onPick,
  className,
  ariaLabel,
}: GeoMapProps) {
  const projector = useMemo(
    () => projectorOf(data, width, height, focus),
    [data, width, height, focus?.lat, focus?.lng, focus],
  );
  const regions = useMemo(
    () => data.regions.map((r) => ({ id: r.id, name: r.name, d: projector.path(r.feature) ?? '' })),
    [data, projector],
  );
  const placed = markers
    .map((m) => ({ m, at: projector.project(m.lng, m.lat) }))
    .filter((x): x is { m: MapMarker; at: [number, number] } => x.at !== null);
  const pinAt = pin ? projector.project(pin.lng, pin.lat) : null;
  const labelDy = labels ? labelOffsets(placed) : new Map<number, number>();

  return (
    <svg
      className={`nl-geo ${className ?? ''}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={ariaLabel}
      data-range={data.range}
      tabIndex={onPick ? 0 : undefined}
      onClick={
        onPick
          ? (e) => {
              const box = e.currentTarget.getBoundingClientRect();
              const p = projector.invert(e.clientX - box.left, e.clientY - box.top);
              if (p) onPick(round(p[1]), round(p[0]));
            }
          : undefined
      }
      onKeyDown={
        onPick && pin
          ? (e) => {
              // Arrow keys nudge the pin (about 100 m a step), for the keyboard.
              const step = NUDGE_DEG;
              const d: Record<string, [number, number]> = {
                ArrowUp: [step, 0],
                ArrowDown: [-step, 0],
                ArrowLeft: [0, -step],
                ArrowRight: [0, step],
              };
              const move = d[e.key];
              if (!move) return;
              e.preventDefault();
              onPick(round(pin.lat + move[0]), round(pin.lng + move[1]));
            }
          : undefined
      }
      style={onPick ? { cursor: 'crosshair' } : undefined}
    >
      <g className="nl-geo-regions">
        {regions.map((r) => (
          <path
            key={r.id}
            d={r.d}
            fillRule="evenodd"
            data-region={r.id}
            className={highlighted?.has(r.id) ? 'nl-geo-region is-highlighted' : 'nl-geo-region'}
          >
            <title>{r.name}</title>
          </path>
        ))}
      </g>
      <g className="nl-geo-markers">
        {placed.map(({ m, at: [x, y] }) => {
          const r = 4 + m.weight * 8;
          return (
            <g
              key={m.id}
              transform={`translate(${x},${y})`}
              className={`nl-geo-marker is-${m.tone}`}
              data-project={m.id}
            >
              <circle className="nl-geo-pulse" r={r} />
              <circle className="nl-geo-dot" r={r * 0.55 + 2} />
              {labels ? (
                <text x={r + 4} y={4 + (labelDy.get(m.id) ?? 0)} className="nl-geo-label">
                  {m.label}
                </text>
              ) : null}
              <title>{m.detail}</title>
            </g>
          );
        })}
      </g>
      {pinAt ? (
        <g transform={`translate(${pinAt[0]},${pinAt[1]})`} className="nl-geo-pin" data-testid="location-pin">
          <path d="M0 0 C -7 -10 -11 -15 -11 -21 A 11 11 0 1 1 11 -21 C 11 -15 7 -10 0 0 Z" />
          <circle cy={-21} r={4} />
        </g>
      ) : null}
    </svg>
  );
}
