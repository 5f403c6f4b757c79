import {
  DisconnectOutlined,
  HistoryOutlined,
  LoadingOutlined,
  MoreOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  type ClientSortKey,
  clientDisplayName,
  formatBytes,
  formatDuration,
  formatRate,
  type OnlineClient,
  SECURITY_MODE_LABELS,
  type SecurityMode,
} from '@netloom/domain';
import type { TableColumnsType } from 'antd';
import { Button, Dropdown, Flex, Tag, Tooltip, Typography } from 'antd';
import { RowActionButton } from '../../components/RowActionButton';
import { SignalBars } from '../../components/SignalBars';
import { clientTypeLook } from './clientTypes';
import type { PendingKick } from './useKickTracker';

export type SortOrder = 'ascend' | 'descend' | null;

interface ColumnOptions {
  sort: ClientSortKey;
  order: 'asc' | 'desc';
  /** Why force-offline is not allowed here (read-only, demo), or null. */
  kickBlocked: string | null;
  pendingOf(c: OnlineClient): PendingKick | null;
  onKick(c: OnlineClient): void;
  /** Opens the client panel. */
  onOpen(c: OnlineClient): void;
  /** Blocks the client (the blacklist). */
  onBlock(c: OnlineClient): void;
  /** Opens the client's traceback. */
  onTraceback(c: OnlineClient): void;
}

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** Columns the user may hide (column settings), with their titles, in table order. */
export const HIDEABLE_COLUMNS: { key: string; title: string }[] = [
  { key: 'mac', title: 'MAC address' },
  { key: 'ip', title: 'IP address' },
  { key: 'ssid', title: 'SSID / port' },
  { key: 'vlan', title: 'VLAN' },
  { key: 'rssi', title: 'Signal' },
  { key: 'txBytes', title: 'Sent' },
  { key: 'rxBytes', title: 'Received' },
  { key: 'txRate', title: 'Upload rate' },
  { key: 'rxRate', title: 'Download rate' },
  { key: 'uptime', title: 'Online for' },
  { key: 'device', title: 'Associated device' },
  { key: 'type', title: 'Client type' },
  { key: 'auth', title: 'Security' },
];

export function clientColumns(o: ColumnOptions): TableColumnsType<OnlineClient> {
  const sorted = (key: ClientSortKey) => ({
    sorter: true,
    sortOrder: (o.sort === key ? (o.order === 'asc' ? 'ascend' : 'descend') : null) as SortOrder,
    sortDirections: ['descend', 'ascend', 'descend'] as ('ascend' | 'descend')[],
  });
  return [
    {
      key: 'name',
      title: 'Client',
      fixed: 'left',
      width: 188,
      ...sorted('name'),
      render: (_: unknown, c) => {
        const look = clientTypeLook(c.type);
        return (
          <div className="nl-client-name">
            <Tooltip title={look.label}>
              <span className="nl-client-icon" role="img" aria-label={look.label}>
                {look.icon}
              </span>
            </Tooltip>
            <div className="nl-client-text">
              <button
                type="button"
                className="nl-client-open"
                title={c.alias ? `${c.alias} (reports “${c.name || c.mac}”)` : c.name || c.mac}
                onClick={() => o.onOpen(c)}
                data-testid="client-open"
              >
                {c.alias || c.name ? (
                  clientDisplayName(c)
                ) : (
                  <Typography.Text type="secondary">Unnamed</Typography.Text>
                )}
              </button>
              <span className="nl-client-sub nl-mono">{c.mac}</span>
            </div>
          </div>
        );
      },
    },
    {
      key: 'mac',
      title: 'MAC address',
      width: 150,
      ...sorted('mac'),
      render: (_: unknown, c) => <span className="nl-mono">{c.mac}</span>,
    },
    {
      key: 'ip',
      title: 'IP address',
      width: 110,
      ...sorted('ip'),
      render: (_: unknown, c) => (c.ip ? <span className="nl-mono">{c.ip}</span> : none),
    },
    {
      key: 'ssid',
      title: 'SSID / port',
      width: 120,
      ellipsis: true,
      ...sorted('ssid'),
      render: (_: unknown, c) =>
        c.connection === 'wired' ? (
          c.port === null ? (
            'Wired'
          ) : (
            `Port ${c.port}`
          )
        ) : (
          <span title={c.ssid ?? undefined}>
            {c.ssid ?? '—'} {c.band ? <Tag bordered={false}>{c.band}</Tag> : null}
          </span>
        ),
    },
    {
      key: 'vlan',
      title: 'VLAN',
      width: 64,
      render: (_: unknown, c) => (c.vlan === null ? none : c.vlan),
    },
    {
      key: 'rssi',
      title: 'Signal',
      width: 96,
      ...sorted('rssi'),
      render: (_: unknown, c) => (c.rssi === null ? none : <SignalBars rssi={c.rssi} />),
    },
    {
      key: 'txBytes',
      title: 'Sent',
      width: 90,
      align: 'right',
      ...sorted('txBytes'),
      render: (_: unknown, c) => <span className="nl-num">{formatBytes(c.txBytes, 1)}</span>,
    },
    {
      key: 'rxBytes',
      title: 'Received',
      width: 95,
      align: 'right',
      ...sorted('rxBytes'),
      render: (_: unknown, c) => <span className="nl-num">{formatBytes(c.rxBytes, 1)}</span>,
    },
    {
      key: 'txRate',
      title: 'Upload',
      width: 90,
      align: 'right',
      ...sorted('txRate'),
      render: (_: unknown, c) => <span className="nl-num">{formatRate(c.txRate, 1)}</span>,
    },
    {
      key: 'rxRate',
      title: 'Download',
      width: 105,
      align: 'right',
      ...sorted('rxRate'),
      render: (_: unknown, c) => <span className="nl-num">{formatRate(c.rxRate, 1)}</span>,
    },
    {
      key: 'uptime',
      title: 'Online for',
      width: 100,
      ...sorted('uptime'),
      render: (_: unknown, c) => <span className="nl-num">{formatDuration(c.uptime)}</span>,
    },
    {
      key: 'device',
      title: 'Associated device',
      width: 136,
      ellipsis: true,
      ...sorted('device'),
      render: (_: unknown, c) => (
        <div className="nl-client-text">
          <span title={c.device.name}>{c.device.name}</span>
          <span className="nl-client-sub">{c.device.model ?? c.device.sn}</span>
        </div>
      ),
    },
    {
      key: 'type',
      title: 'Client type',
      width: 120,
      ...sorted('type'),
      render: (_: unknown, c) => {
        const look = clientTypeLook(c.type);
        return (
          <span className="nl-nowrap">
            {look.icon} {look.label}
          </span>
        );
      },
    },
    {
      key: 'auth',
      title: 'Security',
      width: 140,
      ellipsis: true,
      render: (_: unknown, c) => (c.auth ? (SECURITY_MODE_LABELS[c.auth as SecurityMode] ?? c.auth) : none),
    },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      width: 148,
      render: (_: unknown, c) => {
        const pending = o.pendingOf(c);
        if (pending) {
          return (
            <Tag icon={<LoadingOutlined />} color="processing" data-testid="kick-pending">
              Disconnecting…
            </Tag>
          );
        }
        return (
          <Flex align="center" gap={2}>
            <RowActionButton
              type="link"
              danger
              icon={<DisconnectOutlined />}
              label={`Force offline: ${clientDisplayName(c)}`}
              tooltip={o.kickBlocked}
              disabled={o.kickBlocked !== null}
              onClick={() => o.onKick(c)}
              testId="force-offline"
            >
              Force offline
            </RowActionButton>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'block',
                    icon: <StopOutlined />,
                    label: 'Block client',
                    danger: true,
                    disabled: o.kickBlocked !== null,
                    onClick: () => o.onBlock(c),
                  },
                  {
                    key: 'traceback',
                    icon: <HistoryOutlined />,
                    label: 'Traceback',
                    onClick: () => o.onTraceback(c),
                  },
                ],
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={`More actions: ${clientDisplayName(c)}`}
                data-testid="client-more"
              />
            </Dropdown>
          </Flex>
        );
      },
    },
  ];
}
