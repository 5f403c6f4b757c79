import { DeleteOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { describeProfile, type PortProfile, type PortProfilesView } from '@netloom/domain';
import { Button, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { followersOf, followersText } from './profileForm';

interface ProfilesTableProps {
  view: PortProfilesView;
  blocked: string | null;
  onApply(p: PortProfile): void;
  onEdit(p: PortProfile): void;
  onDelete(p: PortProfile): void;
  onNew(): void;
}

/** The profiles: what each sets, which ports follow it, and its actions. */
export function ProfilesTable({ view, blocked, onApply, onEdit, onDelete, onNew }: ProfilesTableProps) {
  const columns: ColumnsType<PortProfile> = [
    {
      key: 'name',
      title: 'Name',
      width: 200,
      render: (_, p) => <Typography.Text strong>{p.name}</Typography.Text>,
    },
    { key: 'settings', title: 'Settings', render: (_, p) => describeProfile(p) },
    {
      key: 'followers',
      title: 'Followed by',
      width: 200,
      render: (_, p) => {
        const groups = followersOf(view, p.id);
        const text = followersText(view, p.id);
        if (groups.length === 0) return <Typography.Text type="secondary">{text}</Typography.Text>;
        return (
          <Tooltip title={groups.map((g) => `${g.name}: ${g.labels.join(', ')}`).join(' · ')}>
            <span data-testid={`followers-${p.name}`}>{text}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 280,
      render: (_, p) => (
        <Tooltip title={blocked}>
          <Flex gap={4}>
            <Button
              size="small"
              icon={<SendOutlined />}
              disabled={blocked !== null}
              onClick={() => onApply(p)}
            >
              Apply to ports
            </Button>
            <Button
              size="small"
              icon={<EditOutlined />}
              disabled={blocked !== null}
              onClick={() => onEdit(p)}
            >
              Edit
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={blocked !== null}
              aria-label={`Delete ${p.name}`}
              onClick={() => onDelete(p)}
            />
          </Flex>
        </Tooltip>
      ),
    },
  ];
  return (
    <Table<PortProfile>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={view.settings.profiles}
      pagination={false}
      data-testid="profiles-table"
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No port profiles yet — create one, or start from a suggestion above."
          >
            {blocked ? null : <Button onClick={onNew}>New profile</Button>}
          </Empty>
        ),
      }}
    />
  );
}
