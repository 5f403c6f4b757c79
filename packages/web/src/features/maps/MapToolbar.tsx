import {
  AimOutlined,
  BorderOutlined,
  CameraOutlined,
  ColumnWidthOutlined,
  DragOutlined,
  LineOutlined,
  RadarChartOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { ERR, errorMessage, WALL_MATERIAL_KEYS, WALL_MATERIALS, type WallMaterial } from '@netloom/domain';
import { Button, Flex, Segmented, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { isWallTool, type MapTool } from './mapGeometry';

const TOOL_LOOK: Record<MapTool, { label: string; icon: ReactNode; hint: string }> = {
  select: { label: 'Select', icon: <DragOutlined />, hint: 'Pan the plan, select a wall, drag an AP' },
  scale: { label: 'Scale', icon: <ColumnWidthOutlined />, hint: 'Click both ends of a known length' },
  line: { label: 'Line', icon: <LineOutlined />, hint: 'Click the two ends of a wall' },
  polyline: {
    label: 'Polyline',
    icon: <LineOutlined rotate={45} />,
    hint: 'Click each corner; double-click to finish',
  },
  rectangle: { label: 'Rectangle', icon: <BorderOutlined />, hint: 'Click two opposite corners' },
  polygon: { label: 'Polygon', icon: <AimOutlined />, hint: 'Click each corner; double-click to close' },
};

export const MATERIAL_OPTIONS = WALL_MATERIAL_KEYS.map((m) => ({
  value: m,
  label: `${WALL_MATERIALS[m].label} · ${WALL_MATERIALS[m].attenuationDb} dB`,
}));

export interface MapToolbarProps {
  tool: MapTool;
  onTool: (t: MapTool) => void;
  hasScale: boolean;
  canEdit: boolean;
  material: WallMaterial;
  onMaterial: (m: WallMaterial) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  unsaved: boolean;
  saving: boolean;
  onSave: () => void;
  onScreenshot: () => void;
  /** Opens the AP planner; null keeps it off, with why (no scale, demo or read-only). */
  planBlocked: string | null;
  planOpen: boolean;
  onPlan: () => void;
}

/** The canvas's tools: draw (scale, walls), the wall material, undo/redo/save, and the screenshot. */
export function MapToolbar(p: MapToolbarProps) {
  const scaleFirst = errorMessage(ERR.MAP_SCALE_FIRST);
  return (
    <Flex className="nl-map-toolbar" gap={8} wrap align="center" justify="space-between">
      <Flex gap={8} wrap align="center">
        <Segmented<MapTool>
          value={p.tool}
          onChange={p.onTool}
          options={(Object.keys(TOOL_LOOK) as MapTool[]).map((t) => {
            const disabled = !p.canEdit && t !== 'select' ? true : isWallTool(t) && !p.hasScale;
            return {
              value: t,
              disabled,
              label: (
                <Tooltip title={isWallTool(t) && !p.hasScale ? scaleFirst : TOOL_LOOK[t].hint}>
                  <span data-testid={`tool-${t}`}>
                    {TOOL_LOOK[t].icon} {TOOL_LOOK[t].label}
                  </span>
                </Tooltip>
              ),
            };
          })}
        />
        <Select<WallMaterial>
          aria-label="Wall material"
          data-testid="wall-material"
          value={p.material}
          onChange={p.onMaterial}
          options={MATERIAL_OPTIONS}
          style={{ width: 190 }}
          disabled={!p.hasScale || !p.canEdit}
        />
        <Tooltip title="Undo">
          <Button icon={<UndoOutlined />} aria-label="Undo" onClick={p.onUndo} disabled={!p.canUndo} />
        </Tooltip>
        <Tooltip title="Redo">
          <Button icon={<RedoOutlined />} aria-label="Redo" onClick={p.onRedo} disabled={!p.canRedo} />
        </Tooltip>
        <Button
          type={p.unsaved ? 'primary' : 'default'}
          icon={<SaveOutlined />}
          onClick={p.onSave}
          disabled={!p.unsaved || !p.canEdit}
          loading={p.saving}
        >
          Save walls
        </Button>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Tooltip title={p.planBlocked ?? 'Propose where to put the fewest APs'}>
          <Button
            icon={<RadarChartOutlined />}
            type={p.planOpen ? 'primary' : 'default'}
            ghost={p.planOpen}
            onClick={p.onPlan}
            disabled={p.planBlocked !== null}
          >
            Plan APs
          </Button>
        </Tooltip>
        <Button icon={<CameraOutlined />} onClick={p.onScreenshot}>
          Screenshot
        </Button>
      </Flex>
    </Flex>
  );
}
