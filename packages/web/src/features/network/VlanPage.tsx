import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { segmentText } from './format';
import { NetworkPage } from './NetworkPage';
import { RuleList } from './RuleList';
import type { NetworkEditor } from './useNetworkEditor';
import { VlanBatchModal } from './VlanBatchModal';
import { VlanModal } from './VlanModal';
import { VlanUsedBy, vlanUsers } from './VlanUsedBy';
import { removeVlan } from './vlanPools';

/** /manage/networkconf/vlan — the gateway's VLAN interfaces. */
export default function VlanPage() {
  return (
    <NetworkPage
      title="VLAN"
      description="VLAN interfaces of the gateway: their addresses and whether they hand out addresses."
    >
      {(editor) => <VlanTable editor={editor} />}
    </NetworkPage>
  );
}

function VlanTable({ editor }: { editor: NetworkEditor }) {
  const [batch, setBatch] = useState(false);
  const { settings, view } = editor;
  const poolsOf = (id: number) => settings.dhcpPools.filter((p) => p.interface === id).map((p) => p.name);

  return (
    <>
      <RuleList
        editor={editor}
        list="vlans"
        noun={['VLAN', 'VLANs']}
        rowKey={(v) => String(v.id)}
        extraActions={(disabled, reason) => (
          <Tooltip title={reason}>
            <Button icon={<AppstoreAddOutlined />} disabled={disabled} onClick={() => setBatch(true)}>
              Batch add
            </Button>
          </Tooltip>
        )}
        emptyText="No VLANs yet — add one to separate guests, cameras or offices from the LAN."
        testId="vlan-table"
        columns={[
          {
            title: 'VLAN ID',
            dataIndex: 'id',
            width: 100,
            sorter: (a, b) => a.id - b.id,
            defaultSortOrder: 'ascend',
          },
          { title: 'Name', dataIndex: 'name', ellipsis: true },
          { title: 'IP address', dataIndex: 'ip' },
          { title: 'Segment', key: 'segment', render: (_, v) => segmentText(v.ip, v.mask) },
          {
            title: 'DHCP',
            dataIndex: 'dhcp',
            width: 90,
            render: (on: boolean) => (on ? <Tag color="success">On</Tag> : <Tag>Off</Tag>),
          },
          {
            title: 'Used by',
            key: 'usedBy',
            render: (_, v) => <VlanUsedBy users={vlanUsers(settings, view.switchPorts, v.id)} />,
          },
        ]}
        label={(v) => `VLAN ${v.id}`}
        deletion={(v, index) => ({
          subject: `VLAN ${v.id} (${v.name})`,
          content:
            poolsOf(v.id).length > 0
              ? `The gateway removes the VLAN interface and its DHCP pool “${poolsOf(v.id).join('”, “')}”.`
              : 'The gateway removes the VLAN interface.',
          candidate: removeVlan(settings, index),
          warnReconnect: true,
        })}
        Dialog={VlanModal}
      />
      {batch ? <VlanBatchModal editor={editor} onClose={() => setBatch(false)} /> : null}
    </>
  );
}
