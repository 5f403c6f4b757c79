import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { SessionView } from '@netloom/domain';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime, NONE } from '../../components/format';

/** "Active now" within two minutes (last active is written at most once a minute). */
const ACTIVE_NOW_MS = 2 * 60_000;

const CLIENT_LABELS: Record<SessionView['client'], string> = {
  web: 'Web console',
  openapi: 'OpenAPI',
  app: 'App',
};

function lastActive(at: string, now: number): string {
  const t = Date.parse(at);
  return now - t < ACTIVE_NOW_MS ? 'Active now' : formatDateTime(t, now);
}

/** The session table's columns; `onSignOut` signs one session out. */
export function sessionColumns(
  now: number,
  onSignOut: (s: SessionView) => void,
  signingOut: number | null,
): ColumnsType<SessionView> {
  return [
    {
      title: 'Device',
      key: 'device',
      render: (_, s) => (
        <Flex gap={12} align="center">
          <span className="nl-session-icon" aria-hidden>
            {s.deviceKind === 'mobile' ? <MobileOutlined /> : <DesktopOutlined />}
          </span>
          <Flex vertical>
            <Typography.Text strong>
              {s.browser} on {s.device}
            </Typography.Text>
            <Typography.Text type="secondary" className="nl-session-sub">
              {CLIENT_LABELS[s.client]}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: 'IP address', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? NONE },
    {
      title: 'Signed in',
      dataIndex: 'signedInAt',
      key: 'signedInAt',
      render: (at: string) => formatDateTime(Date.parse(at), now),
    },
    {
      title: 'Last active',
      dataIndex: 'lastActiveAt',
      key: 'lastActiveAt',
      render: (at: string, s) => (s.current ? 'Active now' : lastActive(at, now)),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, s) =>
        s.current ? (
          <Tag color="green">This device</Tag>
        ) : (
          <Popconfirm
            title="Sign out this session?"
            description={`${s.browser} on ${s.device} will need to sign in again.`}
            okText="Sign out"
            okButtonProps={{ danger: true }}
            onConfirm={() => onSignOut(s)}
          >
            <Button size="small" loading={signingOut === s.id}>
              Sign out
            </Button>
          </Popconfirm>
        ),
    },
  ];
}
