import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, WifiOutlined } from '@ant-design/icons';
import { MAX_WIRELESS_POLICIES, type WirelessPolicy } from '@netloom/domain';
import {
  Button,
  Card,
  Empty,
  Flex,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { STICKY_HEADER } from '../../components/table';
import { vlanLabel } from './carriage';
import { reachedDevices } from './deviceBands';
import { appliesToText, bandsText, kbpsText, securityText, ssidText, vlanText } from './format';
import { PolicyDrawer } from './PolicyDrawer';
import { useDeletePolicy, useTogglePolicy } from './usePolicyActions';
import type { WirelessEditor } from './useWirelessEditor';

/** Which editor is open: none, a new policy, or the policy at `index`. */
type Editing = { index: number | null } | null;

/** The policy table: "N / 32 policies", Add (disabled at the limit or without the right), rows. */
export function PolicyTable({ editor }: { editor: WirelessEditor }) {
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useDeletePolicy(editor);
  const { toggle, busyKey } = useTogglePolicy(editor);
  const { policies } = editor.settings;
  const devices = editor.view.devices;
  const full = policies.length >= MAX_WIRELESS_POLICIES;
  const reason =
    editor.disabledReason ??
    (full
      ? `A project has at most ${MAX_WIRELESS_POLICIES} Wi-Fi policies: delete one to add another.`
      : undefined);

  const addButton = (testId?: string) => (
    <Tooltip title={reason}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={reason !== undefined}
        onClick={() => setEditing({ index: null })}
        data-testid={testId}
      >
        Add policy
      </Button>
    </Tooltip>
  );

  const columns: TableColumnsType<WirelessPolicy> = [
    { title: 'Name', dataIndex: 'name', ellipsis: true, width: 140 },
    {
      title: 'Status',
      key: 'enabled',
      width: 84,
      render: (_, p) => (
        <Tooltip title={editor.disabledReason}>
          <Switch
            size="small"
            checked={p.enabled}
            loading={busyKey === p.key}
            disabled={!editor.canEdit || (busyKey !== null && busyKey !== p.key)}
            onChange={(on) => toggle(p, on)}
            aria-label={`${p.name} enabled`}
            checkedChildren="On"
            unCheckedChildren="Off"
          />
        </Tooltip>
      ),
    },
    {
      title: 'SSID · bands',
      key: 'ssid',
      render: (_, p) => (
        <Flex vertical gap={2}>
          <Flex gap={6} align="center">
            <WifiOutlined aria-hidden className="nl-wifi-ssid-icon" />
            <Typography.Text strong>{ssidText(p)}</Typography.Text>
            {p.hidden ? <Tag>Hidden</Tag> : null}
            {p.rateLimit.enabled ? (
              <Tooltip
                title={`Per client: ↓ ${kbpsText(p.rateLimit.downKbps)} · ↑ ${kbpsText(p.rateLimit.upKbps)}`}
              >
                <Tag>Rate limited</Tag>
              </Tooltip>
            ) : null}
          </Flex>
          <Typography.Text type="secondary" className="nl-wifi-bands">
            {bandsText(p.bands)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Security',
      key: 'security',
      render: (_, p) => (
        <Flex gap={6} align="center">
          {p.security === 'none' ? null : <LockOutlined aria-hidden />}
          {securityText(p)}
        </Flex>
      ),
    },
    {
      title: 'VLAN · guest',
      key: 'vlan',
      render: (_, p) => (
        <Flex gap={6} align="center" wrap={false}>
          <span>{p.vlanId === null ? vlanText(null) : vlanLabel(editor.view, p.vlanId)}</span>
          {p.guest ? <Tag color="purple">Guest</Tag> : null}
        </Flex>
      ),
    },
    {
      title: 'Applies to',
      key: 'scope',
      render: (_, p) => {
        const reached = reachedDevices(p, devices);
        return (
          <Tooltip
            title={reached.length > 0 ? reached.map((d) => d.name).join(', ') : 'No device broadcasts it yet'}
          >
            <span>{appliesToText(p)}</span>
          </Tooltip>
        );
      },
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 96,
      fixed: 'right',
      render: (_, p) => {
        const index = policies.indexOf(p);
        return (
          <Flex gap={4}>
            <Tooltip title={editor.disabledReason ?? 'Edit'}>
              <Button
                type="text"
                icon={<EditOutlined />}
                disabled={!editor.canEdit}
                onClick={() => setEditing({ index })}
                aria-label={`Edit ${p.name}`}
              />
            </Tooltip>
            <Tooltip title={editor.disabledReason ?? 'Delete'}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={!editor.canEdit}
                onClick={() => confirmDelete(index)}
                aria-label={`Delete ${p.name}`}
              />
            </Tooltip>
          </Flex>
        );
      },
    },
  ];

  return (
    <>
      <Card className="nl-table-card nl-wifi-card" data-testid="policy-table">
        <Flex justify="space-between" align="center" gap={12} wrap className="nl-table-toolbar">
          <Typography.Text type="secondary" data-testid="policy-table-count">
            {policies.length} / {MAX_WIRELESS_POLICIES} policies
          </Typography.Text>
          {addButton('policy-add')}
        </Flex>
        <Table<WirelessPolicy>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={policies}
          pagination={false}
          sticky={STICKY_HEADER}
          scroll={{ x: 'max-content' }}
          rowClassName={(p) => (p.enabled ? '' : 'nl-wifi-row-off')}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <Flex vertical gap={4} align="center">
                    <Typography.Text strong>No Wi-Fi networks yet</Typography.Text>
                    <Typography.Text type="secondary">
                      {editor.canEdit
                        ? 'Add a policy to broadcast an SSID from every AP of the project, or from the ones you pick.'
                        : 'This project broadcasts no Wi-Fi policy.'}
                    </Typography.Text>
                  </Flex>
                }
                data-testid="policy-empty"
              >
                {reason === undefined ? addButton() : null}
              </Empty>
            ),
          }}
        />
      </Card>
      {editing ? (
        <PolicyDrawer editor={editor} index={editing.index} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
