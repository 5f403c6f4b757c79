import {
  type Device,
  isDeviceOnline,
  type MapDetail,
  type MapPoint,
  WALL_MATERIALS,
  WALL_SHAPE_RULES,
  type WallMaterial,
} from '@netloom/domain';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Stage, Text } from 'react-konva';
import { clampToImage, clicksToFinish, type MapTool, toPixels } from './mapGeometry';
import type { HeatmapOverlay } from './useHeatmap';
import type { EditableWall } from './wallEdit';

/** What the page asks of the canvas: fit, zoom, and the stage for the screenshot. */
export interface MapCanvasHandle {
  fit(): void;
  zoom(factor: number): void;
  stage(): Konva.Stage | null;
  /** The plan's rectangle on screen and the zoom, for the screenshot's crop. */
  view(): { x: number; y: number; scale: number };
}

export interface MapCanvasProps {
  map: MapDetail;
  image: HTMLImageElement | null;
  tool: MapTool;
  walls: readonly EditableWall[];
  selectedWall: number | null;
  onSelectWall: (index: number | null) => void;
  /** The clicks of a finished drawing, image pixels. */
  onDrawn: (tool: MapTool, clicks: MapPoint[]) => void;
  devices: ReadonlyMap<number, Device>;
  onPlace: (deviceId: number, at: MapPoint) => void;
  /** False in demo and read-only projects: devices are neither dropped nor dragged. */
  canEdit: boolean;
  onOpenDevice: (deviceId: number) => void;
  overlay: HeatmapOverlay | null;
  opacity: number;
  /** Proposed APs of the planner, metres: drawn numbered, with a dashed outline (not devices). */
  ghosts: readonly MapPoint[];
  onZoom: (scale: number) => void;
  handle: Ref<MapCanvasHandle>;
}

const MIN_ZOOM = 0.05;
const MAX_ZOOM = 8;
const WALL_STROKE_PX = 4;
const AP_RADIUS_PX = 15;
const GHOST_COLOUR = '#722ed1';
/** Screen pixels a double-click's second click may stray from its first. */
const DOUBLE_CLICK_SLOP_PX = 6;
/** Mime type of the drag from the device list onto the plan. */
export const DEVICE_DRAG_TYPE = 'application/x-netloom-device';

/** Heavier materials draw darker: the plan reads like the attenuation it stands for. */
function wallColour(material: WallMaterial): string {
  const db = WALL_MATERIALS[material].attenuationDb;
  const shade = Math.round(150 - Math.min(db, 30) * 4.5);
  return `rgb(${shade}, ${Math.round(shade * 0.85)}, ${Math.round(shade * 0.75)})`;
}

function statusColour(status: number): string {
  return isDeviceOnline(status) ? '#52c41a' : '#bfbfbf';
}

/** Keeps the canvas the size of its box. */
function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** The floor plan with its scale line, walls, placed APs and heat map, zoomable and pannable. */
export function MapCanvas(props: MapCanvasProps) {
  const { map, tool } = props;
  const box = useRef<HTMLElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const size = useBoxSize(box);
  const [view, setView] = useState({ x: 0, y: 0, scale: 1 });
  const [clicks, setClicks] = useState<MapPoint[]>([]);
  const [hover, setHover] = useState<MapPoint | null>(null);
  const mpp = map.scale?.metresPerPixel ?? null;

  const fit = () => {
    if (size.width === 0 || size.height === 0) return;
    const pad = 24;
    const scale = Math.min((size.width - 2 * pad) / map.width, (size.height - 2 * pad) / map.height);
    setView({
      scale,
      x: (size.width - map.width * scale) / 2,
      y: (size.height - map.height * scale) / 2,
    });
  };
  const zoomAt = (factor: number, at: MapPoint) =>
    setView((v) => {
      const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.scale * factor));
      const k = scale / v.scale;
      return { scale, x: at.x - (at.x - v.x) * k, y: at.y - (at.y - v.y) * k };
    });

  useImperativeHandle(props.handle, () => ({
    fit,
    zoom: (factor) => zoomAt(factor, { x: size.width / 2, y: size.height / 2 }),
    stage: () => stageRef.current,
    view: () => view,
  }));

  // A new map, or a new box size (first layout, full screen, a resized window): show the whole plan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fit reads the size and map of this render
  useEffect(fit, [map.id, size.width, size.height]);
  const { onZoom } = props;
  useEffect(() => onZoom(view.scale), [view.scale, onZoom]);
  // Changing tool drops a half-drawn shape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tool is the trigger
  useEffect(() => setClicks([]), [tool, map.id]);

  const pointer = (): MapPoint | null => {
    const p = stageRef.current?.getRelativePointerPosition();
    return p ? clampToImage(p, map) : null;
  };

  const finish = (points: MapPoint[]) => {
    setClicks([]);
    props.onDrawn(tool, points);
  };

  const handleClick = (e: KonvaEventObject<MouseEvent>) => {
    if (tool === 'select') {
      if (e.target === e.target.getStage() || e.target.name() === 'plan') props.onSelectWall(null);
      return;
    }
    const p = pointer();
    if (!p) return;
    const next = [...clicks, p];
    // A double-click on the last corner finishes a polyline or polygon (the browser's click count,
    // not Konva's dblclick, which also fires for two quick clicks at different corners).
    const last = clicks[clicks.length - 1];
    const repeated =
      last !== undefined && Math.hypot(p.x - last.x, p.y - last.y) * view.scale <= DOUBLE_CLICK_SLOP_PX;
    if ((tool === 'polyline' || tool === 'polygon') && e.evt.detail >= 2 && repeated) {
      finish(next);
      return;
    }
    const needed = clicksToFinish(tool);
    if (needed !== null && next.length >= needed) finish(next);
    else setClicks(next);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setClicks([]);
      if (e.key === 'Enter' && (tool === 'polyline' || tool === 'polygon') && clicks.length > 0)
        finish(clicks);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const handleWheel = (e: KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const at = stageRef.current?.getPointerPosition();
    if (at) zoomAt(e.evt.deltaY < 0 ? 1.15 : 1 / 1.15, at);
  };

  const handleDrop = (e: React.DragEvent<HTMLElement>) => {
    e.preventDefault();
    const id = Number(e.dataTransfer.getData(DEVICE_DRAG_TYPE));
    const stage = stageRef.current;
    if (!id || !stage || mpp === null || !props.canEdit) return;
    stage.setPointersPositions(e.nativeEvent);
    const p = pointer();
    if (p) props.onPlace(id, { x: p.x * mpp, y: p.y * mpp });
  };

  const inv = 1 / view.scale;
  const draft = hover && clicks.length > 0 ? [...clicks, hover] : clicks;
  const draftPoints =
    tool === 'rectangle' && draft.length === 2
      ? (() => {
          const [a, b] = draft as [MapPoint, MapPoint];
          return [a.x, a.y, b.x, a.y, b.x, b.y, a.x, b.y];
        })()
      : draft.flatMap((p) => [p.x, p.y]);

  return (
    // The plan is a drop target for the device list (a drag has no keyboard equivalent here: the
    // devices are placed by pointer, as on any floor-plan tool).
    <section
      ref={box}
      aria-label="Floor plan"
      className={`nl-map-stage nl-map-tool-${tool}`}
      data-testid="map-stage"
      data-proposed-aps={props.ghosts.length}
      onDragOver={(e) => {
        if (mpp !== null && props.canEdit) e.preventDefault();
      }}
      onDrop={handleDrop}
    >
      {size.width > 0 ? (
        <Stage
          ref={stageRef}
          width={size.width}
          height={size.height}
          x={view.x}
          y={view.y}
          scaleX={view.scale}
          scaleY={view.scale}
          draggable={tool === 'select'}
          onDragEnd={(e) => {
            if (e.target === stageRef.current) setView((v) => ({ ...v, x: e.target.x(), y: e.target.y() }));
          }}
          onWheel={handleWheel}
          onClick={handleClick}
          onMouseMove={() => setHover(tool === 'select' ? null : pointer())}
        >
          <Layer>
            {props.image ? (
              <KonvaImage name="plan" image={props.image} width={map.width} height={map.height} />
            ) : null}
            {props.overlay && mpp !== null ? (
              <KonvaImage
                name="plan"
                image={props.overlay.canvas}
                width={(props.overlay.cols * props.overlay.cellSizeM) / mpp}
                height={(props.overlay.rows * props.overlay.cellSizeM) / mpp}
                opacity={props.opacity}
                listening={false}
              />
            ) : null}
          </Layer>
          <Layer>
            {mpp !== null
              ? props.walls.map((w, i) => (
                  <Line
                    // biome-ignore lint/suspicious/noArrayIndexKey: walls have no id until saved; the index is the edit's identity
                    key={i}
                    points={toPixels(w.points, mpp)}
                    closed={WALL_SHAPE_RULES[w.shape].closed}
                    stroke={i === props.selectedWall ? '#1677ff' : wallColour(w.material)}
                    strokeWidth={i === props.selectedWall ? WALL_STROKE_PX + 2 : WALL_STROKE_PX}
                    strokeScaleEnabled={false}
                    hitStrokeWidth={14}
                    lineCap="round"
                    lineJoin="round"
                    listening={tool === 'select'}
                    onClick={(e) => {
                      e.cancelBubble = true;
                      props.onSelectWall(i);
                    }}
                  />
                ))
              : null}
            {map.scale ? (
              <Group listening={false}>
                <Line
                  points={[map.scale.from.x, map.scale.from.y, map.scale.to.x, map.scale.to.y]}
                  stroke="#fa541c"
                  strokeWidth={2}
                  dash={[8, 5]}
                  strokeScaleEnabled={false}
                />
                <Text
                  x={(map.scale.from.x + map.scale.to.x) / 2}
                  y={(map.scale.from.y + map.scale.to.y) / 2 - 20 * inv}
                  text={`${map.scale.lengthM} m`}
                  fontSize={13 * inv}
                  fill="#fa541c"
                  fontStyle="bold"
                />
              </Group>
            ) : null}
            {draftPoints.length >= 2 ? (
              <Line
                points={draftPoints}
                closed={tool === 'rectangle' || (tool === 'polygon' && draft.length > 2)}
                stroke={tool === 'scale' ? '#fa541c' : '#1677ff'}
                strokeWidth={2}
                dash={[6, 4]}
                strokeScaleEnabled={false}
                listening={false}
              />
            ) : null}
            {clicks.map((p, i) => (
              <Circle
                // biome-ignore lint/suspicious/noArrayIndexKey: the clicks of one drawing, in order
                key={i}
                x={p.x}
                y={p.y}
                radius={4 * inv}
                fill={tool === 'scale' ? '#fa541c' : '#1677ff'}
                listening={false}
              />
            ))}
          </Layer>
          <Layer>
            {mpp !== null
              ? map.placements.map((p) => {
                  const device = props.devices.get(p.deviceId);
                  const status = device?.status ?? p.status;
                  const clients = device?.clients ?? 0;
                  return (
                    <Group
                      key={p.deviceId}
                      name="ap"
                      x={p.x / mpp}
                      y={p.y / mpp}
                      scaleX={inv}
                      scaleY={inv}
                      draggable={tool === 'select' && props.canEdit}
                      listening={tool === 'select'}
                      onDragEnd={(e) => {
                        e.cancelBubble = true;
                        const at = clampToImage({ x: e.target.x(), y: e.target.y() }, map);
                        props.onPlace(p.deviceId, { x: at.x * mpp, y: at.y * mpp });
                      }}
                      onClick={(e) => {
                        e.cancelBubble = true;
                        props.onOpenDevice(p.deviceId);
                      }}
                      onMouseEnter={(e) => {
                        const c = e.target.getStage()?.container();
                        if (c) c.style.cursor = 'pointer';
                      }}
                      onMouseLeave={(e) => {
                        const c = e.target.getStage()?.container();
                        if (c) c.style.cursor = '';
                      }}
                    >
                      <Circle radius={AP_RADIUS_PX + 4} fill={statusColour(status)} opacity={0.25} />
                      <Circle
                        radius={AP_RADIUS_PX}
                        fill="#fff"
                        stroke={statusColour(status)}
                        strokeWidth={3}
                      />
                      <Text
                        text="AP"
                        fontSize={10}
                        fontStyle="bold"
                        fill="#1f1f1f"
                        width={AP_RADIUS_PX * 2}
                        offsetX={AP_RADIUS_PX}
                        offsetY={5}
                        align="center"
                      />
                      <Group x={AP_RADIUS_PX - 2} y={-AP_RADIUS_PX - 4}>
                        <Circle radius={9} fill="#1677ff" />
                        <Text
                          text={String(clients)}
                          fontSize={10}
                          fill="#fff"
                          width={18}
                          offsetX={9}
                          offsetY={5}
                          align="center"
                        />
                      </Group>
                      <Text
                        text={device?.name ?? p.name}
                        y={AP_RADIUS_PX + 6}
                        width={160}
                        offsetX={80}
                        align="center"
                        fontSize={12}
                        fontStyle="bold"
                        fill="#1f1f1f"
                        stroke="#fff"
                        strokeWidth={3}
                        fillAfterStrokeEnabled
                      />
                    </Group>
                  );
                })
              : null}
            {mpp !== null
              ? props.ghosts.map((g, i) => (
                  <Group
                    key={`${g.x}:${g.y}`}
                    name="ap-proposed"
                    x={g.x / mpp}
                    y={g.y / mpp}
                    scaleX={inv}
                    scaleY={inv}
                    listening={false}
                  >
                    <Circle radius={AP_RADIUS_PX + 5} fill={GHOST_COLOUR} opacity={0.15} />
                    <Circle
                      radius={AP_RADIUS_PX}
                      fill="rgba(255, 255, 255, 0.9)"
                      stroke={GHOST_COLOUR}
                      strokeWidth={2.5}
                      dash={[5, 3]}
                    />
                    <Text
                      text={String(i + 1)}
                      fontSize={13}
                      fontStyle="bold"
                      fill={GHOST_COLOUR}
                      width={AP_RADIUS_PX * 2}
                      offsetX={AP_RADIUS_PX}
                      offsetY={6}
                      align="center"
                    />
                  </Group>
                ))
              : null}
          </Layer>
        </Stage>
      ) : null}
    </section>
  );
}
