import {
  type ApPlanOptions,
  apColor,
  apPlanLinkQuery,
  calibrationText,
  DEFAULT_PATH_LOSS_EXPONENT,
  type Device,
  ERR,
  errorMessage,
  HEATMAP_BANDS,
  HEATMAP_OPACITY_MAX,
  HEATMAP_OPACITY_MIN,
  type HeatmapBand,
  type MapDetail,
  type MapPoint,
  type WallMaterial,
} from '@netloom/domain';
import { Alert, App, Card, Segmented, Slider, Switch, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { devicePath, PAGES } from '../../navigation/paths';
import { ApPlanPanel } from './ApPlanPanel';
import { useMapChanges, usePlacedRadios } from './api';
import { buildApPlanInput, solutionLinkOf } from './apPlanInput';
import { DevicePanel } from './DevicePanel';
import { HeatmapLegend, legendRows, rgbaCss } from './HeatmapLegend';
import {
  buildHeatmapInput,
  cellSizeFor,
  HEATMAP_VIEW_LABELS,
  HEATMAP_VIEWS,
  type HeatmapView,
  heatmapRadiosKey,
  type LiveRadio,
  radioLines,
} from './heatmapInput';
import { MapCanvas, type MapCanvasHandle } from './MapCanvas';
import { MapToolbar } from './MapToolbar';
import { isWallTool, type MapTool, scaleBar, wallFromClicks } from './mapGeometry';
import { ScaleDialog } from './ScaleDialog';
import { downloadBlob, exportMapPng } from './screenshot';
import { useApPlan } from './useApPlan';
import { useHeatmap } from './useHeatmap';
import { useMapImage } from './useMapImage';
import { ViewControls } from './ViewControls';
import { hasUnsavedWalls, initialWallEdit, wallEditReducer } from './wallEdit';

const BAND_LABELS: Record<HeatmapBand, string> = { '2.4G': '2.4 GHz', '5G': '5 GHz' };
const NO_GHOSTS: readonly MapPoint[] = [];

function failure(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

interface MapWorkspaceProps {
  projectId: number;
  map: MapDetail;
  /** Map names by device id, for devices placed on another map. */
  elsewhere: ReadonlyMap<number, string>;
  devices: readonly Device[];
  blockedReason: string | null;
  onUnsavedChange: (unsaved: boolean) => void;
}

/** One map: the canvas with its tools, the devices to place and the heat map's controls. */
export function MapWorkspace({
  projectId,
  map,
  elsewhere,
  devices,
  blockedReason,
  onUnsavedChange,
}: MapWorkspaceProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const changes = useMapChanges(projectId, map.id);
  const canvas = useRef<MapCanvasHandle>(null);
  const { image, failed } = useMapImage(projectId, map.id);
  const canEdit = blockedReason === null;
  const hasScale = map.scale !== null;

  const [tool, setTool] = useState<MapTool>(hasScale ? 'select' : 'scale');
  const [material, setMaterial] = useState<WallMaterial>('brick');
  const serverWalls = useMemo(
    () => map.walls.map(({ shape, material, points }) => ({ shape, material, points })),
    [map.walls],
  );
  const [edit, dispatch] = useReducer(wallEditReducer, serverWalls, initialWallEdit);
  const [scaleLine, setScaleLine] = useState<{ from: MapPoint; to: MapPoint } | null>(null);
  const [full, setFull] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [showHeat, setShowHeat] = useState(true);
  const [band, setBand] = useState<HeatmapBand>('5G');
  const [view, setView] = useState<HeatmapView>('signal');
  const [opacity, setOpacity] = useState(0.7);
  const unsaved = hasUnsavedWalls(edit);

  // The saved walls changed on the server (this page's save, a new scale): take them as the new base.
  const savedKey = JSON.stringify(serverWalls);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the walls
  useEffect(() => dispatch({ type: 'load', walls: serverWalls }), [savedKey]);
  useEffect(() => onUnsavedChange(unsaved), [unsaved, onUnsavedChange]);

  const blocker = useBlocker(unsaved);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: 'Leave without saving the walls?',
      content: 'The walls drawn since the last save will be lost.',
      okText: 'Leave',
      okButtonProps: { danger: true },
      cancelText: 'Stay',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  useEffect(() => {
    if (!full) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFull(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [full]);

  const deviceById = useMemo(() => new Map(devices.map((d) => [d.id, d])), [devices]);
  const placedIds = useMemo(() => map.placements.map((p) => p.deviceId), [map.placements]);
  const radioQueries = usePlacedRadios(projectId, placedIds);
  const radios = new Map<number, LiveRadio[]>();
  for (const [i, id] of placedIds.entries()) {
    const detail = radioQueries[i]?.data;
    if (detail) radios.set(id, detail.radios);
  }
  const heatInput = buildHeatmapInput(map, (id) => radios.get(id));
  const { overlay, computing, shownInput } = useHeatmap(
    heatInput,
    band,
    view,
    showHeat && placedIds.length > 0,
  );

  // The AP planner (issue 15): while a proposal is shown, the canvas shows its heat map and markers.
  const [planOpen, setPlanOpen] = useState(false);
  const planner = useApPlan();
  const proposal = planner.state.status === 'done' ? planner.state : null;
  const planBlocked = blockedReason ?? (hasScale ? null : errorMessage(ERR.MAP_SCALE_FIRST));
  const runPlan = (options: ApPlanOptions) => {
    const input = buildApPlanInput(map, options, heatInput?.aps ?? []);
    if (input) planner.run(input, cellSizeFor(input.floor.widthM, input.floor.heightM));
  };
  const closePlan = () => {
    planner.discard();
    setPlanOpen(false);
  };
  // A proposal answers the walls, scale and placements it was planned on: when they change, it goes.
  const planBasis = JSON.stringify([
    map.scale,
    serverWalls,
    map.placements.map((p) => [p.deviceId, p.x, p.y]),
  ]);
  const { discard: discardPlan } = planner;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the map's geometry
  useEffect(() => discardPlan(), [planBasis, discardPlan]);
  const solutionLink = proposal ? solutionLinkOf(proposal.plan, map.name) : null;
  const shownOverlay = proposal ? proposal.overlay : showHeat ? overlay : null;
  const shownView: HeatmapView = proposal ? 'signal' : view;

  const onDrawn = (drawn: MapTool, clicks: MapPoint[]) => {
    if (drawn === 'scale') {
      const [from, to] = clicks;
      if (from && to) setScaleLine({ from, to });
      return;
    }
    if (!isWallTool(drawn) || !map.scale) return;
    const wall = wallFromClicks(drawn, clicks, map.scale.metresPerPixel);
    if ('issue' in wall) message.warning(wall.issue);
    else dispatch({ type: 'add', wall: { shape: drawn, material, points: wall.points } });
  };

  const saveScale = async (lengthM: number) => {
    if (!scaleLine) return;
    try {
      await changes.setScale.mutateAsync({ ...scaleLine, lengthM });
      setScaleLine(null);
      setTool('select');
      message.success('Scale saved: walls and APs can be added now.');
    } catch (err) {
      message.error(failure(err));
    }
  };

  const saveWalls = async () => {
    try {
      await changes.putWalls.mutateAsync({ walls: [...edit.walls] });
      message.success('Walls saved.');
    } catch (err) {
      message.error(failure(err));
    }
  };

  const place = useCallback(
    async (deviceId: number, at: MapPoint) => {
      try {
        await changes.place.mutateAsync({ deviceId, ...at });
      } catch (err) {
        message.error(failure(err));
      }
    },
    [changes.place, message],
  );

  const screenshot = async () => {
    const stage = canvas.current?.stage();
    const v = canvas.current?.view();
    if (!stage || !v) return;
    const legend = shownOverlay
      ? shownView === 'bestAp'
        ? map.placements.map((p, i) => ({ colour: rgbaCss(apColor(i)), label: p.name }))
        : legendRows(shownView).map((r) => ({ colour: r.colour, label: r.label }))
      : [];
    try {
      const blob = await exportMapPng({
        stage,
        view: v,
        image: map,
        metresPerPixel: map.scale?.metresPerPixel ?? null,
        title: proposal
          ? `${map.name} · AP plan · ${BAND_LABELS[proposal.plan.band]}`
          : shownOverlay
            ? `${map.name} · ${BAND_LABELS[band]} ${HEATMAP_VIEW_LABELS[view]}`
            : map.name,
        legend,
        note: proposal?.plan.summary,
      });
      downloadBlob(blob, `${map.name}.png`);
    } catch (err) {
      message.error(failure(err));
    }
  };

  const selected = edit.selected !== null ? edit.walls[edit.selected] : undefined;
  const bar = map.scale ? scaleBar(map.scale.metresPerPixel / zoom) : null;
  const placeBlocked = blockedReason ?? (hasScale ? null : errorMessage(ERR.MAP_SCALE_FIRST));

  return (
    <Card className={full ? 'nl-map-card nl-map-full' : 'nl-map-card'} data-testid="map-card">
      <MapToolbar
        tool={tool}
        onTool={setTool}
        hasScale={hasScale}
        canEdit={canEdit}
        material={selected?.material ?? material}
        onMaterial={(m) => {
          setMaterial(m);
          if (edit.selected !== null) dispatch({ type: 'material', index: edit.selected, material: m });
        }}
        canUndo={edit.past.length > 0}
        canRedo={edit.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        unsaved={unsaved}
        saving={changes.putWalls.isPending}
        onSave={saveWalls}
        onScreenshot={screenshot}
        planBlocked={planBlocked}
        planOpen={planOpen}
        onPlan={() => (planOpen ? closePlan() : setPlanOpen(true))}
      />
      {blockedReason !== null ? (
        <Alert
          className="nl-map-scale-alert"
          type="info"
          showIcon
          data-testid="map-view-only"
          title={blockedReason}
          description="The plan, its walls, the APs and the heat map can be viewed; drawing, placing and uploading are off."
        />
      ) : null}
      {!hasScale ? (
        <Alert
          className="nl-map-scale-alert"
          type="info"
          showIcon
          title={errorMessage(ERR.MAP_SCALE_FIRST)}
          description="Choose Scale, click both ends of a length you know (a wall, a door), then type its real length in metres. Walls, AP placement and the heat map need it."
        />
      ) : null}
      <div className="nl-map-body">
        <div className="nl-map-canvas-wrap">
          {failed ? (
            <Alert type="error" showIcon title="The map image could not be loaded." />
          ) : (
            <MapCanvas
              handle={canvas}
              map={map}
              image={image}
              tool={tool}
              walls={edit.walls}
              selectedWall={edit.selected}
              onSelectWall={(index) => dispatch({ type: 'select', index })}
              onDrawn={onDrawn}
              devices={deviceById}
              onPlace={place}
              canEdit={canEdit}
              onOpenDevice={(id) => navigate(devicePath(id))}
              overlay={shownOverlay}
              opacity={opacity}
              ghosts={proposal?.plan.positions ?? NO_GHOSTS}
              onZoom={setZoom}
            />
          )}
          {shownOverlay ? (
            <HeatmapLegend
              view={shownView}
              apNames={map.placements.map((p, i) => ({ name: p.name, colour: rgbaCss(apColor(i)) }))}
            />
          ) : null}
          {bar ? (
            <div className="nl-map-scalebar" data-testid="map-scalebar">
              <span className="nl-map-scalebar-line" style={{ width: bar.px }} />
              <span>{bar.metres} m</span>
            </div>
          ) : null}
          <ViewControls
            full={full}
            computing={computing || planner.state.status === 'planning'}
            onZoom={(f) => canvas.current?.zoom(f)}
            onFit={() => canvas.current?.fit()}
            onFull={() => setFull((f) => !f)}
          />
          {selected && edit.selected !== null ? (
            <div className="nl-map-selection" data-testid="wall-selection">
              <Typography.Text strong>Selected wall</Typography.Text>
              <Typography.Text type="secondary">
                {selected.shape} · {selected.points.length} points
              </Typography.Text>
              {canEdit ? (
                <Typography.Link
                  type="danger"
                  onClick={() => edit.selected !== null && dispatch({ type: 'remove', index: edit.selected })}
                >
                  Delete wall
                </Typography.Link>
              ) : null}
            </div>
          ) : null}
        </div>
        <aside className="nl-map-side">
          {planOpen && planBlocked === null ? (
            <ApPlanPanel
              state={planner.state}
              placedCount={placedIds.length}
              onPlan={runPlan}
              onDiscard={planner.discard}
              onUse={
                solutionLink ? () => navigate(`${PAGES.newSolution}${apPlanLinkQuery(solutionLink)}`) : null
              }
              onClose={closePlan}
            />
          ) : null}
          <div
            className="nl-map-heat"
            data-testid="heatmap-controls"
            data-computed-radios={overlay ? heatmapRadiosKey(shownInput) : ''}
          >
            <div className="nl-map-panel-title">
              Heat map
              <Switch size="small" checked={showHeat} onChange={setShowHeat} aria-label="Show the heat map" />
            </div>
            {!hasScale ? (
              <Typography.Paragraph type="secondary" className="nl-map-panel-hint">
                {errorMessage(ERR.MAP_SCALE_FIRST)}
              </Typography.Paragraph>
            ) : placedIds.length === 0 ? (
              <Typography.Paragraph type="secondary" className="nl-map-panel-hint">
                Place an AP to see its coverage.
              </Typography.Paragraph>
            ) : null}
            <Segmented<HeatmapBand>
              block
              value={band}
              onChange={setBand}
              disabled={!showHeat}
              options={HEATMAP_BANDS.map((b) => ({ value: b, label: BAND_LABELS[b] }))}
            />
            {hasScale && placedIds.length > 0 ? <CalibrationLine map={map} band={band} /> : null}
            <Segmented<HeatmapView>
              block
              vertical
              className="nl-map-views"
              value={view}
              onChange={setView}
              disabled={!showHeat}
              options={HEATMAP_VIEWS.map((v) => ({ value: v, label: HEATMAP_VIEW_LABELS[v] }))}
            />
            <div className="nl-map-opacity">
              <Typography.Text type="secondary">Opacity</Typography.Text>
              <Slider
                min={HEATMAP_OPACITY_MIN}
                max={HEATMAP_OPACITY_MAX}
                step={0.05}
                value={opacity}
                onChange={setOpacity}
                disabled={!showHeat}
                tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)} %` }}
              />
            </div>
          </div>
          <DevicePanel
            devices={devices}
            placedHere={new Set(placedIds)}
            elsewhere={elsewhere}
            canPlace={placeBlocked === null}
            blockedReason={placeBlocked}
            radioText={(id) => radioLines(radios.get(id))}
            onRemove={(id) => changes.unplace.mutate(id, { onError: (err) => message.error(failure(err)) })}
            onOpen={(id) => navigate(devicePath(id))}
          />
        </aside>
      </div>
      <ScaleDialog
        line={scaleLine}
        image={map}
        saving={changes.setScale.isPending}
        onSave={saveScale}
        onCancel={() => setScaleLine(null)}
      />
    </Card>
  );
}

/**
 * The band's calibration (docs/heatmap.md): "Calibrated from N measurements, error ± X dB" with the
 * fitted exponent, or why the model's default is used.
 */
function CalibrationLine({ map, band }: { map: MapDetail; band: HeatmapBand }) {
  const c = map.calibration.find((x) => x.band === band);
  if (!c) return null;
  const n = c.applied && c.exponent !== null ? c.exponent : DEFAULT_PATH_LOSS_EXPONENT[band];
  return (
    <div
      className={c.applied ? 'nl-map-calibration is-calibrated' : 'nl-map-calibration'}
      data-testid="heatmap-calibration"
    >
      <Typography.Text className="nl-map-calibration-text">{calibrationText(c)}</Typography.Text>
      <Typography.Text type="secondary" className="nl-map-calibration-n">
        Path-loss exponent {n.toFixed(2)}
        {c.applied
          ? ' (fitted to the APs’ neighbour scans)'
          : ' (default; an RF optimisation run measures it)'}
      </Typography.Text>
    </div>
  );
}
