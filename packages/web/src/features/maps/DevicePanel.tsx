import { CloseOutlined, WifiOutlined } from '@ant-design/icons';
import { type Device, ERR, errorMessage, isDeviceOnline } from '@netloom/domain';
import { Badge, Button, Empty, Tooltip, Typography } from 'antd';
import { DEVICE_DRAG_TYPE } from './MapCanvas';

interface DevicePanelProps {
  devices: readonly Device[];
  /** Devices on this map. */
  placedHere: ReadonlySet<number>;
  /** Devices on another map of the project, by map name. */
  elsewhere: ReadonlyMap<number, string>;
  canPlace: boolean;
  /** Why placing is off (no scale, no right), for the tooltip. */
  blockedReason: string | null;
  /** A placed device's live radios in words (channel, power), one line per band. */
  radioText: (deviceId: number) => readonly string[];
  onRemove: (deviceId: number) => void;
  onOpen: (deviceId: number) => void;
}

/** The project's APs, mesh and wireless routers: drag one onto the plan to place it. */
export function DevicePanel(p: DevicePanelProps) {
  return (
    <div className="nl-map-devices" data-testid="map-devices">
      <div className="nl-map-panel-title">Access points</div>
      <Typography.Paragraph type="secondary" className="nl-map-panel-hint">
        {p.canPlace
          ? 'Drag a device onto the plan to place it.'
          : (p.blockedReason ?? errorMessage(ERR.MAP_SCALE_FIRST))}
      </Typography.Paragraph>
      {p.devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No APs in this project yet." />
      ) : (
        <ul className="nl-map-device-list">
          {p.devices.map((d) => {
            const here = p.placedHere.has(d.id);
            const other = p.elsewhere.get(d.id);
            const radios = here ? p.radioText(d.id) : [];
            return (
              <li
                key={d.id}
                className={here ? 'nl-map-device nl-map-device-placed' : 'nl-map-device'}
                data-testid="map-device"
                draggable={p.canPlace}
                onDragStart={(e) => {
                  e.dataTransfer.setData(DEVICE_DRAG_TYPE, String(d.id));
                  e.dataTransfer.effectAllowed = 'move';
                }}
              >
                <Badge status={isDeviceOnline(d.status) ? 'success' : 'default'} />
                <WifiOutlined className="nl-map-device-icon" />
                <div className="nl-map-device-text">
                  <Typography.Link onClick={() => p.onOpen(d.id)} ellipsis className="nl-map-device-name">
                    {d.name}
                  </Typography.Link>
                  <Typography.Text type="secondary" className="nl-map-device-meta">
                    {here ? 'On this map' : other ? `On ${other}` : 'Not placed'} · {d.clients ?? 0} clients
                  </Typography.Text>
                  {radios.length > 0 ? (
                    <span className="nl-map-device-radios" data-testid="map-device-radios">
                      {radios.map((line) => (
                        <Typography.Text key={line} type="secondary" className="nl-map-device-meta">
                          {line}
                        </Typography.Text>
                      ))}
                    </span>
                  ) : null}
                </div>
                {here && p.canPlace ? (
                  <Tooltip title="Remove from the map">
                    <Button
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={`Remove ${d.name} from the map`}
                      onClick={() => p.onRemove(d.id)}
                    />
                  </Tooltip>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
