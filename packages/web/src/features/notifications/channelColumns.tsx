import { ApiOutlined, DeleteOutlined, MailOutlined, SendOutlined } from '@ant-design/icons';
import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  NOTIFY_CHANNEL_KIND_LABELS,
  NOTIFY_LEVEL_LABELS,
  type NotifyChannel,
} from '@netloom/domain';
import { Button, Popconfirm, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeliveryState } from './DeliveryState';

interface Options {
  /** Why changes are refused here (demo, read-only), or null. */
  blocked: string | null;
  testing: number | null;
  onLevel(channel: NotifyChannel, level: AlarmSeverity): void;
  onTest(channel: NotifyChannel): void;
  onRemove(channel: NotifyChannel): void;
}

/** The channels table: where, which levels, the last message's outcome, Send test and Remove. */
export function channelColumns({
  blocked,
  testing,
  onLevel,
  onTest,
  onRemove,
}: Options): ColumnsType<NotifyChannel> {
  return [
    {
      key: 'target',
      title: 'Recipient',
      render: (_, c) => (
        <Space align="start">
          {c.kind === 'email' ? (
            <MailOutlined className="nl-notify-icon" />
          ) : (
            <ApiOutlined className="nl-notify-icon" />
          )}
          <div className="nl-notify-target">
            <Typography.Text className="nl-notify-target-text">{c.target}</Typography.Text>
            <Typography.Text type="secondary" className="nl-notify-meta">
              {NOTIFY_CHANNEL_KIND_LABELS[c.kind]}
              {c.secretHint ? ` · signed, secret ${c.secretHint}` : ''}
            </Typography.Text>
          </div>
        </Space>
      ),
    },
    {
      key: 'level',
      title: 'Sends',
      width: 240,
      render: (_, c) => (
        <Select
          value={c.minLevel}
          disabled={blocked !== null}
          style={{ width: '100%' }}
          aria-label={`Levels sent to ${c.target}`}
          onChange={(l) => onLevel(c, l)}
          options={[...ALARM_SEVERITIES].reverse().map((l) => ({ value: l, label: NOTIFY_LEVEL_LABELS[l] }))}
        />
      ),
    },
    {
      key: 'last',
      title: 'Last message',
      width: 300,
      render: (_, c) =>
        c.last ? (
          <div data-testid="channel-last">
            <DeliveryState delivery={c.last} />
          </div>
        ) : (
          <Typography.Text type="secondary">Nothing sent yet</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: '',
      width: 200,
      align: 'right',
      render: (_, c) => (
        <Space>
          <Button
            size="small"
            icon={<SendOutlined />}
            loading={testing === c.id}
            disabled={blocked !== null}
            onClick={() => onTest(c)}
            data-testid="notify-test"
          >
            Send test
          </Button>
          <Popconfirm
            title="Remove this recipient?"
            description="It will receive no more alarms of this project."
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(c)}
            disabled={blocked !== null}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={blocked !== null}
              aria-label={`Remove ${c.target}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
