import type { DhcpPoolSettings } from '@netloom/domain';
import { Typography } from 'antd';
import { useState } from 'react';
import { DhcpPoolModal } from './DhcpPoolModal';
import { formatLease, interfaceLabel } from './format';
import { type Editing, removeAt } from './items';
import { NetworkPage } from './NetworkPage';
import { RowActions, RuleTableCard, useDeleteRule } from './RuleTableCard';
import type { NetworkEditor } from './useNetworkEditor';

/** /manage/networkconf/dhcp — the gateway's DHCP pools. */
export default function DhcpPage() {
  return (
    <NetworkPage
      title="DHCP"
      description="Address pools the gateway hands out on the LAN and on VLANs, with DNS servers and lease times."
    >
      {(editor) => <DhcpTable editor={editor} />}
    </NetworkPage>
  );
}

function DhcpTable({ editor }: { editor: NetworkEditor }) {
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useDeleteRule(editor);
  const { settings, view } = editor;
  return (
    <>
      <RuleTableCard<DhcpPoolSettings>
        editor={editor}
        noun={['pool', 'pools']}
        rows={settings.dhcpPools}
        rowKey={(p) => p.name}
        limit={view.gateway?.rules.dhcpPools ?? 0}
        onAdd={() => setEditing({ index: null })}
        emptyText="No DHCP pools — clients on the LAN get no address until you add one."
        testId="dhcp-table"
        columns={[
          { title: 'Pool name', dataIndex: 'name', ellipsis: true },
          { title: 'Interface', key: 'interface', render: (_, p) => interfaceLabel(p.interface, settings) },
          { title: 'Address range', key: 'range', render: (_, p) => `${p.start} – ${p.end}` },
          { title: 'Subnet mask', dataIndex: 'mask' },
          { title: 'Gateway', dataIndex: 'gateway' },
          {
            title: 'DNS',
            key: 'dns',
            render: (_, p) =>
              p.dns.length > 0 ? (
                p.dns.join(', ')
              ) : (
                <Typography.Text type="secondary">Gateway</Typography.Text>
              ),
          },
          { title: 'Lease', key: 'lease', render: (_, p) => formatLease(p.leaseMinutes) },
          {
            title: 'Actions',
            key: 'actions',
            width: 170,
            render: (_, p) => {
              const index = settings.dhcpPools.indexOf(p);
              return (
                <RowActions
                  editor={editor}
                  label={`pool ${p.name}`}
                  onEdit={() => setEditing({ index })}
                  onDelete={() =>
                    confirmDelete({
                      subject: `DHCP pool ${p.name}`,
                      content: `Clients on ${interfaceLabel(p.interface, settings)} keep their addresses until the lease ends, then get none from this pool.`,
                      candidate: { ...settings, dhcpPools: removeAt(settings.dhcpPools, index) },
                      warnReconnect: true,
                    })
                  }
                />
              );
            },
          },
        ]}
      />
      {editing ? (
        <DhcpPoolModal editor={editor} index={editing.index} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
