import {
  AimOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { Topology } from '@netloom/domain';
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
  /** The project's VLANs; the one shown (null: the whole network). */
  vlans: Topology['vlans'];
  vlan: number | null;
  onVlan: (vlan: number | null) => void;
  onAdd: () => void;
  /** Why the account may not add devices by hand (demo, read-only), or null. */
  addBlocked: string | null;
}

/** The VLAN picker's value for "the whole network" (antd's Select keeps no null option). */
const ALL = 0;

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
        style={{ width: 148 }}
        popupMatchSelectWidth={false}
        options={levels.map((l) => ({
          value: l,
          label: l === p.depth ? `All levels (${l})` : `Down to level ${l}`,
        }))}
      />
      <Select<number>
        aria-label="VLAN"
        data-testid="topology-vlan"
        value={p.vlan ?? ALL}
        onChange={(v) => p.onVlan(v === ALL ? null : v)}
        style={{ width: 150 }}
        popupMatchSelectWidth={false}
        options={[
          { value: ALL, label: 'All VLANs' },
          ...p.vlans.map((v) => ({ value: v.id, label: `VLAN ${v.id} · ${v.name}` })),
        ]}
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
      <Tooltip title={p.addBlocked ?? 'Draw a device that is not cloud-managed under a port'}>
        <Button
          icon={<PlusOutlined />}
          onClick={p.onAdd}
          disabled={p.addBlocked !== null}
          data-testid="topology-add"
        >
          Add device
        </Button>
      </Tooltip>
    </Flex>
  );
}
