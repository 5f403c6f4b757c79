import { ApartmentOutlined, WifiOutlined } from '@ant-design/icons';
import { NET_MODE_LABELS, NET_MODES, type NetMode } from '@netloom/domain';
import { Tag, Tooltip } from 'antd';

/**
 * The project's network mode, the same colour and icon everywhere. `compact` (tables) shows the
 * short name with the full one in a tooltip.
 */
export function NetModeTag({ netMode, compact = false }: { netMode: NetMode; compact?: boolean }) {
  const mesh = netMode === NET_MODES.MESH;
  const tag = (
    <Tag
      color={mesh ? 'purple' : 'blue'}
      icon={mesh ? <ApartmentOutlined /> : <WifiOutlined />}
      variant="outlined"
    >
      {compact ? (mesh ? 'Mesh' : 'WLAN') : NET_MODE_LABELS[netMode]}
    </Tag>
  );
  return compact ? <Tooltip title={NET_MODE_LABELS[netMode]}>{tag}</Tooltip> : tag;
}
