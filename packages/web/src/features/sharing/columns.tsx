/** The columns of the share list and the invitation list. */
import { ClockCircleOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  type Invitation,
  type ProjectShare,
  SHARE_PERMISSION_LABELS,
  SHARE_ROLE_LABELS,
  type SharePermission,
} from '@netloom/domain';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { describeExpiry } from './expiry';

const PERMISSION_COLOURS: Record<SharePermission, string> = { r: 'blue', rw: 'green' };

export function PermissionTag({ permission }: { permission: SharePermission }) {
  return <Tag color={PERMISSION_COLOURS[permission]}>{SHARE_PERMISSION_LABELS[permission]}</Tag>;
}

function expiryCell(expiresAt: string | null, expired: boolean, now: number) {
  return (
    <Flex gap={6} align="center" wrap>
      {expired ? <Tag color="red">Expired</Tag> : expiresAt ? <ClockCircleOutlined aria-hidden /> : null}
      <Typography.Text type={expired ? 'secondary' : undefined}>
        {describeExpiry(expiresAt, expired, now)}
      </Typography.Text>
    </Flex>
  );
}

export function shareColumns(p: {
  now: number;
  /** Whether the caller may change or revoke this share (null: no actions column). */
  canChange: ((s: ProjectShare) => boolean) | null;
  onChange: (s: ProjectShare) => void;
  onRevoke: (s: ProjectShare) => void;
}): ColumnsType<ProjectShare> {
  const columns: ColumnsType<ProjectShare> = [
    {
      title: 'Member',
      key: 'member',
      render: (_v, s) => (
        <Flex vertical>
          <Typography.Text strong>{s.nick || s.account}</Typography.Text>
          <Typography.Text type="secondary">{s.account}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Permission',
      key: 'permission',
      render: (_v, s) => (
        <Space size={4}>
          <PermissionTag permission={s.permission} />
          {s.permission === 'rw' ? <Tag>{SHARE_ROLE_LABELS[s.role]}</Tag> : null}
        </Space>
      ),
    },
    {
      title: 'Added by',
      key: 'via',
      render: (_v, s) => (s.via === 'invitation' ? 'Invitation code' : 'Shared by account'),
    },
    { title: 'Expires', key: 'expires', render: (_v, s) => expiryCell(s.expiresAt, s.expired, p.now) },
  ];
  if (p.canChange) {
    const canChange = p.canChange;
    columns.push({
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_v, s) =>
        canChange(s) ? (
          <Space size={0}>
            <Tooltip title="Change permission or expiry">
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`Change share of ${s.nick || s.account}`}
                onClick={() => p.onChange(s)}
              />
            </Tooltip>
            <Tooltip title="Revoke">
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Revoke share of ${s.nick || s.account}`}
                onClick={() => p.onRevoke(s)}
              />
            </Tooltip>
          </Space>
        ) : null,
    });
  }
  return columns;
}

function accessText(i: Invitation): string {
  if (i.expiry.kind === 'never') return 'Never expires';
  if (i.expiry.kind === 'hours') return `${i.expiry.hours} h after joining`;
  return `Until ${new Date(i.expiry.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`;
}

export function invitationColumns(p: {
  now: number;
  onDelete: (i: Invitation) => void;
}): ColumnsType<Invitation> {
  return [
    {
      title: 'Code',
      key: 'code',
      render: (_v, i) => <Typography.Text code>{`••••-••••-${i.hint}`}</Typography.Text>,
    },
    {
      title: 'Permission',
      key: 'permission',
      render: (_v, i) => <PermissionTag permission={i.permission} />,
    },
    { title: 'Access', key: 'access', render: (_v, i) => accessText(i) },
    {
      title: 'Code valid until',
      key: 'valid',
      render: (_v, i) => expiryCell(i.validUntil, i.expired, p.now),
    },
    { title: 'Joined', key: 'redemptions', dataIndex: 'redemptions', width: 90 },
    {
      title: 'Actions',
      key: 'actions',
      width: 90,
      render: (_v, i) => (
        <Tooltip title="Withdraw the code">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Withdraw code ${i.hint}`}
            onClick={() => p.onDelete(i)}
          />
        </Tooltip>
      ),
    },
  ];
}
