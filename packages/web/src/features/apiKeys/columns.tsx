import { API_KEY_SCOPE_LABELS, type ApiKeyView } from '@netloom/domain';
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime, NONE } from '../../components/format';

/** A day as the list shows expiry and creation ("Feb 25, 2027"): the time of day adds nothing there. */
function formatDay(at: string): string {
  return new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The API key table's columns. `projectName` names a project id (a deleted one shows its id). */
export function apiKeyColumns(
  now: number,
  projectName: (id: number) => string,
  onRevoke: (k: ApiKeyView) => void,
  revoking: number | null,
): ColumnsType<ApiKeyView> {
  return [
    {
      title: 'Name',
      key: 'name',
      render: (_, k) => (
        <Flex vertical>
          <Typography.Text strong>{k.name}</Typography.Text>
          <Typography.Text type="secondary" code className="nl-key-prefix">
            {k.prefix}…
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Scope',
      dataIndex: 'scope',
      key: 'scope',
      render: (scope: ApiKeyView['scope']) => (
        <Tag color={scope === 'manage' ? 'blue' : 'default'}>{API_KEY_SCOPE_LABELS[scope]}</Tag>
      ),
    },
    {
      title: 'Projects',
      dataIndex: 'projectIds',
      key: 'projects',
      render: (ids: number[] | null) => {
        if (ids === null) return 'All projects';
        const names = ids.map(projectName);
        return names.length <= 2 ? (
          names.join(', ')
        ) : (
          <Tooltip title={names.join(', ')}>{`${names.slice(0, 2).join(', ')} +${names.length - 2}`}</Tooltip>
        );
      },
    },
    {
      title: 'Expires',
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      render: (at: string | null, k) =>
        k.expired ? <Tag color="red">Expired</Tag> : at === null ? 'Never' : formatDay(at),
    },
    {
      title: 'Last used',
      key: 'lastUsed',
      render: (_, k) =>
        k.lastUsedAt === null ? (
          <Typography.Text type="secondary">Never used</Typography.Text>
        ) : (
          <Flex vertical>
            <span>{formatDateTime(Date.parse(k.lastUsedAt), now)}</span>
            <Typography.Text type="secondary" className="nl-key-sub">
              {k.lastUsedIp ?? NONE}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (at: string) => formatDay(at),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, k) => (
        <Popconfirm
          title={`Revoke "${k.name}"?`}
          description="Scripts using this key stop working at once. This cannot be undone."
          okText="Revoke"
          okButtonProps={{ danger: true }}
          onConfirm={() => onRevoke(k)}
        >
          <Button size="small" danger loading={revoking === k.id}>
            Revoke
          </Button>
        </Popconfirm>
      ),
    },
  ];
}
