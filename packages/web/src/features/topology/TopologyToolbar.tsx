import {
  AimOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
} from '@ant-design/icons';
import { Button, Flex, Segmented, Select, Tooltip } from 'antd';
import type { LayoutDirection } from './layout';

interface TopologyToolbarProps {
  direction: LayoutDirection;
  onDirection: (d: LayoutDirection) => void;
  /** The deepest level of the graph; the select offers 1…depth. */
  depth: number;
  maxLevel: number;
  onMaxLevel: (level: number) => void;
  full: boolean;
  onFit: () => void;
  onFull: () => void;
}

/** Layout direction, "show down to level N", fit to view and full screen (issue 12 §3). */
export function TopologyToolbar(p: TopologyToolbarProps) {
  const levels = Array.from({ length: Math.max(p.depth, 1) }, (_, i) => i + 1);
  return (
    <Flex gap={8} wrap align="center" className="nl-topo-toolbar">
      <Segmented<LayoutDirection>
        aria-label="Layout"
        value={p.direction}
        onChange={p.onDirection}
        options={[
          { value: 'vertical', label: 'Vertical', icon: <ColumnHeightOutlined /> },
          { value: 'horizontal', label: 'Horizontal', icon: <ColumnWidthOutlined /> },
        ]}
      />
      <Select<number>
        aria-label="Levels shown"
        data-testid="topology-levels"
        value={Math.min(p.maxLevel, Math.max(p.depth, 1))}
        onChange={p.onMaxLevel}
        style={{ width: 172 }}
        options={levels.map((l) => ({
          value: l,
          label: l === p.depth ? `All levels (${l})` : `Down to level ${l}`,
        }))}
      />
      <Tooltip title="Fit to view">
        <Button icon={<AimOutlined />} onClick={p.onFit} aria-label="Fit to view" />
      </Tooltip>
      <Tooltip title={p.full ? 'Exit full screen (Esc)' : 'Full screen'}>
        <Button
          icon={p.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={p.onFull}
          aria-label={p.full ? 'Exit full screen' : 'Full screen'}
        />
      </Tooltip>
    </Flex>
  );
}
