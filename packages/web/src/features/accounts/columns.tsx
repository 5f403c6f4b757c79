import { StopOutlined } from '@ant-design/icons';
import {
  ACCOUNT_ROLE_LABELS,
  ACCOUNT_ROLE_VALUES,
  ACCOUNT_ROLES,
  type AccountRole,
  type ManagedAccount,
  MEMBER_LEVEL_LABELS,
  MEMBER_LEVELS,
  type MemberLevel,
} from '@netloom/domain';
import { Badge, Button, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

const LEVEL_COLORS: Record<MemberLevel, string> = {
  visitor: 'default',
  common: 'default',
  basic: 'blue',
  silver: 'geekblue',
  gold: 'gold',
};

export interface AccountRowActions {
  /** The signed-in administrator (their own row cannot be disabled). */
  selfId: number;
  onLevel(a: ManagedAccount, level: MemberLevel): void;
  onDisable(a: ManagedAccount, disabled: boolean): void;
  onEdit(a: ManagedAccount): void;
}

function contactOf(a: ManagedAccount): string {
  return a.email ?? (a.mobile ? `+${a.countryCode ?? ''} ${a.mobile}` : '—');
}

/** The columns of the account list: who, role, member level (changed in place), status, actions. */
export function accountColumns(actions: AccountRowActions): ColumnsType<ManagedAccount> {
  return [
    {
      title: 'Account',
      key: 'account',
      render: (_, a) => (
        <div>
          <Typography.Text strong>{a.nick}</Typography.Text>
          <div className="nl-accounts-sub">{contactOf(a)}</div>
        </div>
      ),
    },
    {
      title: 'Cloud code',
      dataIndex: 'cloudCode',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (role: AccountRole) => (
        <Tag
          color={
            role === ACCOUNT_ROLES.MANUFACTURER
              ? 'purple'
              : role === ACCOUNT_ROLES.ENGINEER
                ? 'cyan'
                : 'default'
          }
        >
          {ACCOUNT_ROLE_LABELS[role]}
        </Tag>
      ),
    },
    {
      title: 'Member level',
      dataIndex: 'memberLevel',
      width: 190,
      render: (level: MemberLevel, a) => (
        <Select<MemberLevel>
          size="small"
          value={level}
          aria-label={`Member level of ${a.nick}`}
          style={{ width: 160 }}
          onChange={(next) => actions.onLevel(a, next)}
          options={MEMBER_LEVELS.map((l) => ({
            value: l,
            label: <Tag color={LEVEL_COLORS[l]}>{MEMBER_LEVEL_LABELS[l]}</Tag>,
          }))}
        />
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, a) =>
        a.disabledAt ? <Badge status="error" text="Disabled" /> : <Badge status="success" text="Active" />,
    },
    {
      title: 'Registered',
      dataIndex: 'createdAt',
      render: (at: string) => new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' }),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, a) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => actions.onEdit(a)}>
            Edit
          </Button>
          {a.disabledAt ? (
            <Button type="link" size="small" onClick={() => actions.onDisable(a, false)}>
              Enable
            </Button>
          ) : (
            <Popconfirm
              title={`Disable ${a.nick}?`}
              description="The account is signed out everywhere at once and cannot sign in until enabled again."
              okText="Disable"
              okButtonProps={{ danger: true }}
              onConfirm={() => actions.onDisable(a, true)}
              disabled={a.id === actions.selfId}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<StopOutlined aria-hidden />}
                disabled={a.id === actions.selfId}
                title={a.id === actions.selfId ? 'You cannot disable your own account.' : undefined}
              >
                Disable
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}

/** The role filter's and the drawer's choices. */
export const ROLE_OPTIONS = ACCOUNT_ROLE_VALUES.map((r) => ({ value: r, label: ACCOUNT_ROLE_LABELS[r] }));
