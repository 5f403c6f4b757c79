import {
  CompressOutlined,
  ExpandOutlined,
  FullscreenExitOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';

/** Zoom, fit and full screen, floating over the canvas's corner like a map's own controls. */
export function ViewControls(p: {
  full: boolean;
  computing: boolean;
  onZoom: (factor: number) => void;
  onFit: () => void;
  onFull: () => void;
}) {
  return (
    <div className="nl-map-viewctl">
      {p.computing ? (
        <Spin size="small" className="nl-map-computing" aria-label="Computing the heat map" />
      ) : null}
      <Tooltip title="Zoom in" placement="left">
        <Button icon={<ZoomInOutlined />} aria-label="Zoom in" onClick={() => p.onZoom(1.25)} />
      </Tooltip>
      <Tooltip title="Zoom out" placement="left">
        <Button icon={<ZoomOutOutlined />} aria-label="Zoom out" onClick={() => p.onZoom(0.8)} />
      </Tooltip>
      <Tooltip title="Fit the plan" placement="left">
        <Button icon={<CompressOutlined />} aria-label="Fit the plan" onClick={p.onFit} />
      </Tooltip>
      <Tooltip title={p.full ? 'Exit full screen (Esc)' : 'Full screen'} placement="left">
        <Button
          icon={p.full ? <FullscreenExitOutlined /> : <ExpandOutlined />}
          aria-label={p.full ? 'Exit full screen' : 'Full screen'}
          onClick={p.onFull}
        />
      </Tooltip>
    </div>
  );
}
