import { ALARM_READ_FLAG_LABELS, type Alarm } from '@netloom/domain';
import { Badge, Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../components/format';
import { AlarmClearState } from './AlarmClearState';
import { SeverityTag } from './SeverityTag';

interface Options {
  /** Opens the device's detail drawer. */
  onDevice(deviceId: number): void;
}

/** The alarm table (§3 "Alarm": time, event, device MAC, model, name, read/unread). */
export function alarmColumns({ onDevice }: Options): ColumnsType<Alarm> {
  return [
    {
      key: 'at',
      title: 'Time',
      width: 160,
      render: (_, a) => (
        <span className="nl-nowrap" title={new Date(a.at).toISOString()}>
          {formatDateTime(a.at)}
        </span>
      ),
    },
    {
      key: 'severity',
      title: 'Level',
      width: 120,
      render: (_, a) => <SeverityTag severity={a.severity} />,
    },
    {
      key: 'event',
      title: 'Event',
      render: (_, a) => (
        <div className="nl-alarm-event">
          <Typography.Text strong={a.read === 0} className="nl-alarm-text">
            {a.text}
          </Typography.Text>
          <AlarmClearState alarm={a} />
          <Typography.Text type="secondary" className="nl-alarm-code">
            {a.code}
            {a.subject ? ` · ${a.subject}` : ''}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'device',
      title: 'Device',
      width: 260,
      render: (_, a) => (
        <div className="nl-alarm-device">
          <Button
            type="link"
            size="small"
            className="nl-link-inline"
            onClick={() => onDevice(a.device.id)}
            data-testid="alarm-device"
          >
            {a.device.name}
          </Button>
          <Typography.Text type="secondary" className="nl-alarm-device-meta">
            {a.device.model ?? '—'}
            {' · '}
            <span className="nl-mono">{a.device.mac ?? '—'}</span>
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'read',
      title: 'Status',
      width: 110,
      render: (_, a) => (
        <span data-testid="alarm-read" data-read={a.read}>
          <Badge status={a.read === 0 ? 'processing' : 'default'} text={ALARM_READ_FLAG_LABELS[a.read]} />
        </span>
      ),
    },
  ];
}
