import { ApiOutlined, DesktopOutlined } from '@ant-design/icons';
import type { PortNeighbour } from '@netloom/domain';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { devicePath } from '../../navigation/paths';

/**
 * What is plugged into a port: a managed device (its name, linking to it; found by its LLDP
 * uplink) or wired clients (name, MAC in the tooltip). "—" when nothing is known.
 */
export function PluggedIn({ neighbours }: { neighbours: readonly PortNeighbour[] }) {
  const first = neighbours[0];
  if (!first) return <Typography.Text type="secondary">—</Typography.Text>;
  const more = neighbours.length - 1;
  return (
    <span className="nl-pt-plugged" data-testid={`plugged-in-${first.portId}`}>
      {first.kind === 'device' && first.deviceId !== null ? (
        <Link
          to={devicePath(first.deviceId)}
          title={first.model ? `${first.name} · ${first.model}` : first.name}
        >
          <ApiOutlined aria-hidden /> {first.name}
        </Link>
      ) : (
        <span title={first.mac ?? undefined}>
          <DesktopOutlined aria-hidden /> {first.name}
        </span>
      )}
      {more > 0 ? (
        <Typography.Text
          type="secondary"
          title={neighbours
            .slice(1)
            .map((n) => n.name)
            .join(', ')}
        >
          {' '}
          +{more}
        </Typography.Text>
      ) : null}
    </span>
  );
}
